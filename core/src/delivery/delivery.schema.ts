import { z } from 'zod'
import { decimalField } from '../money/decimal-fields'
import { DELIVERY_KINDS, RESERVATION_KINDS } from './status'

const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null)

/** One line of a delivery as typed: the order line, and its quantity (goods) or amount (services). */
export const DeliveryLineSchema = z.object({
  purchase_order_line_id: z.number().int().positive(),
  quantity: decimalField.text().nullable().default(null),
  amount_exctax: decimalField.text().nullable().default(null),
})

/**
 * A delivery (reception) or technical delivery as recorded: its date, the internal and
 * delivery-note numbers, the warehouse goods enter (and for a transfer order, the one they leave),
 * whether what arrived conforms (technical deliveries), and its lines. Negative quantities return
 * goods to the supplier.
 */
export const DeliveryInputSchema = z.object({
  delivery_date: z.iso.date(),
  internal_number: optionalText(50),
  delivery_note_number: optionalText(50),
  warehouse_id: z.number().int().positive().nullable().default(null),
  from_warehouse_id: z.number().int().positive().nullable().default(null),
  conform: z.boolean().nullable().default(null),
  comment: optionalText(2000),
  lines: z.array(DeliveryLineSchema).min(1, 'DELIVERY_NO_LINE').max(1000),
})
export type DeliveryInput = z.output<typeof DeliveryInputSchema>

/** A reservation or nonconformity on a delivery note, with what is wrong. */
export const ReservationInputSchema = z.object({
  kind: z.enum(RESERVATION_KINDS),
  comment: z.string().trim().min(3).max(2000),
})

/** Making the reception of a confirmed technical delivery: the date and numbers (lines are its own). */
export const ReceiveTechnicalSchema = z.object({
  delivery_date: z.iso.date(),
  internal_number: optionalText(50),
  delivery_note_number: optionalText(50),
  warehouse_id: z.number().int().positive().nullable().default(null),
  from_warehouse_id: z.number().int().positive().nullable().default(null),
})

/** POST /bwapi/deliveries: a delivery or technical delivery of one order. */
export const CreateDeliverySchema = DeliveryInputSchema.extend({
  purchase_order_id: z.number().int().positive(),
  kind: z.enum(DELIVERY_KINDS).default('delivery'),
  /** The custom fields' values by code, checked against the fields of deliveries (core/custom-field). */
  custom: z.record(z.string(), z.unknown()).default({}),
})

/** POST /bwapi/purchase-orders/{id}/receive-all: everything that remains, received in one delivery. */
export const ReceiveAllSchema = ReceiveTechnicalSchema

/** POST …/confirm of a declared shipment: whether what arrived conforms. */
export const ConfirmTechnicalSchema = z.object({
  conform: z.boolean().nullable().default(null),
  comment: optionalText(2000),
})
