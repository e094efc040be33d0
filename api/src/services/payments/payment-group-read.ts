/** Reading one payment group, its lines with the signals on their bank accounts. */
import { waitingOn } from '@procura/core/circuit'
import { paymentGroupStatus, seesAllPayments } from '@procura/core/payment'
import { actionsAnswerOf } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import type { PaymentLineStatus } from '@procura/core/status'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  bankAccounts,
  companies,
  expenseReports,
  paymentGroups,
  paymentLines,
  purchaseOrders,
  supplierInvoices,
  suppliers,
  users,
} from '../../db/schema'
import type { InvoiceDeps } from '../invoices/invoices'
import { circuitNames } from '../refusal-view'
import { sharedAccounts, sharedWith } from './bank-accounts'
import { circuitOfGroup, paymentGroupDecisions } from './payment-policy'
import { type Answer, listSepaExports } from './sepa-export'

/** By supplier, the other suppliers sharing one of its account numbers (the first sign of payment fraud). */
export const ibanSignals = async (db: DbOrTx, supplierIds: readonly number[]) => {
  const accounts =
    supplierIds.length === 0
      ? []
      : await db
          .select({ supplier_id: bankAccounts.supplier_id, number: bankAccounts.account_number })
          .from(bankAccounts)
          .where(and(inArray(bankAccounts.supplier_id, [...supplierIds]), ne(bankAccounts.status, 'refused')))
  const shared = await sharedAccounts(
    db,
    accounts.map((a) => a.number),
  )
  const signals = new Map<number, string[]>()
  for (const account of accounts) {
    const others = sharedWith(shared, account.number, account.supplier_id)
    if (account.supplier_id !== null && others.length > 0)
      signals.set(account.supplier_id, [...new Set([...(signals.get(account.supplier_id) ?? []), ...others])])
  }
  return signals
}

/** The lines of groups, with their invoices (or orders, for deposits) and suppliers. */
export const linesOfGroups = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({
      line: paymentLines,
      invoice: supplierInvoices.code,
      label: supplierInvoices.label,
      order: purchaseOrders.code,
      report: expenseReports.code,
      supplier: sql<string>`coalesce(${suppliers.company_name}, ${users.label})`,
    })
    .from(paymentLines)
    .leftJoin(supplierInvoices, eq(paymentLines.supplier_invoice_id, supplierInvoices.id))
    .leftJoin(purchaseOrders, eq(paymentLines.purchase_order_id, purchaseOrders.id))
    .leftJoin(expenseReports, eq(paymentLines.expense_report_id, expenseReports.id))
    .leftJoin(suppliers, eq(paymentLines.supplier_id, suppliers.id))
    .leftJoin(users, eq(paymentLines.user_id, users.id))
    .where(inArray(paymentLines.payment_group_id, [...ids, 0]))
    .orderBy(asc(paymentLines.id))

/** Who may read a group: who prepares, exports or records payments, and its validators. */
const mayRead = (actor: OrderActor, group: { circuit: unknown }) =>
  seesAllPayments(actor) ||
  (circuitOfGroup(group as typeof paymentGroups.$inferSelect)?.steps ?? []).some((s) =>
    s.validators.includes(actor.login),
  )

/**
 * GET /bwapi/payment-groups/{id}: the group, its status, its lines with their invoices (or the
 * order of a deposit), suppliers, statuses and the bank's reason codes, its circuit, its SEPA
 * files, and the actions this user may take now.
 */
export const getPaymentGroup = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
): Answer<{ data: unknown }> => {
  const group = await deps.db
    .select({ group: paymentGroups, company: companies.label, creator: users.label })
    .from(paymentGroups)
    .innerJoin(companies, eq(paymentGroups.company_id, companies.id))
    .innerJoin(users, eq(paymentGroups.created_by, users.id))
    .where(eq(paymentGroups.id, id))
    .limit(1)
    .then(first)
  if (group === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (!mayRead(actor, group.group)) return err({ code: 'FORBIDDEN' })
  const lines = await linesOfGroups(deps.db, [id])
  const fraud = await ibanSignals(deps.db, [
    ...new Set(lines.flatMap((l) => (l.line.supplier_id === null ? [] : [l.line.supplier_id]))),
  ])
  const circuit = circuitOfGroup(group.group)
  const statuses = lines.map((l) => ({ status: l.line.status as PaymentLineStatus }))
  const waiting = circuit === null ? [] : waitingOn(circuit)
  const decisions = await paymentGroupDecisions(
    deps.db,
    actor,
    { group: group.group, lines: lines.map((l) => l.line) },
    deps.clock.now(),
  )
  const exports = seesAllPayments(actor) ? await listSepaExports(deps, actor, id) : null
  return ok({
    data: {
      ...group.group,
      company: group.company,
      created_by_label: group.creator,
      status: paymentGroupStatus(statuses),
      waiting_on: waiting,
      names: await circuitNames(deps.db, circuit),
      ...actionsAnswerOf(decisions),
      exports: exports?.ok ? exports.value.data : [],
      lines: lines.map(({ line, invoice, label, order, report, supplier }) => ({
        ...line,
        invoice_code: invoice,
        invoice_label: label,
        purchase_order_code: order,
        expense_report_code: report,
        supplier,
        iban_shared_with: line.supplier_id === null ? [] : (fraud.get(line.supplier_id) ?? []),
      })),
    },
  })
}
