/** The inputs of sourcing requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

export const AgreementActionSchema = z.object({
  reason: z.string().trim().min(3, 'REFUSAL_REASON_REQUIRED').max(2000).optional(),
})
