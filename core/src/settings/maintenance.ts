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

/**
 * A message the administrators show every signed-in person above the page (the setting
 * `header_messages`, read by GET /bwapi/header-infos): a planned stop, an incident; shown until
 * taken down or its end passes.
 */
export const ServerMessageSchema = z.object({
  type: z.enum(['info', 'warning']).default('info'),
  body: z.string().trim().min(1).max(300),
  /** ISO date-time after which it is no longer shown; null: until taken down. */
  until: z.iso.datetime({ offset: true }).nullable().default(null),
})
export type ServerMessage = z.output<typeof ServerMessageSchema>

/** DELETE /bwapi/maintenance/purchase-orders/{code}: the order's code typed again to confirm. */
export const OrderDeletionInputSchema = z.object({ confirm: z.string().trim().min(1, 'FIELD_REQUIRED') })
