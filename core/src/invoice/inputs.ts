/** The inputs of invoice requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

export const OutboxQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** `cdar`: each status also carries its CDAR D22B message (`cdar`, XML text). */
  format: z.enum(['json', 'cdar']).default('json'),
})

export const AckSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) })
