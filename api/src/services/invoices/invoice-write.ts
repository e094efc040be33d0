/** Capturing a supplier invoice, credit note or external charge: its references checked, its lines matched to orders, its amounts and due date. */
import { type DomainError, formError, parseWith, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  canHandleInvoices,
  checkCorrectedInvoice,
  checkDocumentSign,
  checkInvoiceTotal,
  checkMatch,
  type InvoiceKind,
  invoiceTotals,
  type PendingInvoiceStatus,
  pendingInvoiceTransition,
  type SupplierInvoiceInput,
  SupplierInvoiceInputSchema,
} from '@procura/core/invoice'
import { dec, toAmountString } from '@procura/core/money'
import { dueDate } from '@procura/core/payment'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import {
  accountingEntries,
  companies,
  departments,
  pendingInvoices,
  supplierInvoiceLines,
  supplierInvoices,
  suppliers,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { rateOf } from '../currencies'
import { numberPiece } from '../numbering'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { applyBilling, type BilledBefore, billingContext, planBilling, refreshRebilled } from './billing'
import { findVisibleInvoice, type InvoiceDeps, invoiceDecisions, linesOf } from './invoices'
import { moveLifecycleToInvoice, raiseLifecycle } from './lifecycle'
import type { Answer } from './pending'

export const billedBy = (lines: readonly (typeof supplierInvoiceLines.$inferSelect)[]): BilledBefore[] =>
  lines.map((l) => ({
    purchase_order_line_id: l.purchase_order_line_id,
    quantity: l.quantity,
    amount_exctax: l.amount_exctax,
  }))

/** What the schema cannot check: the supplier (active) and company exist; the pending invoice fits. */
const checkReferences = async (db: Db, input: CapturedDocument, invoiceId: number | null) => {
  const supplier = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.id, input.supplier_id))
    .limit(1)
    .then(first)
  if (supplier === undefined) return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  const company = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.company_id))
    .limit(1)
    .then(first)
  if (company === undefined) return err(formError({ company_id: [{ code: 'NOT_IN_LIST' }] }))
  if (input.department_id !== null) {
    const department = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, input.department_id))
      .limit(1)
      .then(first)
    if (department === undefined) return err(formError({ department_id: [{ code: 'NOT_IN_LIST' }] }))
  }
  // A line's own expense account: one that exists and is active.
  const entryIds = [
    ...new Set(input.lines.flatMap((l) => (l.accounting_entry_id === null ? [] : [l.accounting_entry_id]))),
  ]
  if (entryIds.length > 0) {
    const known = await db
      .select({ id: accountingEntries.id })
      .from(accountingEntries)
      .where(and(inArray(accountingEntries.id, entryIds), eq(accountingEntries.active, true)))
    const fields = Object.fromEntries(
      input.lines.flatMap((l, i) =>
        l.accounting_entry_id !== null && !known.some((k) => k.id === l.accounting_entry_id)
          ? [[`lines.${i}.accounting_entry_id`, [{ code: 'NOT_IN_LIST' as const }]]]
          : [],
      ),
    )
    if (Object.keys(fields).length > 0) return err(formError(fields))
  }
  // A credit note's invoice: one of the same supplier, company and currency, validated (core).
  if (input.corrects_invoice_id !== null) {
    const corrected = await db
      .select({
        kind: supplierInvoices.kind,
        supplier_id: supplierInvoices.supplier_id,
        company_id: supplierInvoices.company_id,
        currency_code: supplierInvoices.currency_code,
        status: supplierInvoices.status,
      })
      .from(supplierInvoices)
      .where(eq(supplierInvoices.id, input.corrects_invoice_id))
      .limit(1)
      .then(first)
    const fits = checkCorrectedInvoice(input, corrected)
    if (!fits.ok) return fits
  }
  // The same supplier's invoice number twice is the same invoice (the unique index holds it too).
  const same = await db
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(and(eq(supplierInvoices.supplier_id, input.supplier_id), eq(supplierInvoices.label, input.label)))
    .limit(1)
    .then(first)
  if (same !== undefined && same.id !== invoiceId)
    return err(formError({ label: [{ code: 'DUPLICATE_INVOICE' }] }))
  if (input.pending_invoice_id !== null) {
    const pending = await db
      .select()
      .from(pendingInvoices)
      .where(eq(pendingInvoices.id, input.pending_invoice_id))
      .limit(1)
      .then(first)
    if (pending === undefined) return err(formError({ pending_invoice_id: [{ code: 'NOT_IN_LIST' }] }))
    if (invoiceId === null) {
      // Made into an invoice only from the queue: one on hold is released first (core).
      const made = pendingInvoiceTransition(
        { status: pending.status as PendingInvoiceStatus, hold_reason: pending.hold_reason },
        'make',
      )
      if (!made.ok)
        return made.error.code === 'PENDING_INVOICE_ON_HOLD'
          ? made
          : err(formError({ pending_invoice_id: [{ code: 'NOT_IN_LIST' }] }))
    }
    // The invoice made from a pending one carries its amounts (spec §5).
    for (const key of ['amount_exctax', 'amount_inctax'] as const)
      if (!dec(pending[key]).eq(input[key]))
        return err({
          code: 'INVOICE_AMOUNT_MISMATCH',
          params: { total: input[key], expected: pending[key] },
        } as DomainError)
  }
  return ok(supplier)
}

/** A document as captured, its kind decided (an external charge by its route). */
type CapturedDocument = Omit<SupplierInvoiceInput, 'kind'> & { kind: InvoiceKind }

/** How the trace names each kind of document. */
const KIND_NAMES: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  external_charge: 'External charge',
}

/** An external charge comes from no order: a line naming an order line is refused. */
const onOrderLines = (input: CapturedDocument, kind: InvoiceKind): Result<void, DomainError> => {
  const index = input.lines.findIndex((l) => l.purchase_order_line_id !== null)
  return kind === 'external_charge' && index >= 0
    ? err(formError({ [`lines.${index}.purchase_order_line_id`]: [{ code: 'INVALID_VALUE' }] }))
    : ok(undefined)
}

/** The due date given, else from the supplier's payment term, else the invoice date (due on receipt). */
const dueOf = (
  fields: Pick<SupplierInvoiceInput, 'due_date' | 'invoice_date'>,
  supplier: Pick<typeof suppliers.$inferSelect, 'payment_term'>,
) =>
  fields.due_date ??
  (supplier.payment_term === null ? fields.invoice_date : dueDate(fields.invoice_date, supplier.payment_term))

/** The invoice's computed fields from its plan: amounts, VAT breakdown, payable amount. */
const amountsOf = (
  lines: readonly { amount_exctax: string; vat_rate: string }[],
  input: Pick<SupplierInvoiceInput, 'vat_type'>,
  settings: Settings,
) => {
  const decimals = settings.formats.decimals
  const totals = invoiceTotals(lines, input.vat_type, decimals)
  const money = (d: Parameters<typeof toAmountString>[0]) => toAmountString(d, decimals)
  return {
    amount_exctax: money(totals.exctax),
    amount_tax: money(totals.tax),
    amount_inctax: money(totals.inctax),
    payable_amount: totals.payable,
    vat_breakdown: totals.breakdown.map((b) => ({ rate: b.rate, base: money(b.base), tax: money(b.tax) })),
  }
}

/**
 * Plans and writes an invoice's lines in the transaction: matched against its orders (refused
 * beyond the limits or before delivery, a credit below what was billed), signed as its kind
 * (a credit note negative), adding up to the declared totals, billed on the order lines.
 * `before`: what the invoice billed until now (an edit).
 */
const writeLines = async (
  tx: Tx,
  invoiceId: number,
  kind: InvoiceKind,
  input: CapturedDocument,
  before: readonly BilledBefore[],
  settings: Settings,
  now: Date,
): Answer<ReturnType<typeof amountsOf>> => {
  // An invoice never totals below zero, a credit note always does (core): said before the match,
  // whose refusals would otherwise speak of billing what is a credit. The lines must then add up
  // to this declared total.
  const signed = checkDocumentSign(kind, input.amount_exctax)
  if (!signed.ok) return signed
  const context = await billingContext(
    tx,
    input,
    input.lines.map((l) => l.purchase_order_line_id),
    before,
  )
  if (!context.ok) return context
  const plan = planBilling(context.value, input.lines, before, settings)
  if (!plan.ok) return plan
  const matched = checkMatch(plan.value)
  if (!matched.ok) return matched
  const amounts = amountsOf(plan.value.lines, input, settings)
  const totalExc = checkInvoiceTotal(amounts.amount_exctax, input.amount_exctax)
  if (!totalExc.ok) return totalExc
  const totalInc = checkInvoiceTotal(amounts.payable_amount, input.amount_inctax)
  if (!totalInc.ok) return totalInc
  const billed = await applyBilling(tx, context.value, plan.value, before, settings.formats.decimals, now)
  if (!billed.ok) return billed
  await tx.delete(supplierInvoiceLines).where(eq(supplierInvoiceLines.supplier_invoice_id, invoiceId))
  const labels = new Map(context.value.lines.map((l) => [l.id, l]))
  await tx.insert(supplierInvoiceLines).values(
    plan.value.lines.map((l, i) => {
      const orderLine = l.purchase_order_line_id === null ? undefined : labels.get(l.purchase_order_line_id)
      return {
        supplier_invoice_id: invoiceId,
        position: i + 1,
        purchase_order_line_id: l.purchase_order_line_id,
        purchase_order_id: orderLine?.purchase_order_id ?? null,
        label: orderLine?.label ?? input.lines[i]?.label ?? '',
        quantity: l.quantity,
        unit_price_exctax: l.unit_price_exctax,
        amount_exctax: l.amount_exctax,
        vat_rate: l.vat_rate,
        match_result: l.result,
        remaining_exctax: l.remaining_exctax,
        rebill: input.lines[i]?.rebill ?? false,
        accounting_entry_id: input.lines[i]?.accounting_entry_id ?? null,
        // A free line carries its own allocation codes; an order line's are its order line's.
        ...(orderLine === undefined
          ? {
              allocation1: input.lines[i]?.allocation1 ?? null,
              allocation2: input.lines[i]?.allocation2 ?? null,
              allocation3: input.lines[i]?.allocation3 ?? null,
              allocation4: input.lines[i]?.allocation4 ?? null,
            }
          : {}),
      }
    }),
  )
  await refreshRebilled(tx, context.value.orders.keys(), settings.formats.decimals)
  return ok(amounts)
}

/**
 * POST /bwapi/supplier-invoices: a buyer captures an invoice (or a credit note) as a draft, made
 * from a pending invoice or typed; numbered from the settings' template; its order lines billed.
 */
export const createInvoice = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  input: unknown,
  /** An external charge: its lines are all free (core/invoice externalChargeAsInvoice). */
  kind: InvoiceKind = 'invoice',
): Answer<{ data: { id: number; code: string } }> => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(SupplierInvoiceInputSchema, input)
  if (!parsed.ok) return parsed
  // An external charge is one by its route; otherwise the body says invoice or credit note.
  const documentKind: InvoiceKind = kind === 'external_charge' ? kind : parsed.value.kind
  const document: CapturedDocument = { ...parsed.value, kind: documentKind }
  const orderLines = onOrderLines(document, documentKind)
  if (!orderLines.ok) return orderLines
  const supplier = await checkReferences(deps.db, document, null)
  if (!supplier.ok) return supplier
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const { lines: _lines, ...fields } = document
  const due = dueOf(fields, supplier.value)
  const created = await writeOrRefuse(deps.db, async (tx) => {
    const numbered = await numberPiece(
      tx,
      'supplier_invoice',
      settings.formats.invoice_piece_number,
      now,
      fields,
    )
    if (!numbered.ok) return numbered
    const [row] = await tx
      .insert(supplierInvoices)
      .values({
        ...fields,
        exchange_rate: await rateOf(tx, fields.currency_code, fields.invoice_date),
        due_date: due,
        code: numbered.value.code,
        status: 'draft',
        amount_exctax: '0',
        amount_tax: '0',
        amount_inctax: '0',
        payable_amount: '0',
        vat_breakdown: [],
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: supplierInvoices.id })
    if (row === undefined) throw new Error('Insert returned no invoice')
    const amounts = await writeLines(tx, row.id, documentKind, document, [], settings, now)
    if (!amounts.ok) return amounts
    await tx.update(supplierInvoices).set(amounts.value).where(eq(supplierInvoices.id, row.id))
    if (fields.pending_invoice_id !== null) {
      const [pending] = await tx
        .update(pendingInvoices)
        .set({ status: 'processed', updated_at: now })
        .where(eq(pendingInvoices.id, fields.pending_invoice_id))
        .returning({ e_invoice: pendingInvoices.e_invoice })
      // Captured from an e-invoice: what it went through in the queue (a suspension, the platform's
      // statuses) moves with it, then taken over (204), and its lifecycle kept from now on.
      if (pending?.e_invoice != null) {
        await tx.update(supplierInvoices).set({ e_invoice: true }).where(eq(supplierInvoices.id, row.id))
        await moveLifecycleToInvoice(tx, fields.pending_invoice_id, row.id)
        await raiseLifecycle(tx, { id: row.id, e_invoice: true }, 'captured', { now, user_id: actor.id })
      }
    }
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `${KIND_NAMES[documentKind]} ${numbered.value.code} (${fields.label}) captured`,
      model: 'supplier_invoice',
      model_id: row.id,
      user_id: actor.id,
    })
    return ok({ id: row.id, code: numbered.value.code })
  })
  return created.ok ? ok({ data: created.value }) : created
}

/** PUT /bwapi/supplier-invoices/{id}: a draft or refused invoice changes; its billing follows. */
export const updateInvoice = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number } }> => {
  const row = await findVisibleInvoice(deps.db, actor, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const editable = guard(await invoiceDecisions(deps.db, actor, row, deps.clock.now()), 'edit')
  if (!editable.ok) return editable
  const parsed = parseWith(SupplierInvoiceInputSchema, input)
  if (!parsed.ok) return parsed
  // A draft's kind may change between invoice and credit note; an external charge stays one.
  const documentKind: InvoiceKind = row.kind === 'external_charge' ? 'external_charge' : parsed.value.kind
  const document: CapturedDocument = { ...parsed.value, kind: documentKind }
  const orderLines = onOrderLines(document, documentKind)
  if (!orderLines.ok) return orderLines
  if (parsed.value.supplier_id !== row.supplier_id)
    return err(formError({ supplier_id: [{ code: 'MUST_DIFFER' }] }))
  const supplier = await checkReferences(deps.db, { ...document, pending_invoice_id: null }, id)
  if (!supplier.ok) return supplier
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const { lines: _lines, pending_invoice_id: _pending, ...fields } = document
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const before = billedBy(await linesOf(tx, id))
    const amounts = await writeLines(tx, id, documentKind, document, before, settings, now)
    if (!amounts.ok) return amounts
    const applied = await tx
      .update(supplierInvoices)
      .set({
        ...fields,
        exchange_rate: await rateOf(tx, fields.currency_code, fields.invoice_date),
        due_date: dueOf(fields, supplier.value),
        ...amounts.value,
        circuit: null,
        lock_version: row.lock_version + 1,
        updated_at: now,
      })
      .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.lock_version, row.lock_version)))
      .returning({ id: supplierInvoices.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Invoice ${row.code} updated`,
      model: 'supplier_invoice',
      model_id: id,
      user_id: actor.id,
    })
    return ok(undefined)
  })
  return done.ok ? ok({ data: { id } }) : done
}

/**
 * POST /bwapi/supplier-invoices/match: the three-way match of an invoice being written, line by
 * line (matched, over price, over quantity, not received, free), with what would be refused — so
 * the person sees why before saving. Nothing is written.
 */
export const previewMatch = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  input: unknown,
  invoiceId: number | null,
  language: Language,
) => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseWith(SupplierInvoiceInputSchema, input)
  if (!parsed.ok) return parsed
  const settings = await loadSettings(deps.db)
  const before = invoiceId === null ? [] : billedBy(await linesOf(deps.db, invoiceId))
  const context = await billingContext(
    deps.db,
    parsed.value,
    parsed.value.lines.map((l) => l.purchase_order_line_id),
    before,
  )
  if (!context.ok) return context
  const plan = planBilling(context.value, parsed.value.lines, before, settings)
  if (!plan.ok) return plan
  const amounts = amountsOf(plan.value.lines, parsed.value, settings)
  return ok({
    data: {
      lines: plan.value.lines.map(({ after: _after, ...l }) => l),
      ...amounts,
      problems: plan.value.problems.map((p) => ({
        code: p.code,
        message: translate(p.code, p.params, language),
      })),
    },
  })
}
