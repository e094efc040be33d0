import { waitingOn } from '@procura/core/circuit'
import { invoiceTotals, type VatType } from '@procura/core/invoice'
import { dec } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../db'
import { first } from '../db/first'
import { supplierInvoiceLines, supplierInvoices } from '../db/schema'
import { applyInvoiceAction, disputeInvoice } from '../services/invoices/invoice-actions'
import { createInvoice } from '../services/invoices/invoice-write'
import { must, type StoryClock } from './seed-story'

const DECIMALS = 2

/** Submitted by accounts payable, then validated step by step, an hour or more apart. */
const throughCircuit = async (
  services: { db: Db; clock: StoryClock },
  actor: (login: string) => OrderActor,
  id: number,
  daysAgo: number,
) => {
  services.clock.at(daysAgo, 10)
  must(await applyInvoiceAction(services, actor('payables'), id, 'submit', {}), 'submit the credit note')
  for (let hours = 12; hours < 60; hours += 4) {
    const row = await services.db
      .select()
      .from(supplierInvoices)
      .where(eq(supplierInvoices.id, id))
      .then(first)
    const login = row?.circuit == null ? undefined : waitingOn(row.circuit as never)[0]
    if (login === undefined) break
    services.clock.at(daysAgo, hours)
    must(await applyInvoiceAction(services, actor(login), id, 'validate', {}), 'validate the credit note')
  }
}

/**
 * The demo's open credit: three days ago a supplier with an invoice still to pay sent a goodwill
 * credit note (a late delivery) naming no invoice; validated, its credit is taken off that invoice,
 * which the payment proposal then offers net.
 */
export const seedOpenCredit = async (
  services: { db: Db; clock: StoryClock },
  actor: (login: string) => OrderActor,
) => {
  const { db, clock } = services
  const owed = await db
    .select()
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.kind, 'invoice'),
        eq(supplierInvoices.status, 'validated'),
        eq(supplierInvoices.payment_status, 'no'),
        eq(supplierInvoices.dispute_status, 'no'),
      ),
    )
    .orderBy(asc(supplierInvoices.due_date), asc(supplierInvoices.id))
    .limit(1)
    .then(first)
  if (owed === undefined) return
  const totals = invoiceTotals(
    [{ amount_exctax: '-50.00', vat_rate: '20' }],
    owed.vat_type as VatType,
    DECIMALS,
  )
  clock.at(3, 9)
  const note = must(
    await createInvoice(services, actor('payables'), {
      kind: 'credit_note',
      corrects_invoice_id: null,
      label: 'AV-2026-0412',
      supplier_id: owed.supplier_id,
      company_id: owed.company_id,
      department_id: owed.department_id,
      currency_code: owed.currency_code,
      invoice_date: clock.now().toISOString().slice(0, 10),
      vat_type: owed.vat_type,
      amount_exctax: totals.exctax.toFixed(DECIMALS),
      amount_inctax: totals.payable,
      comment: 'Goodwill for a late delivery.',
      lines: [{ label: 'Goodwill for a late delivery', amount_exctax: '-50.00', vat_rate: '20' }],
    }),
    'the open credit note',
  ).data
  await throughCircuit(services, actor, note.id, 3)
}

/**
 * The demo's credit note: the oldest disputed invoice ("two items are charged twice") is corrected
 * by the supplier's credit note for one item of its first order line — a credit beyond returns —
 * recorded by accounts payable a week later, validated through the circuit, and the dispute closed.
 * The later disputes stay open.
 */
export const seedCreditNote = async (
  services: { db: Db; clock: StoryClock },
  actor: (login: string) => OrderActor,
) => {
  const { db, clock } = services
  const payables = actor('payables')
  const disputed = await db
    .select()
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.kind, 'invoice'),
        eq(supplierInvoices.status, 'validated'),
        eq(supplierInvoices.dispute_status, 'ongoing'),
      ),
    )
    .orderBy(asc(supplierInvoices.invoice_date), asc(supplierInvoices.id))
    .limit(1)
    .then(first)
  if (disputed === undefined) return
  const line = await db
    .select()
    .from(supplierInvoiceLines)
    .where(
      and(
        eq(supplierInvoiceLines.supplier_invoice_id, disputed.id),
        isNotNull(supplierInvoiceLines.purchase_order_line_id),
        isNotNull(supplierInvoiceLines.unit_price_exctax),
      ),
    )
    .orderBy(asc(supplierInvoiceLines.position))
    .limit(1)
    .then(first)
  if (line === undefined || line.unit_price_exctax === null) return
  const credited = dec(line.unit_price_exctax).neg().toFixed(DECIMALS)
  const totals = invoiceTotals(
    [{ amount_exctax: credited, vat_rate: line.vat_rate }],
    disputed.vat_type as VatType,
    DECIMALS,
  )
  const daysAgo = Math.max(
    1,
    Math.round((clock.now().getTime() - Date.parse(disputed.invoice_date)) / 86_400_000) - 7,
  )
  clock.at(daysAgo, 9)
  const note = must(
    await createInvoice(services, payables, {
      kind: 'credit_note',
      corrects_invoice_id: disputed.id,
      label: `AV-${disputed.label}`.slice(0, 50),
      supplier_id: disputed.supplier_id,
      company_id: disputed.company_id,
      department_id: disputed.department_id,
      currency_code: disputed.currency_code,
      invoice_date: clock.now().toISOString().slice(0, 10),
      vat_type: disputed.vat_type,
      amount_exctax: totals.exctax.toFixed(DECIMALS),
      amount_inctax: totals.payable,
      comment: 'One item was charged twice.',
      lines: [
        { purchase_order_line_id: line.purchase_order_line_id, quantity: '-1', vat_rate: line.vat_rate },
      ],
    }),
    'the credit note',
  ).data
  await throughCircuit(services, actor, note.id, daysAgo)
  must(
    await disputeInvoice(services, payables, disputed.id, {
      action: 'close',
      body: `Credit note ${note.code} received: one item was charged twice.`,
    }),
    'close the dispute',
  )
}
