/** The inputs of payment requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

export const PaymentGroupActionSchema = z.object({
  /** The lines to pay or cancel; every line the action applies to when omitted. */
  line_ids: z.array(z.number().int().positive()).max(10_000).optional(),
  reason: z.string().max(2000).optional(),
})
