import type { DomainError } from '@procura/core/errors'
import {
  type EInvoice,
  LIFECYCLE_STATUSES,
  type LifecycleEvent,
  lifecycleStatusFor,
} from '@procura/core/invoice'
import { ok, type Result } from '@procura/core/result'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db'
import { first } from '../../db/first'
import {
  companies,
  eInvoiceOutbox,
  invoiceLifecycle,
  pendingInvoices,
  supplierInvoiceLines,
  supplierInvoices,
  suppliers,
  users,
} from '../../db/schema'

/** What a status hangs on: the invoice, or the pending invoice while the e-invoice waits in the queue. */
type Target = { supplier_invoice_id: number } | { pending_invoice_id: number }

type RaiseContext = {
  now: Date
  user_id: number | null
  reason_code?: string | null
  comment?: string | null
  dispute_ongoing?: boolean
}

/**
 * Raises the lifecycle status an event gives a received e-invoice (core lifecycleStatusFor), in the
 * caller's transaction: the status is kept with the event's write or not at all. An invoice not
 * captured from an e-invoice has no lifecycle.
 */
export const raiseLifecycle = async (
  tx: Tx,
  invoice: { id: number; e_invoice: boolean },
  event: LifecycleEvent,
  context: RaiseContext,
): Promise<Result<void, DomainError>> =>
  invoice.e_invoice ? raise(tx, { supplier_invoice_id: invoice.id }, event, context) : ok(undefined)

/** The same for an e-invoice still in the queue (a pending invoice read from one): 208 when put on hold. */
export const raisePendingLifecycle = async (
  tx: Tx,
  pending: { id: number; e_invoice: boolean },
  event: LifecycleEvent,
  context: RaiseContext,
): Promise<Result<void, DomainError>> =>
  pending.e_invoice ? raise(tx, { pending_invoice_id: pending.id }, event, context) : ok(undefined)

/**
 * The statuses of an e-invoice's time in the queue, and their messages, move to the invoice made
 * from it (in the capture's transaction): its lifecycle reads whole, from the first status.
 */
export const moveLifecycleToInvoice = async (tx: Tx, pendingId: number, invoiceId: number) => {
  await tx
    .update(invoiceLifecycle)
    .set({ supplier_invoice_id: invoiceId })
    .where(eq(invoiceLifecycle.pending_invoice_id, pendingId))
  await tx
    .update(eInvoiceOutbox)
    .set({ supplier_invoice_id: invoiceId })
    .where(eq(eInvoiceOutbox.pending_invoice_id, pendingId))
}

const raise = async (
  tx: Tx,
  target: Target,
  event: LifecycleEvent,
  context: RaiseContext,
): Promise<Result<void, DomainError>> => {
  const status = lifecycleStatusFor(event, context)
  if (!status.ok) return status
  const [raised] = await tx
    .insert(invoiceLifecycle)
    .values({
      ...target,
      code: status.value.code,
      reason_code: status.value.reason_code,
      comment: context.comment ?? null,
      user_id: context.user_id,
      created_at: context.now,
    })
    .returning({ id: invoiceLifecycle.id })
  if (raised === undefined) throw new Error('Insert returned no lifecycle status')
  // The platform's message, in the same transaction: written with its status or not at all.
  await tx.insert(eInvoiceOutbox).values({
    invoice_lifecycle_id: raised.id,
    ...target,
    payload: {
      idempotency_key: `procura-status-${raised.id}`,
      invoice: await aboutOf(tx, target),
      status: {
        code: status.value.code,
        label: LIFECYCLE_STATUSES[status.value.code].fr,
        reason_code: status.value.reason_code,
        comment: context.comment ?? null,
        at: context.now.toISOString(),
      },
    },
    created_at: context.now,
  })
  return ok(undefined)
}

/** The invoice a status is about, as its message names it: number, date, seller, buyer. */
const aboutOf = async (tx: Tx, target: Target) => {
  if ('supplier_invoice_id' in target) {
    const row = await tx
      .select({
        label: supplierInvoices.label,
        invoice_date: supplierInvoices.invoice_date,
        supplier: suppliers.company_name,
        siret: suppliers.siret,
        vat: suppliers.intra_community_vat,
        kind: supplierInvoices.kind,
        buyer: companies.label,
        buyer_siren: companies.siren,
      })
      .from(supplierInvoices)
      .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
      .leftJoin(companies, eq(supplierInvoices.company_id, companies.id))
      .where(eq(supplierInvoices.id, target.supplier_invoice_id))
      .then(first)
    return {
      number: row?.label ?? null,
      issue_date: row?.invoice_date ?? null,
      credit_note: row?.kind === 'credit_note',
      seller: { name: row?.supplier ?? null, siret: row?.siret ?? null, vat: row?.vat ?? null },
      buyer: { name: row?.buyer ?? null, siren: row?.buyer_siren ?? null },
    }
  }
  // Still in the queue: the e-invoice as read (its seller may be no supplier of ours yet).
  const row = await tx
    .select({
      label: pendingInvoices.label,
      invoice_date: pendingInvoices.invoice_date,
      e_invoice: pendingInvoices.e_invoice,
      buyer: companies.label,
      buyer_siren: companies.siren,
    })
    .from(pendingInvoices)
    .leftJoin(companies, eq(pendingInvoices.company_id, companies.id))
    .where(eq(pendingInvoices.id, target.pending_invoice_id))
    .then(first)
  const read = row?.e_invoice as EInvoice | null | undefined
  return {
    number: read?.number ?? row?.label ?? null,
    issue_date: read?.issue_date ?? row?.invoice_date ?? null,
    credit_note: read?.kind === 'credit_note',
    seller: {
      name: read?.seller.name ?? null,
      siret: read?.seller.siret ?? null,
      vat: read?.seller.vat ?? null,
    },
    buyer: { name: row?.buyer ?? null, siren: row?.buyer_siren ?? null },
  }
}

/** The payment sent for these invoices: each e-invoice among them gets its 211 once. */
export const raisePaymentSent = async (tx: Tx, invoiceIds: readonly number[], now: Date) => {
  if (invoiceIds.length === 0) return
  const rows = await tx
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(and(inArray(supplierInvoices.id, [...invoiceIds]), eq(supplierInvoices.e_invoice, true)))
  if (rows.length === 0) return
  const already = new Set(
    (
      await tx
        .select({ id: invoiceLifecycle.supplier_invoice_id })
        .from(invoiceLifecycle)
        .where(
          and(
            inArray(
              invoiceLifecycle.supplier_invoice_id,
              rows.map((r) => r.id),
            ),
            eq(invoiceLifecycle.code, '211'),
          ),
        )
    ).map((r) => r.id),
  )
  for (const row of rows)
    if (!already.has(row.id))
      await raiseLifecycle(tx, { id: row.id, e_invoice: true }, 'payment_sent', { now, user_id: null })
}

/** An invoice's lifecycle, oldest first, with who raised each status. */
export const lifecycleOf = async (db: DbOrTx, invoiceId: number) =>
  (
    await db
      .select({
        code: invoiceLifecycle.code,
        reason_code: invoiceLifecycle.reason_code,
        comment: invoiceLifecycle.comment,
        created_at: invoiceLifecycle.created_at,
        by: users.label,
        source: invoiceLifecycle.source,
      })
      .from(invoiceLifecycle)
      .leftJoin(users, eq(invoiceLifecycle.user_id, users.id))
      .where(eq(invoiceLifecycle.supplier_invoice_id, invoiceId))
      // In time order: a platform's status may arrive after a later one of ours.
      .orderBy(asc(invoiceLifecycle.created_at), asc(invoiceLifecycle.id))
  ).map((r) => ({ ...r, created_at: r.created_at.toISOString() }))

/**
 * The e-invoices billing an order, each with its latest lifecycle status — what the supplier's
 * contact reads on the order in the portal.
 */
export const eInvoicesOfOrder = async (db: DbOrTx, orderId: number) => {
  const invoices = await db
    .selectDistinct({ id: supplierInvoices.id, number: supplierInvoices.label })
    .from(supplierInvoices)
    .innerJoin(supplierInvoiceLines, eq(supplierInvoiceLines.supplier_invoice_id, supplierInvoices.id))
    .where(and(eq(supplierInvoiceLines.purchase_order_id, orderId), eq(supplierInvoices.e_invoice, true)))
    .orderBy(asc(supplierInvoices.id))
  if (invoices.length === 0) return []
  const statuses = await db
    .select()
    .from(invoiceLifecycle)
    .where(
      inArray(
        invoiceLifecycle.supplier_invoice_id,
        invoices.map((i) => i.id),
      ),
    )
    .orderBy(asc(invoiceLifecycle.created_at), asc(invoiceLifecycle.id))
  return invoices.flatMap((invoice) => {
    const last = statuses.filter((s) => s.supplier_invoice_id === invoice.id).at(-1)
    return last === undefined
      ? []
      : [
          {
            number: invoice.number,
            code: last.code,
            reason_code: last.reason_code,
            at: last.created_at.toISOString(),
          },
        ]
  })
}
