import { isPurchasing } from '@procura/core/auth'
import { addDays, isoDateIn } from '@procura/core/calendar'
import {
  type CircuitState,
  isComplete,
  planCircuit,
  refuseStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { checkDocumentCurrency, Dec, dec } from '@procura/core/money'
import { checkCanCreateOrder, type OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import {
  AGREEMENT_STATUS_LABELS,
  AGREEMENT_STATUSES,
  type AgreementAction,
  AgreementInputSchema,
  type AgreementStatus,
  agreementActionsFor,
  agreementStatusOn,
  agreementTransition,
  agreementWaitingOn,
  agreementWorth,
  type CeilingKind,
  checkAgreementActor,
  consumption,
  drawLimitUnits,
  fromDrawUnits,
  mayDecideAgreement,
  toDrawUnits,
} from '@procura/core/sourcing'
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { everyWord, likeCi } from '../../db/portable-sql'
import {
  companies,
  currencies,
  frameworkAgreementLines,
  frameworkAgreements,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  users,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { dayWriter } from '../../mail/day-formats'
import type { Mailer } from '../../mail/mailer'
import { agreementExpiringMail } from '../../mail/templates'
import { readPage } from '../list-page'
import { notify } from '../notifications/notifications'
import { numberPiece } from '../numbering'
import { delegationsTo, loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { loadSettings } from '../settings'
import { suppliersMatching } from '../suppliers/suppliers'
import { writeTrace } from '../trace'

type Deps = { db: Db; clock: Clock }

/**
 * How much of an agreement was ordered, in percent of what it is worth: each line's ceiling and
 * draws valued in money (a quantity at its agreed price), a line counted up to its ceiling.
 */
const usedPercent = (
  lines: readonly { ceiling_kind: string; ceiling: string; unit_price_exctax: string; drawn_units: number }[],
) => {
  let worth = dec(0)
  let used = dec(0)
  for (const line of lines) {
    const kind = line.ceiling_kind as CeilingKind
    const price = kind === 'quantity' ? dec(line.unit_price_exctax) : dec(1)
    const ceiling = dec(line.ceiling)
    const drawn = Dec.min(fromDrawUnits(kind, line.drawn_units), ceiling)
    worth = worth.plus(ceiling.times(price))
    used = used.plus(drawn.times(price))
  }
  return worth.isZero() ? 0 : used.div(worth).times(100).toDecimalPlaces(0).toNumber()
}
export type Answer<T> = Promise<Result<T, DomainError>>
/** The order rules' actor with its role (validators see and validate agreements). */
type AgreementActor = OrderActor & { role?: string | null }

/** Buyers see and write agreements; validators and administrators see them too. */
const maySee = (actor: AgreementActor) => isPurchasing(actor)

/** Today in the instance's time zone: what an agreement's end is compared with. */
export const todayOf = async (deps: Deps) =>
  isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)

/**
 * POST /bwapi/framework-agreements: a buyer writes a draft agreement with a supplier — its lines,
 * prices and ceilings — numbered from the settings' template. The supplier must exist and the
 * currency be one the instance uses.
 */
export const createAgreement = async (
  deps: Deps,
  actor: AgreementActor,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(AgreementInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const settings = await loadSettings(deps.db)
  const supplier = await deps.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.id, value.supplier_id))
    .then(first)
  if (supplier === undefined) return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  const currency = checkDocumentCurrency(value.currency_code, {
    currencies: await deps.db
      .select({ code: currencies.code, is_default: currencies.is_default })
      .from(currencies),
    multiCurrency: settings.modules.multi_currency,
  })
  if (!currency.ok) return currency
  const now = deps.clock.now()
  return writeOrRefuse(deps.db, async (tx) => {
    const numbered = await numberPiece(tx, 'framework_agreement', settings.formats.agreement_number, now, {
      company_id: value.company_id,
      department_id: null,
    })
    if (!numbered.ok) return numbered
    const { lines, ...fields } = value
    const [row] = await tx
      .insert(frameworkAgreements)
      .values({
        ...fields,
        code: numbered.value.code,
        status: 'draft',
        buyer_id: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: frameworkAgreements.id })
    if (row === undefined) throw new Error('Insert returned no agreement')
    await tx.insert(frameworkAgreementLines).values(
      lines.map((line, i) => ({
        ...line,
        agreement_id: row.id,
        position: i + 1,
        ceiling_units: toDrawUnits(line.ceiling_kind, line.ceiling),
        limit_units: toDrawUnits(line.ceiling_kind, line.ceiling),
      })),
    )
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Agreement ${numbered.value.code} created`,
      model: 'framework_agreement',
      model_id: row.id,
      user_id: actor.id,
    })
    return ok({ data: { id: row.id, code: numbered.value.code } })
  })
}

const AgreementActionSchema = z.object({
  reason: z.string().trim().min(3, 'REFUSAL_REASON_REQUIRED').max(2000).optional(),
})

/**
 * POST /bwapi/framework-agreements/{id}/{action}: submit, validate, refuse (with a reason), close,
 * cancel. Decided by core's table on the row as read and applied only if nobody changed its status
 * since (one conditional statement). Validating fixes the over-draw allowance of the settings on
 * each line's limit.
 */
export const applyAgreementAction = async (
  deps: Deps,
  actor: AgreementActor,
  id: number,
  action: string,
  input: unknown,
): Answer<{ data: { id: number; status: AgreementStatus } }> => {
  const row = await deps.db
    .select()
    .from(frameworkAgreements)
    .where(eq(frameworkAgreements.id, id))
    .then(first)
  if (row === undefined || !maySee(actor)) return err({ code: 'ITEM_NOT_FOUND' })
  const status = row.status as AgreementStatus
  // The actions a person takes (the jobs' and the draws' are not routes); the table decides the rest.
  if (!['submit', 'validate', 'refuse', 'close', 'cancel'].includes(action)) return err({ code: 'NOT_FOUND' })
  const act = action as AgreementAction
  const deciding = act === 'validate' || act === 'refuse'
  const allowed = checkAgreementActor(actor, row, act)
  if (!allowed.ok) return allowed
  const parsed = parseWith(AgreementActionSchema, input ?? {})
  if (!parsed.ok) return parsed
  if (act === 'refuse' && parsed.value.reason === undefined)
    return err(formError({ reason: [{ code: 'REFUSAL_REASON_REQUIRED' }] }))
  const transitioned = agreementTransition(status, act)
  if (!transitioned.ok) return transitioned
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const lines = await deps.db
    .select()
    .from(frameworkAgreementLines)
    .where(eq(frameworkAgreementLines.agreement_id, id))
  const worth = agreementWorth(lines)
  // The orders' circuit, on what the agreement commits to: planned at submission, walked by the decisions.
  let circuit = (row.circuit as CircuitState | null) ?? null
  let nextStatus = transitioned.value
  if (act === 'submit') {
    const company = await deps.db
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.id, row.company_id))
      .then(first)
    const planned = planCircuit(
      await loadChart(deps.db, 'purchase_order'),
      { amount: worth, company: company?.code ?? null, department: null, purchase_family: null },
      await loadUsersByRole(deps.db),
    )
    if (!planned.ok) return planned
    circuit = startCircuit(planned.value)
  }
  if (deciding) {
    if (circuit !== null && circuit.steps.length > 0) {
      const doc = { amount: worth, tags: [] }
      const delegations = await delegationsTo(deps.db, actor.id)
      const decided =
        act === 'validate'
          ? validateStep(circuit, { login: actor.login }, doc, delegations, now)
          : refuseStep(circuit, { login: actor.login }, doc, delegations, now, parsed.value.reason ?? '')
      if (!decided.ok) return decided
      circuit = decided.value
      // A validation with steps still to go keeps it awaiting.
      if (act === 'validate' && !isComplete(circuit)) nextStatus = status
    } else if (!mayDecideAgreement(actor, { buyer_id: row.buyer_id, waiting_on: null }))
      return err({ code: 'FORBIDDEN' })
  }
  const complete = act === 'validate' && nextStatus === 'active'
  return writeOrRefuse(deps.db, async (tx) => {
    const applied = await tx
      .update(frameworkAgreements)
      .set({
        status: nextStatus,
        circuit,
        updated_at: now,
        ...(complete
          ? { validated_by: actor.id, allowance_percent: String(settings.prices.agreement_overdraw_percent) }
          : {}),
        ...(act === 'refuse' ? { refusal_reason: parsed.value.reason ?? null } : {}),
        ...(act === 'submit' ? { refusal_reason: null } : {}),
      })
      .where(and(eq(frameworkAgreements.id, id), eq(frameworkAgreements.status, status)))
      .returning({ id: frameworkAgreements.id })
    if (applied.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    if (complete) {
      for (const line of lines)
        await tx
          .update(frameworkAgreementLines)
          .set({
            limit_units: drawLimitUnits(
              line.ceiling_kind as CeilingKind,
              line.ceiling,
              settings.prices.agreement_overdraw_percent,
            ),
          })
          .where(eq(frameworkAgreementLines.id, line.id))
    }
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Agreement ${row.code}: ${act}${act === 'refuse' ? ` (${parsed.value.reason})` : ''}${
        act === 'validate' && !complete ? ' (a step of its circuit; more to come)' : ''
      }`,
      model: 'framework_agreement',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ data: { id, status: nextStatus } })
  })
}

/**
 * Per agreement line: what was agreed, what orders drew (ordered), received and invoiced — from
 * the orders' own lines, cancelled ones giving back what they drew — and what remains.
 */
const linesWithConsumption = async (db: Db, agreementId: number) => {
  const lines = await db
    .select()
    .from(frameworkAgreementLines)
    .where(eq(frameworkAgreementLines.agreement_id, agreementId))
    .orderBy(asc(frameworkAgreementLines.position))
  const used = await db
    .select({
      line: purchaseOrderLines.agreement_line_id,
      quantity: purchaseOrderLines.quantity,
      amount: purchaseOrderLines.amount_exctax,
      received_quantity: purchaseOrderLines.delivered_quantity,
      received_amount: purchaseOrderLines.delivered_amount_exctax,
      invoiced_quantity: purchaseOrderLines.billed_quantity,
      invoiced_amount: purchaseOrderLines.billed_amount_exctax,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id))
    .where(
      and(
        inArray(
          purchaseOrderLines.agreement_line_id,
          lines.map((l) => l.id),
        ),
        sql`${purchaseOrderLines.agreement_draw_units} > 0`,
        ne(purchaseOrders.status, 'obsolete'),
      ),
    )
  const sum = (values: string[]) => values.reduce((a, v) => a + Number(v), 0)
  return lines.map((line) => {
    const mine = used.filter((u) => u.line === line.id)
    const byAmount = line.ceiling_kind === 'amount'
    return {
      ...line,
      ...consumption(line.ceiling_kind as CeilingKind, line.ceiling, line.drawn_units),
      received: String(sum(mine.map((u) => (byAmount ? u.received_amount : u.received_quantity)))),
      invoiced: String(sum(mine.map((u) => (byAmount ? u.invoiced_amount : u.invoiced_quantity)))),
    }
  })
}

/** GET /bwapi/framework-agreements/{id}: the agreement, its lines with their consumption, the orders drawing on it, the actions. */
export const getAgreement = async (deps: Deps, actor: AgreementActor, id: number) => {
  if (!maySee(actor)) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const row = await deps.db
    .select()
    .from(frameworkAgreements)
    .where(eq(frameworkAgreements.id, id))
    .then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const lines = await linesWithConsumption(deps.db, id)
  const orders = await deps.db
    .selectDistinct({ id: purchaseOrders.id, code: purchaseOrders.code, status: purchaseOrders.status })
    .from(purchaseOrders)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id))
    .where(
      inArray(
        purchaseOrderLines.agreement_line_id,
        lines.map((l) => l.id),
      ),
    )
    .orderBy(desc(purchaseOrders.id))
  const supplier = await deps.db
    .select({ id: suppliers.id, company_name: suppliers.company_name })
    .from(suppliers)
    .where(eq(suppliers.id, row.supplier_id))
    .then(first)
  const status = agreementStatusOn(row as { status: AgreementStatus; ends_on: string }, await todayOf(deps))
  return ok({
    data: {
      ...row,
      status,
      supplier,
      lines,
      orders,
      used_percent: usedPercent(lines),
      actions: agreementActionsFor(actor, {
        status,
        buyer_id: row.buyer_id,
        waiting_on: agreementWaitingOn(row.circuit as CircuitState | null),
      }),
      waiting_on:
        row.status === 'awaiting' && row.circuit !== null ? waitingOn(row.circuit as CircuitState) : [],
    },
  })
}

export const AGREEMENT_SORTS = ['code', 'starts_on', 'ends_on'] as const
const AGREEMENT_FILTER_KINDS = {
  status: listFilter.oneOf(AGREEMENT_STATUSES),
  supplier_id: listFilter.id(),
}
export const AGREEMENT_QUERY_FILTERS = Object.keys(AGREEMENT_FILTER_KINDS)

/** GET /bwapi/framework-agreements: paged, sorted (ending soonest first), searched and filtered. */
export const listAgreements = async (
  deps: Deps,
  actor: AgreementActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  if (!maySee(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseListQuery(query, {
    sortable: AGREEMENT_SORTS,
    defaultSort: 'ends_on',
    defaultDirection: 'asc',
    filters: AGREEMENT_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: (SQL | undefined)[] = []
  where.push(
    everyWord(q.search, (pattern) =>
      or(
        likeCi(frameworkAgreements.code, pattern),
        likeCi(frameworkAgreements.label, pattern),
        inArray(frameworkAgreements.supplier_id, suppliersMatching(deps.db, pattern)),
      ),
    ),
  )
  // The status shown (agreementStatusOn): past its end, one in force or used up is expired.
  const today = await todayOf(deps)
  const running = inArray(frameworkAgreements.status, ['active', 'done'])
  const status = q.filters.status
  if (status === 'expired')
    where.push(
      or(eq(frameworkAgreements.status, 'expired'), and(running, lt(frameworkAgreements.ends_on, today))),
    )
  else if (status === 'active' || status === 'done')
    where.push(and(eq(frameworkAgreements.status, status), gte(frameworkAgreements.ends_on, today)))
  else if (status !== undefined) where.push(eq(frameworkAgreements.status, status))
  if (q.filters.supplier_id !== undefined)
    where.push(eq(frameworkAgreements.supplier_id, q.filters.supplier_id))
  const page = await readPage(deps.db, q, {
    table: frameworkAgreements,
    id: frameworkAgreements.id,
    where: and(...where),
    sort: { by: frameworkAgreements[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      deps.db
        .select({ agreement: frameworkAgreements, supplier: suppliers.company_name })
        .from(frameworkAgreements)
        .innerJoin(suppliers, eq(frameworkAgreements.supplier_id, suppliers.id))
        .where(slice.where)
        .orderBy(...slice.orderBy)
        .limit(slice.limit)
        .offset(slice.offset),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const lines =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(frameworkAgreementLines)
          .where(
            inArray(
              frameworkAgreementLines.agreement_id,
              rows.map((r) => r.agreement.id),
            ),
          )
  return ok({
    data: rows.map(({ agreement, supplier }) => ({
      id: agreement.id,
      code: agreement.code,
      label: agreement.label,
      supplier,
      supplier_id: agreement.supplier_id,
      currency_code: agreement.currency_code,
      starts_on: agreement.starts_on,
      ends_on: agreement.ends_on,
      status: agreementStatusOn(agreement as { status: AgreementStatus; ends_on: string }, today),
      used_percent: usedPercent(lines.filter((l) => l.agreement_id === agreement.id)),
    })),
    meta: page.value.meta,
  })
}

/** GET /bwapi/framework-agreements/filter-list/{field}: statuses and the suppliers with agreements. */
export const agreementFilterOptions = async (db: Db, field: string, language: Language) => {
  if (field === 'status')
    return ok(AGREEMENT_STATUSES.map((value) => ({ value, label: AGREEMENT_STATUS_LABELS[value][language] })))
  if (field === 'supplier_id')
    return ok(
      (
        await db
          .selectDistinct({ id: suppliers.id, label: suppliers.company_name })
          .from(frameworkAgreements)
          .innerJoin(suppliers, eq(frameworkAgreements.supplier_id, suppliers.id))
          .orderBy(asc(suppliers.company_name))
      ).map((s) => ({ value: String(s.id), label: s.label })),
    )
  return ok(null)
}

/**
 * GET /bwapi/framework-agreements/offers?supplier_id=&currency_code=: the agreements an order to
 * this supplier may draw on today (in force or used up, within their dates), with each line's
 * price and what remains — what the order form offers.
 */
export const agreementOffers = async (
  deps: Deps,
  actor: AgreementActor,
  query: { supplier_id?: string; currency_code?: string },
) => {
  if (!actor.buyer) return err({ code: 'FORBIDDEN' } as DomainError)
  const supplier = Number(query.supplier_id)
  if (!Number.isInteger(supplier) || supplier <= 0)
    return err(formError({ supplier_id: [{ code: 'FIELD_REQUIRED' }] }))
  const today = isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)
  const rows = await deps.db
    .select()
    .from(frameworkAgreements)
    .where(
      and(
        eq(frameworkAgreements.supplier_id, supplier),
        inArray(frameworkAgreements.status, ['active', 'done']),
        lte(frameworkAgreements.starts_on, today),
        gte(frameworkAgreements.ends_on, today),
        query.currency_code === undefined
          ? undefined
          : eq(frameworkAgreements.currency_code, query.currency_code),
      ),
    )
    .orderBy(asc(frameworkAgreements.ends_on))
  const lines =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(frameworkAgreementLines)
          .where(
            inArray(
              frameworkAgreementLines.agreement_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(frameworkAgreementLines.position))
  return ok({
    data: rows.map((r) => ({
      id: r.id,
      code: r.code,
      label: r.label,
      currency_code: r.currency_code,
      ends_on: r.ends_on,
      lines: lines
        .filter((l) => l.agreement_id === r.id)
        .map((l) => ({
          id: l.id,
          label: l.label,
          article_id: l.article_id,
          unit: l.unit,
          unit_price_exctax: l.unit_price_exctax,
          vat_rate: l.vat_rate,
          ceiling_kind: l.ceiling_kind,
          ...consumption(l.ceiling_kind as CeilingKind, l.ceiling, l.drawn_units),
        })),
    })),
  })
}

/**
 * The agreements job: an active (or used-up) agreement past its end expires and draws nothing
 * more; its buyer is warned once, the settings' notice days before its end (a notification, and
 * an e-mail from the agreement_expiring template). Answers how many agreements it changed or warned.
 */
export const runAgreementsJob = async (
  deps: Deps & { mailer?: Mailer; linkBase?: string },
): Promise<number> => {
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const today = isoDateIn(now, settings.formats.time_zone)
  const expired = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(frameworkAgreements)
      .set({ status: 'expired', updated_at: now })
      .where(
        and(inArray(frameworkAgreements.status, ['active', 'done']), lt(frameworkAgreements.ends_on, today)),
      )
      .returning({ id: frameworkAgreements.id, code: frameworkAgreements.code })
    for (const row of rows)
      await writeTrace(tx, deps.clock, {
        action: 'expire',
        message: `Agreement ${row.code} expired`,
        model: 'framework_agreement',
        model_id: row.id,
      })
    return rows.length
  })
  const horizon = addDays(today, settings.contract.agreement_notice_days)
  const ending = await deps.db
    .select({
      agreement: frameworkAgreements,
      supplier: suppliers.company_name,
      buyer: users.label,
      email: users.email,
      language: users.language,
    })
    .from(frameworkAgreements)
    .innerJoin(suppliers, eq(suppliers.id, frameworkAgreements.supplier_id))
    .innerJoin(users, eq(users.id, frameworkAgreements.buyer_id))
    .where(
      and(
        inArray(frameworkAgreements.status, ['active', 'done']),
        isNull(frameworkAgreements.expiry_warned_at),
        lte(frameworkAgreements.ends_on, horizon),
      ),
    )
  const dayIn = await dayWriter(deps.db)
  for (const row of ending) {
    // Claimed first: two servers running the job warn once.
    const claimed = await deps.db
      .update(frameworkAgreements)
      .set({ expiry_warned_at: now })
      .where(and(eq(frameworkAgreements.id, row.agreement.id), isNull(frameworkAgreements.expiry_warned_at)))
      .returning({ id: frameworkAgreements.id })
    if (claimed.length === 0) continue
    const language = isLanguage(row.language) ? row.language : 'en'
    const lines = await deps.db
      .select()
      .from(frameworkAgreementLines)
      .where(eq(frameworkAgreementLines.agreement_id, row.agreement.id))
    const used = usedPercent(lines)
    const end = dayIn(language, row.agreement.ends_on)
    const mailed = await notify(deps, {
      user_ids: [row.agreement.buyer_id],
      kind: 'agreement_expiring',
      model: 'framework_agreement',
      model_id: row.agreement.id,
      params: { code: row.agreement.code, supplier: row.supplier, date: end, used },
    })
    if (deps.mailer !== undefined && mailed.has(row.agreement.buyer_id) && row.email !== '')
      await deps.mailer.send({
        to: row.email,
        ...(await agreementExpiringMail(deps.db, language, {
          name: row.buyer,
          agreement: `${row.agreement.code} ${row.agreement.label}`,
          supplier: row.supplier,
          end,
          used,
          link: `${deps.linkBase ?? ''}/framework-agreements/${row.agreement.id}`,
        })),
      })
  }
  return expired + ending.length
}

/** The agreements an order's lines draw on, with how much of each is used ("draws on AGR-…, 60 % used"). */
export const agreementsOfOrder = async (db: Db, orderId: number) => {
  const rows = await db
    .selectDistinct({
      id: frameworkAgreements.id,
      code: frameworkAgreements.code,
      label: frameworkAgreements.label,
    })
    .from(purchaseOrderLines)
    .innerJoin(frameworkAgreementLines, eq(purchaseOrderLines.agreement_line_id, frameworkAgreementLines.id))
    .innerJoin(frameworkAgreements, eq(frameworkAgreementLines.agreement_id, frameworkAgreements.id))
    .where(eq(purchaseOrderLines.purchase_order_id, orderId))
  if (rows.length === 0) return []
  const lines = await db
    .select()
    .from(frameworkAgreementLines)
    .where(
      inArray(
        frameworkAgreementLines.agreement_id,
        rows.map((r) => r.id),
      ),
    )
  return rows.map((r) => ({ ...r, used_percent: usedPercent(lines.filter((l) => l.agreement_id === r.id)) }))
}
