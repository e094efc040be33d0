import { type DomainError, type FieldIssues, formError, parseWith } from '@procura/core/errors'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import type { Clock } from '../clock'
import type { Db, DbOrTx } from '../db'
import { first } from '../db/first'
import { writeTrace } from './trace'

type Deps = { db: Db; clock: Clock }
type Row = Record<string, unknown> & { id: number }

/**
 * A small reference table administered from a screen (geographic sectors, supplier groups, file
 * categories and types…): declared once, it gets its list, create, edit and delete, each checked,
 * traced and refused with the database unchanged.
 */
export type ReferenceTable<S extends z.ZodType> = {
  /** The trace's model name ("geographic_sector"). */
  model: string
  /** The table (a function: the binding is the engine's, swapped at start, db/schema). */
  table: () => SQLiteTable & { id: SQLiteColumn; label: SQLiteColumn }
  schema: S
  /** A row as GET / answers it (core's schema; by default an id and a label). */
  answer?: z.ZodType
  /** Who may change it (everyone signed in reads it). */
  may: (actor: OrderActor) => boolean
  /** What the schema cannot check (references to other rows): the fields at fault, or null. */
  check?: (db: DbOrTx, input: z.output<S>, id: number | null) => Promise<FieldIssues | null>
  /**
   * A business refusal of a row written or enabled (a second company without the multi-company
   * module), or null; `active` is the row's state once written.
   */
  allowed?: (db: DbOrTx, active: boolean, id: number | null) => Promise<DomainError | null>
  /** A refusal when the row is still used (delete), or null. */
  inUse?: (db: DbOrTx, row: Row) => Promise<DomainError | null>
  /** Columns written besides the input's (timestamps). */
  stamp?: (now: Date, creating: boolean) => Record<string, unknown>
  /**
   * The row's active flag, when rows are disabled rather than deleted once used: disabled, a row is
   * no longer offered in forms (`?active=1`) and stays on the documents that name it.
   */
  active?: () => SQLiteColumn
  /** Columns the list may be narrowed by (GET ?level=2): one route serves the allocation levels. */
  filters?: Readonly<Record<string, () => SQLiteColumn>>
  /**
   * One list of a table that holds several (the code lists: `list = 'unit'`): every read, write
   * and id is confined to its rows, and a created row carries the value.
   */
  scope?: { column: () => SQLiteColumn; value: string }
  /** Sorted by this column first, then by label (the position forms offer codes in). */
  sort?: () => SQLiteColumn
}

type Refusal<T> = Promise<Result<T, DomainError>>

/** The timestamps of a row with both (`stamp` of a table that keeps created_at and updated_at). */
export const stamped = (now: Date, creating: boolean) =>
  creating ? { created_at: now, updated_at: now } : { updated_at: now }

const inScope = (spec: ReferenceTable<z.ZodType>) =>
  spec.scope === undefined ? [] : [eq(spec.scope.column(), spec.scope.value)]

const findRow = (db: DbOrTx, spec: ReferenceTable<z.ZodType>, id: number) =>
  db
    .select()
    .from(spec.table() as never)
    .where(and(eq(spec.table().id, id), ...inScope(spec)))
    .limit(1)
    .then((rows) => first(rows as Row[]))

/** Every row, by label; `activeOnly`: the rows a form offers; `query`: the declared filters' values. */
export const listReferences = async (
  db: Db,
  spec: ReferenceTable<z.ZodType>,
  activeOnly = false,
  query: Readonly<Record<string, string | undefined>> = {},
) => {
  const where = [
    ...inScope(spec),
    ...Object.entries(spec.filters ?? {}).flatMap(([key, column]) => {
      const value = query[key]
      if (value === undefined || value === '') return []
      return [eq(column(), /^\d+$/.test(value) ? Number(value) : value)]
    }),
  ]
  if (activeOnly && spec.active !== undefined) where.push(eq(spec.active(), true))
  return (await db
    .select()
    .from(spec.table() as never)
    .where(where.length === 0 ? undefined : and(...where))
    .orderBy(...(spec.sort === undefined ? [] : [asc(spec.sort())]), asc(spec.table().label))) as Row[]
}

/**
 * POST …/{id}/disable and …/{id}/enable: a row is taken out of the forms (kept on the documents
 * that name it) or offered again; traced.
 */
export const setReferenceActive = async (
  deps: Deps,
  actor: OrderActor,
  spec: ReferenceTable<z.ZodType>,
  id: number,
  active: boolean,
): Refusal<{ data: { id: number; active: boolean } }> => {
  if (!spec.may(actor)) return err({ code: 'FORBIDDEN' })
  if (spec.active === undefined) return err({ code: 'NOT_FOUND' })
  const row = await findRow(deps.db, spec, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const refused = spec.allowed === undefined ? null : await spec.allowed(deps.db, active, id)
  if (refused !== null) return err(refused)
  const column = spec.active()
  await deps.db.transaction(async (tx) => {
    await tx
      .update(spec.table() as never)
      .set({ [column.name]: active, ...(spec.stamp?.(deps.clock.now(), false) ?? {}) } as never)
      .where(eq(spec.table().id, id))
    await writeTrace(tx, deps.clock, {
      action: active ? 'enable' : 'disable',
      message: `${spec.model} ${String(row.label ?? id)} ${active ? 'enabled' : 'disabled'}`,
      model: spec.model,
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id, active } })
}

/** Creates (id null) or edits a row: parsed, checked, written and traced in one transaction. */
export const saveReference = async <S extends z.ZodType>(
  deps: Deps,
  actor: OrderActor,
  spec: ReferenceTable<S>,
  id: number | null,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  if (!spec.may(actor)) return err({ code: 'FORBIDDEN' })
  if (id !== null && (await findRow(deps.db, spec, id)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(spec.schema, input)
  if (!parsed.ok) return parsed
  const issues = spec.check === undefined ? null : await spec.check(deps.db, parsed.value, id)
  if (issues !== null) return err(formError(issues))
  const refused =
    spec.allowed === undefined
      ? null
      : await spec.allowed(deps.db, (parsed.value as { active?: unknown }).active !== false, id)
  if (refused !== null) return err(refused)
  const now = deps.clock.now()
  const values = {
    ...(parsed.value as object),
    ...(spec.stamp?.(now, id === null) ?? {}),
    ...(spec.scope === undefined ? {} : { [spec.scope.column().name]: spec.scope.value }),
  }
  const saved = await deps.db.transaction(async (tx) => {
    let rowId = id ?? 0
    if (id === null) {
      const inserted = (await tx
        .insert(spec.table() as never)
        .values(values as never)
        .returning({ id: spec.table().id } as never)) as { id: number }[]
      rowId = inserted[0]?.id ?? 0
    } else
      await tx
        .update(spec.table() as never)
        .set(values as never)
        .where(eq(spec.table().id, id))
    await writeTrace(tx, deps.clock, {
      action: id === null ? 'create' : 'update',
      message: `${spec.model} ${String((parsed.value as { label?: unknown }).label ?? rowId)}`,
      model: spec.model,
      model_id: rowId,
      user_id: actor.id,
    })
    return rowId
  })
  return ok({ data: { id: saved } })
}

/** Deletes a row nothing uses (else the spec's refusal), traced. */
export const deleteReference = async (
  deps: Deps,
  actor: OrderActor,
  spec: ReferenceTable<z.ZodType>,
  id: number,
): Refusal<{ data: { id: number } }> => {
  if (!spec.may(actor)) return err({ code: 'FORBIDDEN' })
  const row = await findRow(deps.db, spec, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const used = spec.inUse === undefined ? null : await spec.inUse(deps.db, row)
  if (used !== null) return err(used)
  await deps.db.transaction(async (tx) => {
    await tx.delete(spec.table() as never).where(eq(spec.table().id, id))
    await writeTrace(tx, deps.clock, {
      action: 'delete',
      message: `${spec.model} ${String(row.label ?? id)} deleted`,
      model: spec.model,
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}
