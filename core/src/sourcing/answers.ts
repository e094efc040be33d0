import { z } from 'zod'
import { RefusedActionSchema } from '../policy/decisions'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** A supplier's answer on one RFQ line. */
export const RfqQuoteAnswerSchema = z.looseObject({
  rfq_line_id: z.number().int(),
  unit_price_exctax: z.string(),
  vat_rate: z.string(),
  quantity: z.string().nullable(),
  lead_time_days: z.number().int().nullable(),
  valid_until: z.string().nullable(),
  min_quantity: z.string().nullable(),
  comment: z.string().nullable(),
})
export type RfqQuoteAnswer = z.infer<typeof RfqQuoteAnswerSchema>

/** A supplier invited to an RFQ, with its answer. */
export const RfqInvitedAnswerSchema = z.looseObject({
  supplier_id: z.number().int(),
  supplier: z.string(),
  contact: z.string().nullable(),
  sent_to: z.string().nullable(),
  answered_at: z.string().nullable(),
  currency_code: z.string().nullable(),
  file_name: z.string().nullable(),
  comment: z.string().nullable(),
  quotes: z.array(RfqQuoteAnswerSchema),
})
export type RfqInvitedAnswer = z.infer<typeof RfqInvitedAnswerSchema>

/** A line of an RFQ. */
export const RfqLineAnswerSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  quantity: z.string(),
  unit: z.string(),
  wanted_on: z.string().nullable(),
  awarded_supplier_id: z.number().int().nullable(),
})
export type RfqLineAnswer = z.infer<typeof RfqLineAnswerSchema>

/** GET /bwapi/rfqs/{id}: an RFQ with its lines, invited suppliers and their answers. */
export const RfqAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  status: z.string(),
  company: z.string(),
  currency_code: z.string(),
  reply_by: z.string(),
  comment: z.string().nullable(),
  buyer: z.string(),
  buyer_id: z.number().int(),
  award_reason: z.string().nullable(),
  internal: z.boolean(),
  sealed: z.boolean(),
  answer_open: z.boolean(),
  lines: z.array(RfqLineAnswerSchema),
  suppliers: z.array(RfqInvitedAnswerSchema),
  requests: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
    }),
  ),
  orders: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      status: z.string(),
      supplier_id: z.number().int(),
    }),
  ),
  actions: z.array(z.string()),
  /** The actions its status allows that this reader may not take, with the reason. */
  refused_actions: z.array(RefusedActionSchema),
  may_award: z.boolean(),
  may_quote: z.boolean(),
})
export type RfqAnswer = z.infer<typeof RfqAnswerSchema>

/** One supplier's offer on one line of the comparison. */
export const RfqCellAnswerSchema = z.looseObject({
  supplier_id: z.number().int(),
  unit_price: z.string(),
  quantity: z.string(),
  amount_exctax: z.string(),
  lead_time_days: z.number().int().nullable(),
  valid_until: z.string().nullable(),
  validity: z.enum(['valid', 'expiring', 'expired']),
  raised_to_minimum: z.boolean(),
  partial: z.boolean(),
  best_price: z.boolean(),
  best_lead_time: z.boolean(),
})
export type RfqCellAnswer = z.infer<typeof RfqCellAnswerSchema>

/** GET /bwapi/rfqs/{id}/comparison: lines × suppliers once closed. */
export const RfqComparisonAnswerSchema = z.looseObject({
  currency_code: z.string(),
  lines: z.array(
    z.looseObject({
      id: z.number().int(),
      label: z.string(),
      quantity: z.string(),
      unit: z.string(),
      cells: z.array(RfqCellAnswerSchema),
    }),
  ),
  suppliers: z.array(
    z.looseObject({
      supplier_id: z.number().int(),
      supplier: z.string(),
      complete: z.boolean(),
      amount_exctax: z.string(),
      amount_inctax: z.string(),
    }),
  ),
  cheapest_basket: z.number().nullable(),
  cheapest_per_line: z.array(
    z.looseObject({
      rfq_line_id: z.number().int(),
      supplier_id: z.number().int().nullable(),
    }),
  ),
})
export type RfqComparisonAnswer = z.infer<typeof RfqComparisonAnswerSchema>

/** A request line as a new RFQ takes it. */
export const RfqFormLineAnswerSchema = z.looseObject({
  label: z.string(),
  quantity: z.string(),
  unit: z.string(),
  wanted_on: z.string().nullable(),
  need_line_id: z.number().int().nullable().optional(),
  article_id: z.number().int().nullable().optional(),
})
export type RfqFormLineAnswer = z.infer<typeof RfqFormLineAnswerSchema>

/** GET /bwapi/rfqs/from-needs: approved requests' lines as a new RFQ's. */
export const RfqFromNeedsAnswerSchema = z.looseObject({
  data: z.looseObject({
    title: z.string(),
    lines: z.array(
      RfqFormLineAnswerSchema.extend({
        need: z.string(),
      }),
    ),
  }),
})
export type RfqFromNeedsAnswer = z.infer<typeof RfqFromNeedsAnswerSchema>

/** POST /bwapi/rfqs/{id}/award: the draft orders made for the winners. */
export const RfqAwardedAnswerSchema = z.looseObject({
  data: z.looseObject({
    orders: z.array(
      z.looseObject({
        code: z.string(),
      }),
    ),
  }),
})
export type RfqAwardedAnswer = z.infer<typeof RfqAwardedAnswerSchema>

/** A line of a framework agreement with its consumption. */
export const AgreementLineAnswerSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  unit: z.string(),
  unit_price_exctax: z.string(),
  ceiling_kind: z.enum(['quantity', 'amount']),
  original: z.string(),
  drawn: z.string(),
  received: z.string(),
  invoiced: z.string(),
  remaining: z.string(),
  used_percent: z.number(),
})
export type AgreementLineAnswer = z.infer<typeof AgreementLineAnswerSchema>

/** GET /bwapi/framework-agreements/{id}: an agreement, its lines' consumption and its orders. */
export const AgreementAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  status: z.string(),
  supplier: z.looseObject({
    id: z.number().int(),
    company_name: z.string(),
  }),
  currency_code: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  allowance_percent: z.string(),
  refusal_reason: z.string().nullable(),
  waiting_on: z.array(z.string()),
  used_percent: z.number(),
  lines: z.array(AgreementLineAnswerSchema),
  orders: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      status: z.string(),
    }),
  ),
  actions: z.array(z.string()),
  /** The actions its status allows that this reader may not take, with the reason. */
  refused_actions: z.array(RefusedActionSchema),
})
export type AgreementAnswer = z.infer<typeof AgreementAnswerSchema>

/** A row of the framework agreements list. */
export const AgreementRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  status: z.string(),
})
export type AgreementRowAnswer = z.infer<typeof AgreementRowAnswerSchema>

/** What the RFQ screens read from the API. */
export const RfqRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  status: z.string(),
})
export type RfqRowAnswer = z.infer<typeof RfqRowAnswerSchema>
