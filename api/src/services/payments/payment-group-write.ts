/** Building payment groups: the payable invoices and deposits, a group made of them, the payment proposal. */
import { type DomainError, parseWith } from '@procura/core/errors'
import { planExpensePayments } from '@procura/core/expense'
import { countOf } from '@procura/core/format'
import { dec, toAmountString } from '@procura/core/money'
import {
  type BankAccountStatus,
  canPreparePayments,
  checkSharedAccountsCleared,
  type PayableInvoice,
  PaymentGroupInputSchema,
  payableAccountOf,
  planDeposits,
  planPaymentGroup,
  proposePayments,
  remainingToPay,
} from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import type { PaymentLineStatus } from '@procura/core/status'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import {
  bankAccounts,
  companies,
  expenseReports,
  paymentGroups,
  paymentLines,
  purchaseOrders,
  supplierInvoices,
  suppliers,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { employeeAccounts, payableReports } from '../expenses/report-payments'
import type { InvoiceDeps } from '../invoices/invoices'
import { numberPiece } from '../numbering'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { ibanSignals } from './payment-group-read'
import { creditedBy } from './payment-status'
import type { Answer } from './sepa-export'

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
  const credited = await creditedBy(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    credited: credited.get(r.id) ?? '0',
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

/** Purchase orders as paying their deposit reads them, with their deposit lines. */
const payableDeposits = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.id, [...ids]))
  const lines = await db
    .select({
      order: paymentLines.purchase_order_id,
      amount: paymentLines.amount_inctax,
      status: paymentLines.status,
    })
    .from(paymentLines)
    .where(inArray(paymentLines.purchase_order_id, [...ids]))
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    company_id: r.company_id,
    currency_code: r.currency_code,
    supplier_id: r.supplier_id,
    lock_version: r.lock_version,
    deposit: r.deposit,
    deposit_paid_at: r.deposit_paid_at,
    payments: lines
      .filter((l) => l.order === r.id)
      .map((l) => ({ amount_inctax: l.amount, status: l.status as PaymentLineStatus })),
  }))
}

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
  if (!canPreparePayments(actor)) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(PaymentGroupInputSchema, input)
  if (!parsed.ok) return parsed
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const created = await writeOrRefuse(deps.db, async (tx) => {
    const ids = parsed.value.lines.map((l) => l.supplier_invoice_id)
    const orderIds = parsed.value.deposits.map((d) => d.purchase_order_id)
    // The invoices' versions are read before what they owe: a group that pays one in between
    // advances its version, so the conditional update below refuses this one (read after, the
    // version could be the new one while what is owed is the old).
    const rows = await tx
      .select()
      .from(supplierInvoices)
      .where(inArray(supplierInvoices.id, [...ids, 0]))
    const invoices = await payableInvoices(tx, ids)
    const depositOrders = await payableDeposits(tx, orderIds)
    const deposits = planDeposits(depositOrders, orderIds, settings.formats.decimals)
    if (!deposits.ok) return deposits
    const reportIds = parsed.value.expense_reports.map((r) => r.expense_report_id)
    const reports = await payableReports(tx, reportIds)
    const reportPayments = planExpensePayments(reports, reportIds)
    if (!reportPayments.ok) return reportPayments
    const plan = planPaymentGroup(
      invoices,
      parsed.value.lines,
      settings.formats.decimals,
      deposits.value,
      reportPayments.value,
    )
    if (!plan.ok) return plan
    // An invoice whose supplier shares an account with another is paid only with a reason (traced below).
    const shared = await ibanSignals(tx, [...new Set(rows.map((r) => r.supplier_id))])
    const sharedOf = (invoiceId: number) =>
      shared.get(rows.find((r) => r.id === invoiceId)?.supplier_id ?? 0) ?? []
    const cleared = checkSharedAccountsCleared(parsed.value.lines, sharedOf)
    if (!cleared.ok) return cleared
    for (const row of rows) {
      const held = await tx
        .update(supplierInvoices)
        .set({ lock_version: row.lock_version + 1, updated_at: now })
        .where(and(eq(supplierInvoices.id, row.id), eq(supplierInvoices.lock_version, row.lock_version)))
        .returning({ id: supplierInvoices.id })
      if (held.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    }
    for (const order of depositOrders) {
      const held = await tx
        .update(purchaseOrders)
        .set({ lock_version: order.lock_version + 1, updated_at: now })
        .where(and(eq(purchaseOrders.id, order.id), eq(purchaseOrders.lock_version, order.lock_version)))
        .returning({ id: purchaseOrders.id })
      if (held.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    }
    // A report paid by two groups at once: the second one's conditional update finds it changed.
    for (const report of reports) {
      const held = await tx
        .update(expenseReports)
        .set({ lock_version: report.lock_version + 1, updated_at: now })
        .where(and(eq(expenseReports.id, report.id), eq(expenseReports.lock_version, report.lock_version)))
        .returning({ id: expenseReports.id })
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
    const orderSupplier = new Map(depositOrders.map((o) => [o.id, o.supplier_id]))
    const accounts = await tx
      .select()
      .from(bankAccounts)
      .where(
        inArray(bankAccounts.supplier_id, [
          ...new Set([...rows.map((r) => r.supplier_id), ...depositOrders.map((o) => o.supplier_id), 0]),
        ]),
      )
    const accountOf = (supplierId: number) =>
      payableAccountOf(
        accounts
          .filter((a) => a.supplier_id === supplierId)
          .map((a) => ({ ...a, status: a.status as BankAccountStatus })),
      )?.id ?? null
    const newLines = [
      ...plan.value.lines.map((l) => ({
        supplier_invoice_id: l.supplier_invoice_id,
        purchase_order_id: null,
        supplier_id: supplierOf.get(l.supplier_invoice_id) as number,
        amount_inctax: l.amount_inctax,
      })),
      ...plan.value.deposits.map((d) => ({
        supplier_invoice_id: null,
        purchase_order_id: d.purchase_order_id,
        supplier_id: orderSupplier.get(d.purchase_order_id) as number,
        amount_inctax: d.amount_inctax,
      })),
    ]
    for (const line of parsed.value.lines) {
      const others = sharedOf(line.supplier_invoice_id)
      if (others.length === 0 || line.iban_check_reason === null) continue
      await writeTrace(tx, deps.clock, {
        action: 'iban_shared_cleared',
        message: `Paid in ${numbered.value.code} although ${others.join(', ')} is paid on its supplier's account too: ${line.iban_check_reason}`,
        model: 'supplier_invoice',
        model_id: line.supplier_invoice_id,
        user_id: actor.id,
        severity: 'warning',
      })
    }
    for (const line of newLines)
      await tx.insert(paymentLines).values({
        ...line,
        payment_group_id: group.id,
        status: 'draft',
        bank_account_id: accountOf(line.supplier_id),
        created_at: now,
        updated_at: now,
      })
    const employeeAccount = await employeeAccounts(
      tx,
      plan.value.reports.map((r) => r.user_id),
    )
    for (const report of plan.value.reports)
      await tx.insert(paymentLines).values({
        payment_group_id: group.id,
        expense_report_id: report.expense_report_id,
        user_id: report.user_id,
        amount_inctax: report.amount_inctax,
        status: 'draft',
        bank_account_id: employeeAccount(report.user_id)?.id ?? null,
        created_at: now,
        updated_at: now,
      })
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Payment group ${numbered.value.code}: ${countOf(plan.value.lines.length, 'invoice')}, ${countOf(plan.value.deposits.length, 'deposit')}, ${countOf(plan.value.reports.length, 'expense report')}, ${plan.value.amount_inctax} ${plan.value.currency_code}`,
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
  if (!canPreparePayments(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueBy))
    return err({ code: 'FORM_ERRORS', fields: { due_by: [{ code: 'INVALID_DATE' }] } } as DomainError)
  const invoices = await payableInvoices(deps.db, null)
  const proposed = proposePayments(invoices, dueBy)
  const ids = proposed.flatMap((g) => g.invoice_ids)
  const details = await deps.db
    .select({
      id: supplierInvoices.id,
      label: supplierInvoices.label,
      supplier: suppliers.company_name,
      supplier_id: suppliers.id,
    })
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
    .where(inArray(supplierInvoices.id, [...ids, 0]))
  const fraud = await ibanSignals(deps.db, [...new Set(details.map((d) => d.supplier_id))])
  const companyRows = await deps.db.select({ id: companies.id, label: companies.label }).from(companies)
  const settings = await loadSettings(deps.db)
  return ok({
    data: proposed.map((group) => {
      const lines = group.invoice_ids.map((id) => {
        const invoice = invoices.find((i) => i.id === id) as PayableInvoice
        const detail = details.find((d) => d.id === id)
        return {
          id,
          code: invoice.code,
          label: detail?.label ?? '',
          supplier: detail?.supplier ?? '',
          due_date: invoice.due_date,
          remaining: toAmountString(remainingToPay(invoice), settings.formats.decimals),
          /** Other suppliers paid on this supplier's IBAN: check before paying. */
          iban_shared_with: fraud.get(detail?.supplier_id ?? 0) ?? [],
          /** Not proposed for payment until someone checks it and gives the reason (core checkSharedAccountsCleared). */
          held: (fraud.get(detail?.supplier_id ?? 0) ?? []).length > 0,
        }
      })
      return {
        ...group,
        company: companyRows.find((c) => c.id === group.company_id)?.label ?? '',
        invoices: lines,
        amount_inctax: toAmountString(
          lines.reduce((sum, l) => sum.plus(l.remaining), dec(0)),
          settings.formats.decimals,
        ),
      }
    }),
  })
}
