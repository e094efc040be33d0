import type { Language } from '@procura/core/i18n'
import { indexOf, listFilter, parseListQuery } from '@procura/core/list'
import {
  NEED_ACTION_LABELS,
  NEED_LIST,
  NEED_STATUSES,
  type NeedAction,
  needBulkActionsFor,
  needRowActions,
} from '@procura/core/need'
import type { OrderActor } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import {
  GENERIC_STATUS_LABELS,
  NEED_PROCESSING_STATUS_LABELS,
  NEED_PROCESSING_STATUSES,
  statusLabel,
} from '@procura/core/status'
import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { everyWord, likeCi } from '../../db/portable-sql'
import { needLines, needs } from '../../db/schema'
import {
  customCells,
  customFilterOptions,
  customFilters,
  customListColumns,
  fieldsOf,
  valuesOf,
  withCustomColumns,
} from '../custom-fields'
import { inSlice, readPage } from '../list-page'
import { loadSettings } from '../settings'
import { needDecisionsWith } from './need-policy'
import { visibleNeedsCondition } from './needs'

export const NEED_SORTS = ['code', 'created_at', 'status', 'amount_exctax'] as const
const NEED_SORT_KINDS = { code: 'text', created_at: 'date', status: 'text', amount_exctax: 'amount' } as const
/** The requests list's filters, each with the kind of value it takes. */
export const NEED_FILTER_KINDS = {
  status: listFilter.oneOf(NEED_STATUSES),
  processing: listFilter.oneOf(NEED_PROCESSING_STATUSES),
  /** The buyer a request is addressed to (the to-do's "requests to process" opens the list with it). */
  buyer_id: listFilter.id(),
}
/** The filters the list's screen offers; buyer_id is taken from links (the to-do), not offered. */
export const NEED_FILTERS = ['status', 'processing'] as const
export const NEED_QUERY_FILTERS = Object.keys(NEED_FILTER_KINDS) as (keyof typeof NEED_FILTER_KINDS)[]

/** GET /bwapi/needs?{query}: the requests this user asked, buys, or validates. */
export const listNeeds = async (
  db: Db,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  /** An export reads every page: it needs neither the count nor the totals of each. */
  options: { count?: boolean } = {},
  language: Language = 'en',
) => {
  // The custom fields' filters (cf_<code>) are the custom fields' own; the rest, the list's.
  const custom = await customFilters(db, 'need', needs.id, query)
  if (!custom.ok) return custom
  const parsed = parseListQuery(custom.value.rest, {
    sortable: NEED_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    pagedByKey: true,
    filters: NEED_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = [...custom.value.conditions]
  const visible = visibleNeedsCondition(actor)
  if (visible !== undefined) where.push(visible)
  if (q.filters.status !== undefined) where.push(eq(needs.status, q.filters.status))
  if (q.filters.processing !== undefined) where.push(eq(needs.processing, q.filters.processing))
  if (q.filters.buyer_id !== undefined) where.push(eq(needs.buyer_id, q.filters.buyer_id))
  // Each word in the number, the subject or a line's description.
  const search = everyWord(q.search, (pattern) =>
    or(
      likeCi(needs.code, pattern),
      likeCi(needs.title, pattern),
      exists(
        db
          .select({ one: sql`1` })
          .from(needLines)
          .where(and(eq(needLines.need_id, needs.id), likeCi(needLines.description, pattern))),
      ),
    ),
  )
  if (search !== undefined) where.push(search)
  const page = await readPage(db, q, {
    table: needs,
    id: needs.id,
    where: and(...where),
    sort: { by: needs[q.sort], kind: NEED_SORT_KINDS[q.sort] },
    counted: options.count !== false,
    totals: { currency: null, amounts: { amount_exctax: needs.amount_exctax } },
    // Only what a row shows, its actions and the cursor read (not the request's every column).
    rows: (slice) =>
      inSlice(
        db
          .select({
            id: needs.id,
            code: needs.code,
            title: needs.title,
            status: needs.status,
            processing: needs.processing,
            amount_exctax: needs.amount_exctax,
            created_at: needs.created_at,
            requester_id: needs.requester_id,
            buyer_id: needs.buyer_id,
            circuit: needs.circuit,
          })
          .from(needs)
          .$dynamic(),
        slice,
      ),
    placeOf: (row) => ({ value: row[q.sort], id: row.id }),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const fields = await fieldsOf(db, 'need')
  const values = fields.some((f) => f.in_list)
    ? await valuesOf(
        db,
        'need',
        rows.map((r) => r.id),
      )
    : new Map<number, Record<string, string>>()
  const { misc } = await loadSettings(db)
  const data = rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    status: row.status,
    processing: row.processing,
    amount_exctax: row.amount_exctax,
    created_at: row.created_at.toISOString(),
    ...customCells(fields, values.get(row.id), language),
    actions: needRowActions(needDecisionsWith(actor, row, misc)),
  }))
  return ok({
    data,
    meta: page.value.meta,
  })
}

const t = (en: string, es: string, fr: string) => ({ en, es, fr })
const TITLE = t('Requests', 'Solicitudes', 'Demandes')

/** What a list applies to several requests; merge joins the selected drafts into the first one. */
export const NEED_BULK_ACTIONS = [
  'submit',
  'approve',
  'take_charge',
  'cancel',
  'merge',
] as const satisfies readonly (NeedAction | 'merge')[]
const MERGE_LABEL = t('Merge', 'Fusionar', 'Fusionner')
const bulkLabel = (action: (typeof NEED_BULK_ACTIONS)[number], language: Language) =>
  action === 'merge' ? MERGE_LABEL[language] : NEED_ACTION_LABELS[language][action]

/** GET /bwapi/needs/index: the list's index (its screen's title is "Requests"), custom fields, bulk actions. */
export const needsIndex = async (db: Db, actor: OrderActor, language: Language) => ({
  ...withCustomColumns(
    indexOf(
      NEED_LIST,
      language,
      needBulkActionsFor(actor, NEED_BULK_ACTIONS).map((action) => ({
        action,
        label: bulkLabel(action, language),
      })),
    ),
    customListColumns(await fieldsOf(db, 'need')),
  ),
  title: TITLE[language],
})

/** GET /bwapi/needs/filter-list/{field}?search= ; null when the field has no list. */
export const needFilterOptions = async (db: Db, field: string, search: string, language: Language) => {
  if (field.startsWith('cf_')) return customFilterOptions(db, 'need', field, search, language)
  const needle = search.trim().toLowerCase()
  const options =
    field === 'status'
      ? NEED_STATUSES.map((value) => ({ value, label: statusLabel(GENERIC_STATUS_LABELS, value, language) }))
      : field === 'processing'
        ? NEED_PROCESSING_STATUSES.map((value) => ({
            value,
            label: statusLabel(NEED_PROCESSING_STATUS_LABELS, value, language),
          }))
        : null
  return (
    options?.filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle)) ?? null
  )
}
