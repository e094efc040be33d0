import { z } from 'zod'
import { DecimalString } from '../list/answers'

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
  lines: z.array(PaymentLineAnswerSchema),
  exports: z.array(
    z.looseObject({
      id,
      message_id: z.string(),
      format: z.string(),
      line_count: z.number().int(),
      control_sum: Decimal,
      execution_date: z.string().nullable().optional(),
      created_at: z.string(),
    }),
  ),
})
export type PaymentGroupAnswer = z.infer<typeof PaymentGroupAnswerSchema>
