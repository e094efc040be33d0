import { z } from 'zod'
import { CustomValueShownSchema } from '../custom-field/custom-field'
import { DecimalString } from '../list/answers'
import { RefusedActionSchema } from '../policy/decisions'

const id = z.number().int()
const Decimal = DecimalString

/** Who refused a document, for whom, when and why (null unless refused). */
export const RefusalAnswerSchema = z
  .looseObject({
    by: z.string().nullable().optional(),
    by_label: z.string().nullable(),
    on_behalf_of: z.string().nullable().optional(),
    at: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .nullable()

/** A line of a purchase request as its page reads it. */
export const NeedLineAnswerSchema = z.looseObject({
  id: id.optional(),
  position: z.number().int().int(),
  description: z.string(),
  product_family: z.string().nullable(),
  quantity: Decimal,
  /** The catalogue article's step (a line picked from the catalogue), or null. */
  quantity_step: Decimal.nullable(),
  unit: z.string(),
  unit_price_exctax: Decimal,
  amount_exctax: Decimal,
  wanted_date: z.string().nullable(),
  allocation1: z.string().nullable(),
  allocation2: z.string().nullable(),
  allocation3: z.string().nullable(),
  allocation4: z.string().nullable(),
  delivery_address: z.string().nullable(),
  /** Picked from the catalogue: the article and the supplier it was offered by. */
  article_id: id.nullable().optional(),
  supplier_id: id.nullable().optional(),
})

/** GET /bwapi/needs/{id} `data`: a purchase request as its page reads it. */
export const NeedAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  title: z.string(),
  buyer_id: id,
  purchase_family: z.string(),
  /** Its custom fields given (core/custom-field), as its page shows them. */
  custom: z.array(CustomValueShownSchema).optional(),
  status: z.string(),
  processing: z.string(),
  /** The requester's note given with the request (its form, or the cart's "Send as a request"). */
  comment: z.string().nullable().optional(),
  amount_exctax: Decimal,
  purchase_order_id: id.nullable(),
  /** The order made from the request, as far as it went. */
  order: z
    .object({
      id,
      code: z.string(),
      status: z.string(),
      delivery_status: z.string(),
      billing_status: z.string(),
    })
    .nullable(),
  refusal: RefusalAnswerSchema,
  /** Whom the approval waits on (logins), and everyone's name by login. */
  waiting_on: z.array(z.string()),
  names: z.record(z.string(), z.string()),
  lines: z.array(NeedLineAnswerSchema),
  actions: z.array(z.string()),
  /** The actions its status allows that this reader may not take, with the reason. */
  refused_actions: z.array(RefusedActionSchema),
  /** Its requester may edit it now (its policy's `edit`, also in `actions`). */
  can_edit: z.boolean(),
  people: z.array(z.object({ id, label: z.string() })),
})
export type NeedAnswer = z.infer<typeof NeedAnswerSchema>

/** A row of the purchase requests list (GET /bwapi/needs). */
export const NeedRowAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  title: z.string(),
  status: z.string(),
  processing: z.string(),
  amount_exctax: Decimal,
  created_at: z.string(),
  actions: z.array(z.string()),
})
export type NeedRowAnswer = z.infer<typeof NeedRowAnswerSchema>

/** POST /bwapi/needs/transform: the draft orders made from approved requests. */
export const NeedsTransformedAnswerSchema = z.looseObject({
  data: z.looseObject({
    purchase_order_id: z.number().int(),
    orders: z.array(
      z.looseObject({
        id: z.number().int(),
        code: z.string(),
      }),
    ),
  }),
})
export type NeedsTransformedAnswer = z.infer<typeof NeedsTransformedAnswerSchema>
