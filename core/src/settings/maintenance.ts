import { z } from 'zod'

/** Maintenance mode (per customer): while on, the API answers 503 with Retry-After. */
export const MaintenanceSchema = z.object({
  enabled: z.boolean(),
  /** Seconds the client should wait before retrying; null shows "retry later". */
  retry_after: z.number().int().positive().max(86_400).nullable().default(null),
  /** Optional extra message shown on the 503 page. */
  message: z.string().trim().max(500).nullable().default(null),
})
export type Maintenance = z.output<typeof MaintenanceSchema>

export const MAINTENANCE_OFF: Maintenance = { enabled: false, retry_after: null, message: null }
