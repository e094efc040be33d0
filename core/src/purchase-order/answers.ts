import { z } from 'zod'
import { CustomFieldDefinitionAnswerSchema, CustomValueShownSchema } from '../custom-field/custom-field'
import { DecimalString } from '../list/answers'
import { RefusedActionSchema } from '../policy/decisions'
import { DeliveryAddressSchema } from './purchase-order.schema'

const id = z.number().int()
const Decimal = DecimalString

/** A line of a purchase order as its page reads it (and its form edits it: what the server adds is optional). */
export const OrderLineAnswerSchema = z.looseObject({
  /** Kept when the order is edited: what was received on the line stays with it. */
  id: id.optional(),
  article_id: id.nullable().optional(),
  quantity_step: Decimal.nullable().optional(),
  label: z.string(),
  quantity: Decimal,
  unit: z.string().nullable().optional(),
  unit_price_exctax: Decimal,
  vat_rate: Decimal,
  vat_rate_2: Decimal.nullable().optional(),
  amount_exctax: Decimal.optional(),
  amount_inctax: Decimal.optional(),
  receipt_mode: z.enum(['quantity', 'amount']).optional(),
  /** The line's budget key: allocation codes 1 to 4. */
  allocation1: z.string().nullable().optional(),
  allocation2: z.string().nullable().optional(),
  allocation3: z.string().nullable().optional(),
  allocation4: z.string().nullable().optional(),
  /** The framework agreement line it draws on (its price is the agreement's). */
  agreement_line_id: id.nullable().optional(),
  delivered_quantity: Decimal.optional(),
  delivered_amount_exctax: Decimal.optional(),
  predelivered_quantity: Decimal.optional(),
  predelivered_amount_exctax: Decimal.optional(),
  delivery_status: z.string().optional(),
  billed_amount_exctax: Decimal.optional(),
  billing_status: z.string().optional(),
  /** From core (receiptBalance): what remains to receive, and whether more was received or billed than ordered. */
  remaining_to_receive: Decimal.optional(),
  over_delivered: z.boolean().optional(),
  over_billed: z.boolean().optional(),
})
export type OrderLineAnswer = z.infer<typeof OrderLineAnswerSchema>

const CircuitStepSchema = z.looseObject({
  rank: z.number().int().int(),
  validators: z.array(z.string()),
  status: z.string(),
  by: z.string().nullable(),
  on_behalf_of: z.string().nullable(),
})

/**
 * GET /bwapi/purchase-orders/{id} `data`: the order as its page reads it. A supplier's contact
 * gets the part sent to them: what only the organisation sees is optional here.
 */
export const OrderAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  version: z.number().int().int(),
  status: z.string(),
  /** Its custom fields given (core/custom-field), as its page shows them. */
  custom: z.array(CustomValueShownSchema).optional(),
  supplier: z.looseObject({ id, code: z.string(), company_name: z.string() }),
  supplier_id: id.optional(),
  supplier_contact_id: id.nullable().optional(),
  company_id: id.optional(),
  department_id: id.nullable().optional(),
  currency_code: z.string(),
  tags: z.array(z.string()).optional(),
  purchase_type: z.string().nullable().optional(),
  deposit: Decimal.nullable().optional(),
  deposit_paid_at: z.string().nullable().optional(),
  supplier_comment: z.string().nullable(),
  delivery_address: DeliveryAddressSchema.nullable(),
  people: z.array(z.object({ id, label: z.string() })),
  refusal: z
    .looseObject({
      by_label: z.string().nullable(),
      at: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  /** The duty of vigilance: required supplier documents missing or expired for this amount (internal readers). */
  vigilance: z
    .object({ missing: z.array(z.string()), blocks: z.boolean(), threshold: z.string() })
    .nullable()
    .optional(),
  /** Whether this reader sees the internal discussion and files (false for a supplier's contact). */
  internal: z.boolean(),
  /** Names of the people its circuit mentions, by login. */
  names: z.record(z.string(), z.string()).optional(),
  /** For the supplier's contact: its e-invoices on this order and the lifecycle status each stands at. */
  e_invoices: z
    .array(
      z.object({ number: z.string(), code: z.string(), reason_code: z.string().nullable(), at: z.string() }),
    )
    .optional(),
  /** The request for quotation whose award made it (internal readers). */
  rfq: z.object({ id: z.number().int().int(), code: z.string() }).nullable().optional(),
  /** The framework agreements its lines draw on, with how much of each is used (internal readers). */
  agreements: z
    .array(
      z.object({ id: z.number().int().int(), code: z.string(), label: z.string(), used_percent: z.number() }),
    )
    .optional(),
  /** To and copy prefilled in the send dialog (the supplier's order contact, the buyer). */
  send_defaults: z
    .object({
      to: z.string().nullable(),
      cc: z.array(z.string()),
      /** The order mail's template in the contact's language (core/mail-template order_sending). */
      subject: z.string(),
      content: z.string(),
      /** The supplier's order system (cXML OrderRequest): set, the order is sent there, not mailed. */
      cxml_order_url: z.string().nullable().optional(),
    })
    .optional(),
  amount_exctax: Decimal,
  amount_tax: Decimal,
  amount_inctax: Decimal,
  vat_breakdown: z.array(z.looseObject({ rate: Decimal, base: Decimal, tax: Decimal })),
  lines: z.array(OrderLineAnswerSchema),
  circuit: z
    .object({ steps: z.array(CircuitStepSchema) })
    .nullable()
    .optional(),
  actions: z.array(z.string()),
  /** The actions its status allows that this reader may not take, with the reason (not to a supplier's contact). */
  refused_actions: z.array(RefusedActionSchema).optional(),
  /** Receiving from the order's page: receive, receive_all, predeliver, declare, force_complete. */
  delivery_actions: z.array(z.string()).optional(),
  /** close_billing when billed short and this user may close it. */
  billing_actions: z.array(z.string()).optional(),
  waiting_on: z.array(z.string()),
  sent_at: z.string().nullable(),
  delivery_status: z.string(),
  delivered_amount_exctax: Decimal.optional(),
  predelivered_amount_exctax: Decimal.optional(),
  billed_amount_exctax: Decimal.optional(),
  rebilled_amount_exctax: Decimal.optional(),
  billing_status: z.string(),
  payment_status: z.string().optional(),
})
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>

/** A row of the orders list (GET /bwapi/purchase-orders). */
export const OrderRowAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  version: z.number().int().int(),
  status: z.string(),
  supplier: z.string(),
  buyer: z.string(),
  currency_code: z.string(),
  amount_exctax: Decimal,
  amount_inctax: Decimal,
  created_at: z.string(),
  actions: z.array(z.string()),
})
export type OrderRowAnswer = z.infer<typeof OrderRowAnswerSchema>

/** GET /bwapi/purchase-orders/create: what the order form offers. */
export const OrderFormDataAnswerSchema = z.looseObject({
  companies: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
      currency_code: z.string(),
    }),
  ),
  departments: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
      company_id: z.number().int(),
    }),
  ),
  currencies: z.array(
    z.looseObject({
      code: z.string(),
      label: z.string(),
      symbol: z.string(),
    }),
  ),
  suppliers: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      company_name: z.string(),
      currency_code: z.string(),
      /** Under its objectives (delivery, quality, safety or rating): the buyer is warned. */
      flagged: z.boolean().optional(),
      contacts: z.array(
        z.looseObject({
          id: z.number().int(),
          name: z.string(),
          email: z.string().nullable(),
          main_order_contact: z.boolean(),
        }),
      ),
    }),
  ),
  /** The active purchase types (admin list purchase-types), in their order. */
  purchase_types: z.array(
    z.looseObject({
      code: z.string(),
      label: z.string(),
    }),
  ),
  /** The orders' active custom fields, in their order. */
  custom_fields: z.array(CustomFieldDefinitionAnswerSchema),
})
export type OrderFormDataAnswer = z.infer<typeof OrderFormDataAnswerSchema>

/** POST /bwapi/purchase-orders/{id}/{action}: its new status, and a new version's id (change). */
export const OrderActionDoneAnswerSchema = z.object({
  data: z.looseObject({
    id: z.number().int().int(),
    status: z.string(),
    new_version_id: z.number().int().int().optional(),
  }),
})
export type OrderActionDoneAnswer = z.infer<typeof OrderActionDoneAnswerSchema>

/** An agreement an order to the chosen supplier may draw on (GET /bwapi/framework-agreements/offers). */
export const AgreementOfferAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  lines: z.array(
    z.looseObject({
      id: z.number().int(),
      label: z.string(),
      unit: z.string(),
      unit_price_exctax: z.string(),
      vat_rate: z.string(),
      remaining: z.string(),
    }),
  ),
})
export type AgreementOfferAnswer = z.infer<typeof AgreementOfferAnswerSchema>
