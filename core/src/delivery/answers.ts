import { z } from 'zod'
import { CustomValueShownSchema } from '../custom-field/custom-field'
import { DecimalString } from '../list/answers'
import { RefusedActionSchema } from '../policy/decisions'

const id = z.number().int()
const Decimal = DecimalString
const Place = z.looseObject({ id, label: z.string() })

/** GET /bwapi/deliveries/{id} `data`: a delivery as its page reads it. */
export const DeliveryAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  /** Its custom fields given (core/custom-field), as its page shows them. */
  custom: z.array(CustomValueShownSchema).optional(),
  kind: z.enum(['delivery', 'technical']),
  status: z.string(),
  delivery_date: z.string(),
  internal_number: z.string().nullable(),
  delivery_note_number: z.string().nullable(),
  conform: z.boolean().nullable(),
  comment: z.string().nullable(),
  warehouse: Place.nullable(),
  from_warehouse: Place.nullable(),
  created_by: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  technical_delivery: z.looseObject({ id, code: z.string() }).nullable(),
  receptions: z.array(z.looseObject({ id, code: z.string(), status: z.string() })),
  order: z.looseObject({
    id,
    code: z.string(),
    delivery_status: z.string(),
    currency_code: z.string(),
    supplier: z.looseObject({ id, company_name: z.string() }).nullable(),
  }),
  lines: z.array(
    z.looseObject({
      id,
      purchase_order_line_id: id,
      label: z.string(),
      unit: z.string(),
      receipt_mode: z.enum(['quantity', 'amount']),
      ordered_quantity: Decimal,
      quantity: Decimal,
      amount_exctax: Decimal,
    }),
  ),
  reservations: z.array(
    z.looseObject({ id, kind: z.string(), comment: z.string(), author: z.string(), created_at: z.string() }),
  ),
  reservation_deadline: z.string(),
  reservation_open: z.boolean(),
  internal: z.boolean(),
  /** "bill": who handles invoices records the supplier's invoice of its order from here. */
  billing_actions: z.array(z.enum(['bill'])),
  actions: z.array(z.string()),
  /** The actions its status allows that this reader may not take, with the reason. */
  refused_actions: z.array(RefusedActionSchema),
})
export type DeliveryAnswer = z.infer<typeof DeliveryAnswerSchema>

/** An order line as the receiving form offers it, with what remains. */
export const DeliveryFormLineAnswerSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  unit: z.string(),
  /** Receiving it moves stock (a catalogue article received in quantity). */
  moves_stock: z.boolean(),
  receipt_mode: z.enum(['quantity', 'amount']),
  ordered_quantity: z.string(),
  ordered_amount_exctax: z.string(),
  delivered_quantity: z.string(),
  delivered_amount_exctax: z.string(),
  predelivered_quantity: z.string(),
  remaining_quantity: z.string().nullable(),
  remaining_amount_exctax: z.string().nullable(),
})
export type DeliveryFormLineAnswer = z.infer<typeof DeliveryFormLineAnswerSchema>

/** GET /bwapi/deliveries/create-form: the order's lines with what remains, the warehouses, today. */
export const DeliveryFormDataAnswerSchema = z.looseObject({
  order: z.looseObject({
    id: z.number().int(),
    code: z.string(),
    currency_code: z.string(),
    transfer: z.boolean(),
    delivery_status: z.string(),
  }),
  lines: z.array(DeliveryFormLineAnswerSchema),
  warehouses: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
    }),
  ),
  today: z.string(),
})
export type DeliveryFormDataAnswer = z.infer<typeof DeliveryFormDataAnswerSchema>

/** A row of the deliveries list. */
export const DeliveryRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['delivery', 'technical']),
  status: z.string(),
  purchase_order_id: z.number().int(),
  purchase_order_code: z.string(),
  supplier: z.string(),
  delivery_date: z.string(),
  delivery_note_number: z.string().nullable(),
  amount_exctax: z.string(),
  currency_code: z.string(),
  created_by: z.string(),
  created_at: z.string(),
})
export type DeliveryRowAnswer = z.infer<typeof DeliveryRowAnswerSchema>
