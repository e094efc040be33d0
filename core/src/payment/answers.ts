import { z } from 'zod'
import { DecimalString } from '../list/answers'
import { RefusedActionSchema } from '../policy/decisions'
import { SEPA_FORMATS } from './sepa'

const id = z.number().int()
const Decimal = DecimalString

/** A payment line as the group's page reads it. */
export const PaymentLineAnswerSchema = z.looseObject({
  id,
  status: z.string(),
  amount_inctax: Decimal,
  reason_code: z.string().nullable(),
  supplier: z.string(),
  /** Other suppliers paid on the same IBAN: the first sign of payment fraud. */
  iban_shared_with: z.array(z.string()).optional(),
  supplier_invoice_id: id.nullable(),
  invoice_code: z.string().nullable(),
  invoice_label: z.string().nullable(),
  purchase_order_id: id.nullable(),
  purchase_order_code: z.string().nullable(),
  /** An employee's expense report paid in full (docs/domain/expense.md). */
  expense_report_id: id.nullable().optional(),
  expense_report_code: z.string().nullable().optional(),
  paid_at: z.string().nullable(),
})

/** GET /bwapi/payment-groups/{id} `data`: a payment group as its page reads it. */
export const PaymentGroupAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  status: z.string(),
  payment_date: z.string(),
  company: z.string(),
  currency_code: z.string(),
  amount_inctax: Decimal,
  created_by_label: z.string(),
  waiting_on: z.array(z.string()),
  names: z.record(z.string(), z.string()),
  actions: z.array(z.string()),
  /** The actions its lines allow that this reader may not take, with the reason (separation of duties…). */
  refused_actions: z.array(RefusedActionSchema),
  lines: z.array(PaymentLineAnswerSchema),
  exports: z.array(
    z.looseObject({
      id,
      message_id: z.string(),
      format: z.string(),
      line_count: z.number().int().int(),
      control_sum: Decimal,
      execution_date: z.string().nullable().optional(),
      created_at: z.string(),
    }),
  ),
})
export type PaymentGroupAnswer = z.infer<typeof PaymentGroupAnswerSchema>

/** POST /bwapi/payment-groups/{id}/{action}: how many lines the action moved. */
export const PaymentGroupMovedAnswerSchema = z.object({
  data: z.looseObject({
    id: z.number().int().int(),
    moved: z.number().int().int(),
  }),
})
export type PaymentGroupMovedAnswer = z.infer<typeof PaymentGroupMovedAnswerSchema>

/** POST /bwapi/payment-groups/{id}/sepa: the file made (download it from the group's exports). */
export const SepaExportedAnswerSchema = z.object({
  data: z.looseObject({
    id: z.number().int().int(),
    message_id: z.string(),
    format: z.enum(SEPA_FORMATS),
    line_count: z.number().int().int(),
    control_sum: DecimalString,
    execution_date: z.string(),
    requested_date: z.string(),
    date_moved: z.boolean(),
  }),
})
export type SepaExportedAnswer = z.infer<typeof SepaExportedAnswerSchema>

/** GET /bwapi/payment-groups/proposal: what is due by a date, one group per company and currency. */
export const ProposedPaymentAnswerSchema = z.looseObject({
  company_id: z.number().int(),
  company: z.string(),
  currency_code: z.string(),
  amount_inctax: z.string(),
  invoices: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
      supplier: z.string(),
      /** Other suppliers paid on the same IBAN: the first sign of payment fraud. */
      iban_shared_with: z.array(z.string()).optional(),
      /** Held: not ticked until someone checks the account and says why it is paid. */
      held: z.boolean().optional(),
      due_date: z.string(),
      remaining: z.string(),
    }),
  ),
})
export type ProposedPaymentAnswer = z.infer<typeof ProposedPaymentAnswerSchema>

/** POST /bwapi/payment-groups/bank-answers: what a bank's status report (pain.002) moved. */
export const BankAnswersReadAnswerSchema = z.object({
  data: z.object({
    payment_group_id: z.number().int().int(),
    paid: z.number().int(),
    rejected: z.number().int(),
    blocked: z.number().int(),
    failed: z.number().int(),
    unchanged: z.number().int(),
    unknown: z.array(z.string()),
  }),
})

/** A row of the payment groups list. */
export const PaymentGroupRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  status: z.string(),
  suppliers: z.array(z.string()),
})
export type PaymentGroupRowAnswer = z.infer<typeof PaymentGroupRowAnswerSchema>
