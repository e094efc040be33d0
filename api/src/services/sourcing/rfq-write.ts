/** Writing an RFQ: its references checked, its lines (from approved requests) and invited suppliers. */
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { checkDocumentCurrency } from '@procura/core/money'
import { TRANSFORMABLE } from '@procura/core/need'
import { guard } from '@procura/core/policy'
import { checkCanCreateOrder, type OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { allowedRfqActions, type RfqInput, RfqInputSchema, type RfqStatus } from '@procura/core/sourcing'
import { supplierStatusOn } from '@procura/core/supplier'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db'
import {
  companies,
  currencies,
  needLines,
  needs,
  rfqLines,
  rfqSuppliers,
  rfqs,
  supplierContacts,
  suppliers,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { numberPiece } from '../numbering'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { type Answer, todayOf } from './agreements'
import { loadRfq, mayRead, type RfqDeps } from './rfqs'

/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

/**
 * What the schema cannot check: the company exists, the currency is one the instance uses, each
 * supplier exists and is not inactive today (a prospect may quote; only an active one is ordered
 * from) with its contact its own, and each line taken from a request
 * comes from an approved request still waiting for its buyer.
 */
const checkRfqReferences = async (db: DbOrTx, input: RfqInput, today: string): Answer<void> => {
  const settings = await loadSettings(db)
  const currency = checkDocumentCurrency(input.currency_code, {
    currencies: await db
      .select({ code: currencies.code, is_default: currencies.is_default })
      .from(currencies),
    multiCurrency: settings.modules.multi_currency,
  })
  if (!currency.ok) return currency
  const company = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.company_id))
  if (company.length === 0) return err(formError({ company_id: [{ code: 'NOT_IN_LIST' }] }))
  const ids = input.suppliers.map((s) => s.supplier_id)
  const found = await db.select().from(suppliers).where(inArray(suppliers.id, ids))
  for (const invited of input.suppliers) {
    const supplier = found.find((s) => s.id === invited.supplier_id)
    if (supplier === undefined) return err(formError({ suppliers: [{ code: 'NOT_IN_LIST' }] }))
    // A prospect may be asked for prices (that is how one is tried); an inactive supplier may not.
    if (supplierStatusOn(supplier, today) === 'inactive')
      return err({ code: 'SUPPLIER_INACTIVE', params: { supplier: supplier.company_name } })
  }
  const contactIds = input.suppliers.flatMap((s) => (s.contact_id === null ? [] : [s.contact_id]))
  if (contactIds.length > 0) {
    const contacts = await db
      .select({ id: supplierContacts.id, supplier_id: supplierContacts.supplier_id })
      .from(supplierContacts)
      .where(inArray(supplierContacts.id, contactIds))
    for (const invited of input.suppliers)
      if (
        invited.contact_id !== null &&
        contacts.find((c) => c.id === invited.contact_id)?.supplier_id !== invited.supplier_id
      )
        return err(formError({ suppliers: [{ code: 'NOT_IN_LIST' }] }))
  }
  return ok(undefined)
}

/** The request lines an RFQ's lines come from, each with its request; refused unless approved and waiting for a buyer. */
const requestLinesOf = async (db: DbOrTx, input: RfqInput) => {
  const lineIds = input.lines.flatMap((l) => (l.need_line_id === null ? [] : [l.need_line_id]))
  if (lineIds.length === 0) return ok(new Map<number, number>())
  const rows = await db
    .select({
      line: needLines.id,
      need: needs.id,
      code: needs.code,
      status: needs.status,
      processing: needs.processing,
    })
    .from(needLines)
    .innerJoin(needs, eq(needLines.need_id, needs.id))
    .where(inArray(needLines.id, lineIds))
  if (rows.length !== new Set(lineIds).size) return err(formError({ lines: [{ code: 'NOT_IN_LIST' }] }))
  for (const row of rows)
    if (!TRANSFORMABLE.some((t) => t.status === row.status && t.processing.includes(row.processing)))
      return err({ code: 'RFQ_NEED_NOT_APPROVED', params: { need: row.code } } as DomainError)
  return ok(new Map(rows.map((r) => [r.line, r.need])))
}

/** Writes an RFQ's lines and invited suppliers (a new draft, or a draft rewritten). */
const writeContent = async (tx: Tx, id: number, input: RfqInput, needOf: Map<number, number>) => {
  await tx.insert(rfqLines).values(
    input.lines.map((line, i) => ({
      ...line,
      rfq_id: id,
      position: i + 1,
      need_id: line.need_line_id === null ? null : (needOf.get(line.need_line_id) ?? null),
    })),
  )
  await tx
    .insert(rfqSuppliers)
    .values(
      input.suppliers.map((s) => ({ rfq_id: id, supplier_id: s.supplier_id, contact_id: s.contact_id })),
    )
}

/**
 * POST /bwapi/rfqs: a buyer writes a draft RFQ — lines (an article or a label, a quantity, a wanted
 * day; from approved requests or from scratch), the suppliers invited, the reply day — numbered
 * from the settings' template. The requests it takes lines from are taken in charge.
 */
export const createRfq = async (
  deps: RfqDeps,
  actor: OrderActor,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(RfqInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const today = await todayOf(deps)
  if (value.reply_by < today)
    return err(formError({ reply_by: [{ code: 'DATE_AFTER_OR_EQUAL', params: { date: today } }] }))
  const references = await checkRfqReferences(deps.db, value, today)
  if (!references.ok) return references
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const requestLines = await requestLinesOf(tx, value)
    if (!requestLines.ok) return requestLines
    const numbered = await numberPiece(tx, 'rfq', settings.formats.rfq_number, now, {
      company_id: value.company_id,
      department_id: null,
    })
    if (!numbered.ok) return numbered
    const [row] = await tx
      .insert(rfqs)
      .values({
        code: numbered.value.code,
        title: value.title,
        company_id: value.company_id,
        currency_code: value.currency_code,
        reply_by: value.reply_by,
        comment: value.comment,
        status: 'draft',
        buyer_id: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: rfqs.id })
    if (row === undefined) throw new Error('Insert returned no RFQ')
    await writeContent(tx, row.id, value, requestLines.value)
    const needIds = [...new Set(requestLines.value.values())]
    if (needIds.length > 0)
      await tx
        .update(needs)
        .set({ processing: 'processing', updated_at: now })
        .where(
          and(inArray(needs.id, needIds), eq(needs.status, 'validated'), eq(needs.processing, 'awaiting')),
        )
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Request for quotation ${numbered.value.code} created`,
      model: 'rfq',
      model_id: row.id,
      user_id: actor.id,
    })
    return ok({ data: { id: row.id, code: numbered.value.code } })
  })
}

/** PUT /bwapi/rfqs/{id}: a draft is rewritten whole (lines and suppliers replaced); a sent one no longer changes. */
export const updateRfq = async (
  deps: RfqDeps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Answer<{ data: { id: number } }> => {
  const row = await loadRfq(deps.db, id)
  if (row === undefined || !mayRead(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  const editable = guard(
    allowedRfqActions(actor, { buyer_id: row.buyer_id, status: row.status as RfqStatus }),
    'update',
  )
  if (!editable.ok) return editable
  const parsed = parseWith(RfqInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const today = await todayOf(deps)
  if (value.reply_by < today)
    return err(formError({ reply_by: [{ code: 'DATE_AFTER_OR_EQUAL', params: { date: today } }] }))
  const references = await checkRfqReferences(deps.db, value, today)
  if (!references.ok) return references
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const requestLines = await requestLinesOf(tx, value)
    if (!requestLines.ok) return requestLines
    const applied = await tx
      .update(rfqs)
      .set({
        title: value.title,
        company_id: value.company_id,
        currency_code: value.currency_code,
        reply_by: value.reply_by,
        comment: value.comment,
        updated_at: now,
      })
      .where(and(eq(rfqs.id, id), eq(rfqs.status, 'draft')))
      .returning({ id: rfqs.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    await tx.delete(rfqLines).where(eq(rfqLines.rfq_id, id))
    await tx.delete(rfqSuppliers).where(eq(rfqSuppliers.rfq_id, id))
    await writeContent(tx, id, value, requestLines.value)
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Request for quotation ${row.code} changed`,
      model: 'rfq',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ data: { id } })
  })
}

/**
 * GET /bwapi/rfqs/from-needs?ids=: the lines of approved requests waiting for a buyer, as an RFQ's
 * lines (what the New RFQ form starts from); a request in another state is refused, named.
 */
export const rfqLinesFromNeeds = async (deps: RfqDeps, actor: OrderActor, ids: readonly number[]) => {
  if (!actor.buyer) return err({ code: 'FORBIDDEN' } as DomainError)
  if (ids.length === 0) return err(formError({ need_ids: [{ code: 'SELECT_AT_LEAST_ONE' }] }))
  const rows = await deps.db
    .select()
    .from(needs)
    .where(inArray(needs.id, [...ids]))
  if (rows.length !== new Set(ids).size) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  for (const row of rows)
    if (!TRANSFORMABLE.some((t) => t.status === row.status && t.processing.includes(row.processing)))
      return err({ code: 'RFQ_NEED_NOT_APPROVED', params: { need: row.code } } as DomainError)
  const lines = await deps.db
    .select()
    .from(needLines)
    .where(inArray(needLines.need_id, [...ids]))
    .orderBy(asc(needLines.need_id), asc(needLines.position))
  return ok({
    data: {
      title: rows
        .map((r) => r.title)
        .join(' · ')
        .slice(0, 200),
      lines: lines.map((l) => ({
        need_line_id: l.id,
        need: rows.find((r) => r.id === l.need_id)?.code ?? '',
        article_id: l.article_id,
        label: l.description,
        quantity: l.quantity,
        unit: l.unit,
        wanted_on: l.wanted_date,
      })),
    },
  })
}
