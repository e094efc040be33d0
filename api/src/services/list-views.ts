import {
  ACCOUNTING_ENTRY_LIST,
  ACCOUNTING_EXPORT_LIST,
  ACCOUNTING_VAT_ENTRY_LIST,
} from '@procura/core/accounting'
import { ARTICLE_LIST } from '@procura/core/article'
import { BUDGET_LIST } from '@procura/core/budget'
import { DELIVERY_LIST } from '@procura/core/delivery'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { EXPENSE_LIST, EXPENSE_REPORT_LIST } from '@procura/core/expense'
import { EXTERNAL_CHARGE_LIST, INVOICE_LIST, PENDING_INVOICE_LIST } from '@procura/core/invoice'
import {
  LayoutInput,
  type ListDefinition,
  ListViewChangeSchema,
  ListViewInputSchema,
  parseColumns,
} from '@procura/core/list'
import { NEED_LIST } from '@procura/core/need'
import { PAYMENT_GROUP_LIST } from '@procura/core/payment'
import { ORDER_LIST } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { AGREEMENT_LIST, RFQ_LIST } from '@procura/core/sourcing'
import { SUPPLIER_LIST } from '@procura/core/supplier'
import { TRACE_LIST } from '@procura/core/trace'
import { USER_LIST } from '@procura/core/user'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db, Tx } from '../db'
import { first } from '../db/first'
import { listLayouts, listViews } from '../db/schema'
import { writeOrRefuse } from '../db/transaction'
import { uniqueViolationError } from '../db/unique'

/** The lists a person may keep views of, by the name their URLs use. */
export const SAVED_VIEW_LISTS: Readonly<Record<string, ListDefinition>> = Object.fromEntries(
  [
    ORDER_LIST,
    INVOICE_LIST,
    DELIVERY_LIST,
    NEED_LIST,
    PAYMENT_GROUP_LIST,
    SUPPLIER_LIST,
    USER_LIST,
    ARTICLE_LIST,
    TRACE_LIST,
    BUDGET_LIST,
    PENDING_INVOICE_LIST,
    ACCOUNTING_EXPORT_LIST,
    ACCOUNTING_ENTRY_LIST,
    ACCOUNTING_VAT_ENTRY_LIST,
    EXPENSE_LIST,
    EXPENSE_REPORT_LIST,
    EXTERNAL_CHARGE_LIST,
    AGREEMENT_LIST,
    RFQ_LIST,
  ].map((list) => [list.name, list]),
)

/** A person keeps at most this many views of one list. */
export const MAX_VIEWS_PER_LIST = 50

type Deps = { db: Db; clock: Clock }
type Refusal<T> = Promise<Result<T, DomainError>>

const listOf = (name: string): Result<ListDefinition, DomainError> => {
  const list = SAVED_VIEW_LISTS[name]
  return list === undefined ? err({ code: 'NOT_FOUND' }) : ok(list)
}

const viewOf = (row: typeof listViews.$inferSelect) => ({
  id: row.id,
  name: row.name,
  query: row.query,
  columns: row.columns,
  is_default: row.is_default,
})

/** GET /bwapi/list-views/{list}: the person's saved views of the list, and the columns they chose. */
export const listViewsOf = async (db: Db, userId: number, name: string) => {
  const list = listOf(name)
  if (!list.ok) return list
  const [views, layout] = await Promise.all([
    db
      .select()
      .from(listViews)
      .where(and(eq(listViews.user_id, userId), eq(listViews.list, name)))
      .orderBy(asc(listViews.name)),
    db
      .select({ columns: listLayouts.columns })
      .from(listLayouts)
      .where(and(eq(listLayouts.user_id, userId), eq(listLayouts.list, name)))
      .limit(1)
      .then(first),
  ])
  const columns = layout === undefined || layout.columns.length === 0 ? null : layout.columns
  return ok({ data: { views: views.map(viewOf), columns } })
}

/** A write of a person's views in one transaction; a name used already is refused on `name`. */
const writeViews = async <T>(deps: Deps, work: (tx: Tx) => Promise<Result<T, DomainError>>) => {
  try {
    return await writeOrRefuse(deps.db, work)
  } catch (error) {
    const refusal = uniqueViolationError(error)
    if (refusal === null) throw error
    return err(refusal)
  }
}

/** Columns must be the list's own: refused on `columns` otherwise. An empty set means the default ones. */
const checkColumns = (list: ListDefinition, columns: readonly string[]) => {
  const parsed = parseColumns(list, columns)
  return parsed.ok ? ok(columns.length === 0 ? [] : parsed.value) : parsed
}

/**
 * POST /bwapi/list-views/{list} {name, query, columns, is_default}: saves the current view under a
 * name. A second view of the same name is refused on `name`; made the default, the others stop
 * being it (in the same transaction).
 */
export const createView = async (
  deps: Deps,
  userId: number,
  name: string,
  input: unknown,
): Refusal<{ data: unknown }> => {
  const list = listOf(name)
  if (!list.ok) return list
  const parsed = parseWith(ListViewInputSchema, input)
  if (!parsed.ok) return parsed
  const columns = checkColumns(list.value, parsed.value.columns)
  if (!columns.ok) return columns
  const now = deps.clock.now()
  return writeViews(deps, async (tx) => {
    const mine = and(eq(listViews.user_id, userId), eq(listViews.list, name))
    const count = (await tx.select({ id: listViews.id }).from(listViews).where(mine)).length
    if (count >= MAX_VIEWS_PER_LIST)
      return err(
        formError({ name: [{ code: 'VALUE_BETWEEN', params: { min: 1, max: MAX_VIEWS_PER_LIST } }] }),
      )
    if (parsed.value.is_default)
      await tx.update(listViews).set({ is_default: false, updated_at: now }).where(mine)
    const [row] = await tx
      .insert(listViews)
      .values({
        user_id: userId,
        list: name,
        name: parsed.value.name,
        query: parsed.value.query,
        columns: columns.value,
        is_default: parsed.value.is_default,
        created_at: now,
        updated_at: now,
      })
      .returning()
    return ok({ data: viewOf(row as typeof listViews.$inferSelect) })
  })
}

/** PATCH /bwapi/list-views/{list}/{id}: renames it, makes it the default (or not), or keeps the current view in it. */
export const changeView = async (
  deps: Deps,
  userId: number,
  name: string,
  id: number,
  input: unknown,
): Refusal<{ data: unknown }> => {
  const list = listOf(name)
  if (!list.ok) return list
  const parsed = parseWith(ListViewChangeSchema, input)
  if (!parsed.ok) return parsed
  const columns = parsed.value.columns === undefined ? null : checkColumns(list.value, parsed.value.columns)
  if (columns !== null && !columns.ok) return columns
  const now = deps.clock.now()
  const mine = and(eq(listViews.user_id, userId), eq(listViews.list, name))
  return writeViews(deps, async (tx) => {
    const current = await tx
      .select()
      .from(listViews)
      .where(and(mine, eq(listViews.id, id)))
      .limit(1)
      .then(first)
    if (current === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
    if (parsed.value.is_default === true)
      await tx
        .update(listViews)
        .set({ is_default: false, updated_at: now })
        .where(and(mine, ne(listViews.id, id)))
    const [row] = await tx
      .update(listViews)
      .set({
        ...(parsed.value.name === undefined ? {} : { name: parsed.value.name }),
        ...(parsed.value.query === undefined ? {} : { query: parsed.value.query }),
        ...(columns === null ? {} : { columns: columns.value }),
        ...(parsed.value.is_default === undefined ? {} : { is_default: parsed.value.is_default }),
        updated_at: now,
      })
      .where(eq(listViews.id, id))
      .returning()
    return ok({ data: viewOf(row as typeof listViews.$inferSelect) })
  })
}

/** DELETE /bwapi/list-views/{list}/{id}: forgets one of the person's views. */
export const deleteView = async (
  db: Db,
  userId: number,
  name: string,
  id: number,
): Refusal<{ message: string }> => {
  const list = listOf(name)
  if (!list.ok) return list
  const removed = await db
    .delete(listViews)
    .where(and(eq(listViews.id, id), eq(listViews.user_id, userId), eq(listViews.list, name)))
    .returning({ id: listViews.id })
  return removed.length === 0 ? err({ code: 'ITEM_NOT_FOUND' }) : ok({ message: 'OK' })
}

/** PUT /bwapi/list-views/{list}/columns {columns}: the columns the person sees, in order, kept; [] for the default. */
export const saveColumns = async (
  deps: Deps,
  userId: number,
  name: string,
  input: unknown,
): Refusal<{ data: unknown }> => {
  const list = listOf(name)
  if (!list.ok) return list
  const parsed = parseWith(LayoutInput, input)
  if (!parsed.ok) return parsed
  const columns = checkColumns(list.value, parsed.value.columns)
  if (!columns.ok) return columns
  const now = deps.clock.now()
  await deps.db
    .insert(listLayouts)
    .values({ user_id: userId, list: name, columns: columns.value, updated_at: now })
    .onConflictDoUpdate({
      target: [listLayouts.user_id, listLayouts.list],
      set: { columns: columns.value, updated_at: now },
    })
  return ok({ data: { columns: columns.value.length === 0 ? null : columns.value } })
}
