/** A supplier invoice's row and what every part of its service reads of it: its state, its circuit, who sees it. */
import { type CircuitState, circuitTurn, waitingOn } from '@procura/core/circuit'
import type { DomainError } from '@procura/core/errors'
import {
  allowedInvoiceActions,
  canSeeInvoice,
  type InvoiceState,
  type InvoiceStatus,
  readsAllInvoices,
} from '@procura/core/invoice'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { jsonText, likeCi } from '../../db/portable-sql'
import { supplierInvoiceLines, supplierInvoices } from '../../db/schema'
import { delegationsTo } from '../purchase-orders/circuit'
import type { OrderDeps } from '../purchase-orders/orders'

export type InvoiceDeps = OrderDeps
export type InvoiceRow = typeof supplierInvoices.$inferSelect
export type Answer<T> = Promise<Result<T, DomainError>>

export const circuitOf = (row: InvoiceRow) => (row.circuit as CircuitState | null) ?? null
export const validatorsOf = (row: InvoiceRow) => circuitOf(row)?.steps.flatMap((s) => s.validators) ?? []
export const stateOf = (row: InvoiceRow): InvoiceState => ({
  status: row.status as InvoiceStatus,
  payment_status: row.payment_status as InvoiceState['payment_status'],
  exported: row.exported_at !== null,
  dispute_status: row.dispute_status as InvoiceState['dispute_status'],
})

/**
 * Buyers and administrators handle supplier invoices (the accounts-payable team); the validators
 * an invoice's circuit names see it too. Supplier contacts never do.
 */
export const mayReadInvoice = (actor: OrderActor, row: InvoiceRow) =>
  (actor.supplier_ids ?? []).length === 0 && canSeeInvoice(actor, { validators: validatorsOf(row) })

/**
 * The invoice's actions policy for one person, with what it reads besides the invoice: whom its
 * circuit waits on, and whether this person is the delegate of one today.
 */
export const invoiceDecisions = async (db: DbOrTx, actor: OrderActor, row: InvoiceRow, now: Date) => {
  const circuit = circuitOf(row)
  const waiting = circuit === null ? [] : waitingOn(circuit)
  const delegations =
    waiting.length === 0 || waiting.includes(actor.login) ? [] : await delegationsTo(db, actor.id)
  return allowedInvoiceActions(
    actor,
    { status: row.status as InvoiceStatus, kind: row.kind },
    circuitTurn(circuit, delegations, now),
  )
}

export const findVisibleInvoice = async (db: DbOrTx, actor: OrderActor, id: number) => {
  const row = await db.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)).limit(1).then(first)
  return row !== undefined && mayReadInvoice(actor, row) ? row : undefined
}

export const linesOf = (db: DbOrTx, invoiceId: number) =>
  db
    .select()
    .from(supplierInvoiceLines)
    .where(eq(supplierInvoiceLines.supplier_invoice_id, invoiceId))
    .orderBy(asc(supplierInvoiceLines.position))

/** Invoices this actor may see, as SQL: every one for who handles invoices and administrators, else those whose circuit names them. */
export const visibleInvoicesCondition = (actor: OrderActor) =>
  readsAllInvoices(actor) ? undefined : likeCi(jsonText(supplierInvoices.circuit), `%"${actor.login}"%`)
