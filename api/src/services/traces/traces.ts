import { isPurchasing } from '@procura/core/auth'
import { addDays, isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  type FilterOption,
  labelledOptions,
  listFilter,
  optionsMatching,
  parseListQuery,
} from '@procura/core/list'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { TRACE_SEVERITIES } from '@procura/core/status'
import { TRACE_LIST, TRACE_MODELS, tracePage, traceSummary } from '@procura/core/trace'
import { and, asc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { dayRange } from '../../db/keyset'
import { containsPattern, everyWord, likeCi } from '../../db/portable-sql'
import { deliveries, needs, purchaseOrders, supplierInvoices, traces, users } from '../../db/schema'
import { visibleInvoicesCondition } from '../invoices/invoices'
import { inSlice, readPage } from '../list-page'
import { visibleNeedsCondition } from '../needs/needs'
import { visibleOrdersCondition } from '../purchase-orders/order-list'
import { loadSettings } from '../settings'

export const TRACE_SORTS = ['created_at', 'severity', 'action'] as const
const TRACE_FILTER_KINDS = {
  model: listFilter.code(),
  model_id: listFilter.reference(),
  action: listFilter.code(),
  severity: listFilter.oneOf(TRACE_SEVERITIES),
  user_id: listFilter.id(),
  // The range of core's TRACE_LIST.
  created_from: listFilter.date(),
  created_to: listFilter.date(),
}
export const TRACE_QUERY_FILTERS = Object.keys(TRACE_FILTER_KINDS)

const isAdministrator = (actor: OrderActor) => actor.administrator === true
const ids = (column: unknown) => sql`cast(${column} as text)`

/**
 * The traces this actor may read, as SQL: administrators, all; the organisation's other people,
 * what they did themselves and the traces of the documents they may read (requests, orders and
 * their deliveries, invoices; requests for quotation and agreements for purchasing people); a
 * supplier's contact, none (the gate refuses it the call anyway).
 */
const visibleTracesCondition = (db: Db, actor: OrderActor): SQL | undefined => {
  if (isAdministrator(actor)) return undefined
  if (!seesInternals(actor)) return sql`1 = 0`
  const of = (model: string, select: SQL) => and(eq(traces.model, model), inArray(traces.model_id, select))
  const orders = visibleOrdersCondition(db, actor)
  return or(
    eq(traces.user_id, actor.id),
    of(
      'need',
      sql`(select ${ids(needs.id)} from ${needs} where ${visibleNeedsCondition(actor) ?? sql`1 = 1`})`,
    ),
    of(
      'purchase_order',
      sql`(select ${ids(purchaseOrders.id)} from ${purchaseOrders} where ${orders ?? sql`1 = 1`})`,
    ),
    of(
      'delivery',
      sql`(select ${ids(deliveries.id)} from ${deliveries} inner join ${purchaseOrders} on ${purchaseOrders.id} = ${deliveries.purchase_order_id} where ${orders ?? sql`1 = 1`})`,
    ),
    of(
      'supplier_invoice',
      sql`(select ${ids(supplierInvoices.id)} from ${supplierInvoices} where ${visibleInvoicesCondition(actor) ?? sql`1 = 1`})`,
    ),
    // The sourcing documents are the purchasing people's: they read their whole history.
    isPurchasing(actor) ? inArray(traces.model, ['rfq', 'framework_agreement']) : undefined,
  )
}

const view = (row: { trace: typeof traces.$inferSelect; user: string | null }, language: Language) => ({
  id: row.trace.id,
  created_at: row.trace.created_at.toISOString(),
  severity: row.trace.severity,
  action: row.trace.action,
  model: row.trace.model,
  model_id: row.trace.model_id,
  message: row.trace.message,
  /** The line its document's history shows, in the reader's language (core traceSummary). */
  summary: traceSummary(row.trace, language),
  user_id: row.trace.user_id,
  user: row.user,
  page: tracePage(row.trace.model, row.trace.model_id),
})

/**
 * GET /bwapi/traces: who did what, when — newest first; searched by message; filtered by what it
 * is about (model and number), action, severity, who and the day. Each row names the page of its
 * document when it has one.
 */
export const listTraces = async (
  deps: { db: Db },
  actor: OrderActor,
  query: Record<string, string | undefined>,
  language: Language,
  options: { count?: boolean } = {},
) => {
  const parsed = parseListQuery(query, {
    sortable: TRACE_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    filters: TRACE_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const f = q.filters
  const where: SQL[] = []
  const visible = visibleTracesCondition(deps.db, actor)
  if (visible !== undefined) where.push(visible)
  const search = everyWord(q.search, (pattern) => likeCi(traces.message, pattern))
  if (search !== undefined) where.push(search)
  if (f.model !== undefined) where.push(eq(traces.model, f.model))
  if (f.model_id !== undefined) where.push(eq(traces.model_id, f.model_id))
  if (f.action !== undefined) where.push(eq(traces.action, f.action))
  if (f.severity !== undefined) where.push(eq(traces.severity, f.severity))
  if (f.user_id !== undefined) where.push(eq(traces.user_id, f.user_id))
  where.push(...dayRange(traces.created_at, f.created_from, f.created_to))
  const page = await readPage(deps.db, q, {
    table: traces,
    id: traces.id,
    where: and(...where),
    sort: { by: traces[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      inSlice(
        deps.db
          .select({ trace: traces, user: users.label })
          .from(traces)
          .leftJoin(users, eq(users.id, traces.user_id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  return ok({ data: page.value.rows.map((row) => view(row, language)), meta: page.value.meta })
}

/** GET /bwapi/traces/{id}: one trace, when this reader may read it, with its author and its document's page. */
export const getTrace = async (
  deps: { db: Db },
  actor: OrderActor,
  id: number,
  language: Language,
): Promise<Result<{ data: ReturnType<typeof view> }, DomainError>> => {
  const row = await deps.db
    .select({ trace: traces, user: users.label })
    .from(traces)
    .leftJoin(users, eq(users.id, traces.user_id))
    .where(and(eq(traces.id, id), visibleTracesCondition(deps.db, actor)))
    .limit(1)
    .then(first)
  return row === undefined ? err({ code: 'ITEM_NOT_FOUND' }) : ok({ data: view(row, language) })
}

/** GET /bwapi/traces/filter-list/{field}: what traces are about, their actions, severities and authors. */
export const traceFilterOptions = async (
  db: Db,
  actor: OrderActor,
  field: string,
  search: string,
  language: Language,
): Promise<Result<readonly FilterOption[] | null, DomainError>> => {
  const visible = visibleTracesCondition(db, actor)
  if (field === 'model')
    return ok(
      optionsMatching(
        Object.entries(TRACE_MODELS).map(([value, m]) => ({ value, label: m.label[language] })),
        search,
      ),
    )
  if (field === 'action') {
    const rows = await db
      .selectDistinct({ action: traces.action })
      .from(traces)
      .where(visible)
      .orderBy(asc(traces.action))
      .limit(500)
    return ok(
      optionsMatching(
        rows.map((r) => ({ value: r.action, label: r.action })),
        search,
      ),
    )
  }
  if (field === 'user_id') {
    const rows = await db
      .select({ id: users.id, label: users.label })
      .from(users)
      .where(search === '' ? undefined : likeCi(users.label, containsPattern(search)))
      .orderBy(asc(users.label))
      .limit(50)
    return ok(rows.map((r) => ({ value: String(r.id), label: r.label })))
  }
  const labelled = labelledOptions(TRACE_LIST, field, language)
  return ok(labelled === null ? null : optionsMatching(labelled, search))
}

/**
 * The traces job (spec §9 "delete old traces"): traces older than the retention setting
 * (`trace_retention_days`) are deleted. Answers how many.
 */
export const deleteOldTraces = async (deps: { db: Db; clock: Clock }): Promise<number> => {
  const settings = await loadSettings(deps.db)
  const today = isoDateIn(deps.clock.now())
  const limit = new Date(`${addDays(today, -settings.misc.trace_retention_days)}T00:00:00Z`)
  const deleted = await deps.db
    .delete(traces)
    .where(lt(traces.created_at, limit))
    .returning({ id: traces.id })
  return deleted.length
}
