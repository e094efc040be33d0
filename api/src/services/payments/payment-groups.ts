import { type DomainError, parseWith } from '@procura/core/errors'
import {
  type BankAccountStatus,
  type PayableInvoice,
  PaymentGroupInputSchema,
  payableAccountOf,
  planPaymentGroup,
  proposePayments,
} from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { PaymentLineStatus } from '@procura/core/status'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { bankAccounts, paymentGroups, paymentLines, supplierInvoices, suppliers } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import type { InvoiceDeps } from '../invoices/invoices'
import { numberPiece } from '../numbering'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'

type Answer<T> = Promise<Result<T, DomainError>>

/** Invoices as paying reads them, with their payment lines. */
const payableInvoices = async (db: DbOrTx, ids: readonly number[] | null): Promise<PayableInvoice[]> => {
  const rows = await db
    .select()
    .from(supplierInvoices)
    .where(ids === null ? eq(supplierInvoices.status, 'validated') : inArray(supplierInvoices.id, [...ids]))
  if (rows.length === 0) return []
  const lines = await db
    .select({
      invoice: paymentLines.supplier_invoice_id,
      amount: paymentLines.amount_inctax,
      status: paymentLines.status,
    })
    .from(paymentLines)
    .where(
      inArray(
        paymentLines.supplier_invoice_id,
        rows.map((r) => r.id),
      ),
    )
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    dispute_status: r.dispute_status,
    company_id: r.company_id,
    currency_code: r.currency_code,
    due_date: r.due_date,
    payable_amount: r.payable_amount,
    payments: lines
      .filter((l) => l.invoice === r.id)
      .map((l) => ({ amount_inctax: l.amount, status: l.status as PaymentLineStatus })),
  }))
}

/** Paying is the accounts-payable team's: buyers and administrators. */
const mayPay = (actor: OrderActor) => actor.buyer || actor.administrator === true

/**
 * POST /bwapi/payment-groups: pays validated, undisputed invoices of one company in one currency,
 * each in full or in part, on a date. Planned in core on the invoices as read in the transaction,
 * each invoice's version advanced so that two groups paying the same invoice at once cannot pay
 * more than it owes; its lines start as drafts, on the supplier's main validated IBAN.
 */
export const createPaymentGroup = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  input: unknown,
): Answer<{ data: { id: number; code: string; amount_inctax: string } }> => {
  if (!mayPay(actor)) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(PaymentGroupInputSchema, input)
  if (!parsed.ok) return parsed
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const created = await writeOrRefuse(deps.db, async (tx) => {
    const ids = parsed.value.lines.map((l) => l.supplier_invoice_id)
    const invoices = await payableInvoices(tx, ids)
    const plan = planPaymentGroup(invoices, parsed.value.lines, settings.formats.decimals)
    if (!plan.ok) return plan
    const rows = await tx.select().from(supplierInvoices).where(inArray(supplierInvoices.id, ids))
    for (const row of rows) {
      const held = await tx
        .update(supplierInvoices)
        .set({ lock_version: row.lock_version + 1, updated_at: now })
        .where(and(eq(supplierInvoices.id, row.id), eq(supplierInvoices.lock_version, row.lock_version)))
        .returning({ id: supplierInvoices.id })
      if (held.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    }
    const numbered = await numberPiece(tx, 'payment_group', settings.formats.payment_number, now, {
      company_id: plan.value.company_id,
      department_id: null,
    })
    if (!numbered.ok) return numbered
    const [group] = await tx
      .insert(paymentGroups)
      .values({
        code: numbered.value.code,
        payment_date: parsed.value.payment_date,
        company_id: plan.value.company_id,
        currency_code: plan.value.currency_code,
        amount_inctax: plan.value.amount_inctax,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: paymentGroups.id })
    if (group === undefined) throw new Error('Insert returned no payment group')
    const supplierOf = new Map(rows.map((r) => [r.id, r.supplier_id]))
    const accounts = await tx
      .select()
      .from(bankAccounts)
      .where(inArray(bankAccounts.supplier_id, [...new Set(rows.map((r) => r.supplier_id))]))
    for (const line of plan.value.lines) {
      const supplierId = supplierOf.get(line.supplier_invoice_id) as number
      const account = payableAccountOf(
        accounts
          .filter((a) => a.supplier_id === supplierId)
          .map((a) => ({ ...a, status: a.status as BankAccountStatus })),
      )
      await tx.insert(paymentLines).values({
        payment_group_id: group.id,
        supplier_invoice_id: line.supplier_invoice_id,
        supplier_id: supplierId,
        amount_inctax: line.amount_inctax,
        status: 'draft',
        bank_account_id: account?.id ?? null,
        created_at: now,
        updated_at: now,
      })
    }
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Payment group ${numbered.value.code}: ${plan.value.lines.length} invoice(s), ${plan.value.amount_inctax} ${plan.value.currency_code}`,
      model: 'payment_group',
      model_id: group.id,
      user_id: actor.id,
    })
    return ok({ id: group.id, code: numbered.value.code, amount_inctax: plan.value.amount_inctax })
  })
  return created.ok ? ok({ data: created.value }) : created
}

/** GET /bwapi/payment-groups/proposal?due_by=YYYY-MM-DD: what is due by then, one group per company and currency. Nothing is written. */
export const paymentProposal = async (deps: InvoiceDeps, actor: OrderActor, dueBy: string) => {
  if (!mayPay(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueBy))
    return err({ code: 'FORM_ERRORS', fields: { due_by: [{ code: 'INVALID_DATE' }] } } as DomainError)
  return ok({ data: proposePayments(await payableInvoices(deps.db, null), dueBy) })
}

/** GET /bwapi/payment-groups/{id}: the group, its lines with their invoices, suppliers and statuses. */
export const getPaymentGroup = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
): Answer<{ data: unknown }> => {
  if (!mayPay(actor)) return err({ code: 'FORBIDDEN' })
  const group = await deps.db
    .select()
    .from(paymentGroups)
    .where(eq(paymentGroups.id, id))
    .limit(1)
    .then(first)
  if (group === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const lines = await deps.db
    .select({
      line: paymentLines,
      invoice: supplierInvoices.code,
      label: supplierInvoices.label,
      supplier: suppliers.company_name,
    })
    .from(paymentLines)
    .innerJoin(supplierInvoices, eq(paymentLines.supplier_invoice_id, supplierInvoices.id))
    .innerJoin(suppliers, eq(paymentLines.supplier_id, suppliers.id))
    .where(eq(paymentLines.payment_group_id, id))
    .orderBy(asc(paymentLines.id))
  return ok({
    data: {
      ...group,
      lines: lines.map(({ line, invoice, label, supplier }) => ({
        ...line,
        invoice_code: invoice,
        invoice_label: label,
        supplier,
      })),
    },
  })
}

/** GET /bwapi/payment-groups: the groups, newest first. */
export const listPaymentGroups = async (deps: InvoiceDeps, actor: OrderActor) => {
  if (!mayPay(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const rows = await deps.db
    .select()
    .from(paymentGroups)
    .orderBy(desc(paymentGroups.created_at), desc(paymentGroups.id))
    .limit(200)
  return ok({ data: rows })
}
