import { z } from 'zod'
import { type DomainError, type FieldIssue, formError } from '../errors/domain-error'
import { Dec, dec, toAmountString } from '../money/decimal'
import { err, ok, type Result } from '../result'
import type { PaymentLineStatus } from '../status/vocabularies'
import { COMMITTED_PAYMENT_LINE_STATUSES } from './line-status'

/** What paying reads of an invoice: what it owes, what is already on its way or paid. */
export type PayableInvoice = {
  id: number
  code: string
  status: string
  dispute_status: string
  company_id: number
  currency_code: string
  due_date: string
  payable_amount: string
  /** The invoice's payment lines so far, each with its amount and status. */
  payments: readonly { amount_inctax: string; status: PaymentLineStatus }[]
  /** What the validated credit notes correcting it take off (a positive amount; none: 0). */
  credited?: string
}

/** POST /bwapi/payment-groups: the date to pay, per invoice the amount (all that remains when omitted), and order deposits. */
export const PaymentGroupInputSchema = z
  .object({
    payment_date: z.iso.date(),
    lines: z
      .array(
        z.object({
          supplier_invoice_id: z.number().int().positive(),
          amount_inctax: z
            .string()
            .trim()
            .regex(/^\d+(\.\d+)?$/, 'NOT_A_NUMBER')
            .nullable()
            .default(null),
          /** Why an invoice whose supplier shares its account with another is paid (checkSharedAccountsCleared). */
          iban_check_reason: z.string().trim().min(1).max(500).nullable().default(null),
        }),
      )
      .max(10_000)
      .default([]),
    /** Purchase orders whose deposit is paid (in full) by the group. */
    deposits: z
      .array(z.object({ purchase_order_id: z.number().int().positive() }))
      .max(10_000)
      .default([]),
    /** Validated expense reports paid (in full) to their employee (docs/domain/expense.md). */
    expense_reports: z
      .array(z.object({ expense_report_id: z.number().int().positive() }))
      .max(10_000)
      .default([]),
  })
  .refine((input) => input.lines.length + input.deposits.length + input.expense_reports.length > 0, {
    message: 'PAYMENT_NO_INVOICE',
    path: ['lines'],
  })

/**
 * What remains to pay on an invoice: what it owes less what is paid or on its way (a refused or
 * rejected line reopens it) and less what its validated credit notes take off — so a proposal, a
 * payment and its SEPA transfer pay the invoice net of its credit notes.
 */
export const remainingToPay = (
  invoice: Pick<PayableInvoice, 'payable_amount' | 'payments' | 'credited'>,
): Dec =>
  invoice.payments
    .filter((p) => COMMITTED_PAYMENT_LINE_STATUSES.includes(p.status))
    .reduce(
      (left, p) => left.minus(p.amount_inctax),
      dec(invoice.payable_amount).minus(invoice.credited ?? 0),
    )

/**
 * An invoice's payment status from its paid lines and its credit notes: no (nothing settled),
 * partial, complete (paid and credited cover what it owes).
 */
export const invoicePaymentStatus = (
  invoice: Pick<PayableInvoice, 'payable_amount' | 'payments' | 'credited'>,
): 'no' | 'partial' | 'complete' => {
  const settled = invoice.payments
    .filter((p) => p.status === 'paid')
    .reduce((sum, p) => sum.plus(p.amount_inctax), dec(invoice.credited ?? 0))
  if (settled.lte(0)) return 'no'
  return settled.gte(invoice.payable_amount) ? 'complete' : 'partial'
}

/**
 * The payment status the validated credit notes correcting one invoice share: complete once what
 * they take off was still owed on the invoice (deducted from what is paid to the supplier), partial
 * when part of it was, no when the invoice had been paid in full before (the supplier owes that
 * back: the credit note stays open until it is used or refunded).
 */
export const creditNotesPaymentStatus = (
  invoice: Pick<PayableInvoice, 'payable_amount' | 'payments' | 'credited'>,
): 'no' | 'partial' | 'complete' => {
  const credited = dec(invoice.credited ?? 0)
  if (credited.lte(0)) return 'no'
  const owed = remainingToPay({ ...invoice, credited: '0' })
  const absorbed = Dec.min(credited, Dec.max(owed, 0))
  if (absorbed.lte(0)) return 'no'
  return absorbed.gte(credited) ? 'complete' : 'partial'
}

export type PlannedPayment = { supplier_invoice_id: number; amount_inctax: string }
export type PlannedDeposit = {
  purchase_order_id: number
  amount_inctax: string
  company_id: number
  currency_code: string
}
/** An expense report paid in full to its employee (core/expense planExpensePayments). */
export type PlannedReportPayment = {
  expense_report_id: number
  user_id: number
  amount_inctax: string
  company_id: number
  currency_code: string
}

/**
 * The rules of a payment group (spec §5 "Payment"): at least one invoice; one currency and one
 * company; each invoice validated, not disputed, with something left to pay (nothing already paid
 * or pending in full); each amount more than zero and at most what remains (partial payments
 * allowed). Answers each invoice's amount, all that remains when none was given.
 */
export const planPaymentGroup = (
  invoices: readonly PayableInvoice[],
  lines: readonly { supplier_invoice_id: number; amount_inctax: string | null }[],
  decimals: number,
  deposits: readonly PlannedDeposit[] = [],
  reports: readonly PlannedReportPayment[] = [],
): Result<
  {
    lines: PlannedPayment[]
    deposits: PlannedDeposit[]
    reports: PlannedReportPayment[]
    company_id: number
    currency_code: string
    amount_inctax: string
  },
  DomainError
> => {
  if (lines.length === 0 && deposits.length === 0 && reports.length === 0)
    return err({ code: 'PAYMENT_NO_INVOICE' })
  const byId = new Map(invoices.map((i) => [i.id, i]))
  const chosen = lines.map((l) => ({ line: l, invoice: byId.get(l.supplier_invoice_id) }))
  const missing = chosen.find((c) => c.invoice === undefined)
  if (missing !== undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const found = chosen as { line: (typeof lines)[number]; invoice: PayableInvoice }[]
  const first = (found[0]?.invoice ?? deposits[0] ?? reports[0]) as {
    company_id: number
    currency_code: string
  }
  const payers = [...found.map((c) => c.invoice), ...deposits, ...reports]
  if (payers.some((p) => p.currency_code !== first.currency_code))
    return err({ code: 'DIFFERENT_CURRENCIES' })
  if (payers.some((p) => p.company_id !== first.company_id)) return err({ code: 'DIFFERENT_COMPANIES' })
  if (new Set(found.map((c) => c.invoice.id)).size !== found.length)
    return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
  const planned: PlannedPayment[] = []
  for (const { line, invoice } of found) {
    if (invoice.dispute_status === 'ongoing')
      return err({ code: 'INVOICE_DISPUTED', params: { invoice: invoice.code } })
    const remaining = remainingToPay(invoice)
    if (invoice.status !== 'validated' || remaining.lte(0))
      return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
    const amount = line.amount_inctax === null ? remaining : dec(line.amount_inctax)
    if (amount.lte(0)) return err({ code: 'TOO_SMALL', params: { min: 0 } })
    if (amount.gt(remaining))
      return err({
        code: 'PAYMENT_EXCEEDS_REMAINING',
        params: { remaining: toAmountString(remaining, decimals) },
      })
    planned.push({ supplier_invoice_id: invoice.id, amount_inctax: toAmountString(amount, decimals) })
  }
  const total = [...planned, ...deposits, ...reports].reduce((sum, p) => sum.plus(p.amount_inctax), dec(0))
  return ok({
    lines: planned,
    deposits: [...deposits],
    reports: [...reports],
    company_id: first.company_id,
    currency_code: first.currency_code,
    amount_inctax: toAmountString(total, decimals),
  })
}

/**
 * "Pay what is due by D": the validated, undisputed invoices due on or before D with something
 * left to pay, grouped by company and currency (one payment group each), oldest due first.
 */
export const proposePayments = (invoices: readonly PayableInvoice[], dueBy: string) => {
  const groups = new Map<string, { company_id: number; currency_code: string; invoice_ids: number[] }>()
  const due = invoices
    .filter(
      (i) =>
        i.status === 'validated' &&
        i.dispute_status !== 'ongoing' &&
        i.due_date <= dueBy &&
        remainingToPay(i).gt(0),
    )
    .sort((a, b) => (a.due_date === b.due_date ? a.id - b.id : a.due_date < b.due_date ? -1 : 1))
  for (const invoice of due) {
    const key = `${invoice.company_id}/${invoice.currency_code}`
    const group = groups.get(key) ?? {
      company_id: invoice.company_id,
      currency_code: invoice.currency_code,
      invoice_ids: [],
    }
    group.invoice_ids.push(invoice.id)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/**
 * A purchase order's payment status (spec §3: no, partial, complete): complete once its billing is
 * over and every invoice billing it is paid in full; partial as soon as anything is paid on it (an
 * invoice in part or in full, or its deposit); no otherwise.
 */
export const orderPaymentStatus = (order: {
  billing_status: string
  deposit_paid: boolean
  invoices: readonly ('no' | 'partial' | 'complete')[]
}): 'no' | 'partial' | 'complete' => {
  const billed = order.billing_status.startsWith('complete')
  if (billed && order.invoices.length > 0 && order.invoices.every((s) => s === 'complete')) return 'complete'
  return order.deposit_paid || order.invoices.some((s) => s !== 'no') ? 'partial' : 'no'
}

/** A group's status as one word: its lines' status when they share one, else "mixed". */
export const paymentGroupStatus = (
  lines: readonly { status: PaymentLineStatus }[],
): PaymentLineStatus | 'mixed' => {
  const first = lines[0]?.status ?? 'draft'
  return lines.every((l) => l.status === first) ? first : 'mixed'
}

/** What paying a deposit reads of a purchase order. */
export type PayableDeposit = {
  id: number
  code: string
  status: string
  company_id: number
  currency_code: string
  deposit: string | null
  deposit_paid_at: Date | null
  payments: readonly { amount_inctax: string; status: PaymentLineStatus }[]
}

/** Orders whose deposit may be paid: validated by their circuit, and not closed or cancelled. */
export const DEPOSIT_PAYABLE_ORDER_STATUSES = [
  'validated',
  'sent',
  'acknowledged_receipt',
  'suspended',
] as const

/**
 * Deposits of purchase orders, paid the same way as invoices (spec §3 deposit, deposit_paid_at):
 * the order validated, with a deposit above zero, not already paid or on its way; the whole
 * deposit is paid. Answers each order's amount.
 */
export const planDeposits = (
  orders: readonly PayableDeposit[],
  ids: readonly number[],
  decimals: number,
): Result<PlannedDeposit[], DomainError> => {
  if (new Set(ids).size !== ids.length) return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
  const planned: PlannedDeposit[] = []
  for (const id of ids) {
    const order = orders.find((o) => o.id === id)
    if (order === undefined) return err({ code: 'ITEM_NOT_FOUND' })
    const deposit = dec(order.deposit ?? 0)
    const pending = order.payments.some((p) => COMMITTED_PAYMENT_LINE_STATUSES.includes(p.status))
    if (
      !(DEPOSIT_PAYABLE_ORDER_STATUSES as readonly string[]).includes(order.status) ||
      deposit.lte(0) ||
      order.deposit_paid_at !== null ||
      pending
    )
      return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' })
    planned.push({
      purchase_order_id: order.id,
      amount_inctax: toAmountString(deposit, decimals),
      company_id: order.company_id,
      currency_code: order.currency_code,
    })
  }
  return ok(planned)
}

/**
 * An invoice whose supplier is paid on an account another supplier is paid on too (the first sign
 * of payment fraud) is held: it is paid only with the reason someone gives after checking it (the
 * reason is traced). `sharedWith` names, by invoice, the other suppliers on its supplier's accounts.
 */
export const checkSharedAccountsCleared = (
  lines: readonly { supplier_invoice_id: number; iban_check_reason: string | null }[],
  sharedWith: (invoiceId: number) => readonly string[],
): Result<void, DomainError> => {
  const fields: Record<string, FieldIssue[]> = {}
  lines.forEach((line, k) => {
    const others = sharedWith(line.supplier_invoice_id)
    if (others.length > 0 && line.iban_check_reason === null)
      fields[`lines.${k}.iban_check_reason`] = [
        { code: 'IBAN_SHARED_REASON_REQUIRED', params: { suppliers: others.join(', ') } },
      ]
  })
  return Object.keys(fields).length === 0 ? ok(undefined) : err(formError(fields))
}
