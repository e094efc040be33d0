import { applyCsvRow } from '@procura/core/article'
import { parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  checkCanManageSuppliers,
  checkSupplierCsvHeader,
  SUPPLIER_CSV_COLUMNS,
  SupplierInputSchema,
} from '@procura/core/supplier'
import { asc, gt } from 'drizzle-orm'
import type { Db } from '../../db'
import type { RawTx } from '../../db/raw-transaction'
import { currencies, supplierGroups, suppliers } from '../../db/schema'
import {
  type ImportDefinition,
  type ImportRow,
  idOver,
  importerOf,
  importFileLines,
  issueMessages,
  marks,
  type RowOutcome,
  sayer,
} from '../imports/engine'

/** The columns an import writes: the file's, the group by its id (the record's others keep their value, or their default on creation). */
const WRITTEN = SUPPLIER_CSV_COLUMNS.filter((c) => c !== 'id').map((c) => (c === 'group' ? 'group_id' : c))

type Context = { groupLabels: Map<number, string>; currencies: Set<string> }
type Existing = Record<string, unknown> & { id: number }

/**
 * A batch of suppliers: each row read over its current record (blank keeps, `#null` empties),
 * checked by core's schema, its group found by label and its currency among the instance's; a code
 * taken in the database or earlier in the file is refused. New suppliers are prospects until
 * approved unless the file says otherwise.
 */
const writeBatch = async (
  tx: RawTx,
  rows: ImportRow[],
  context: Context,
  now: Date,
  language: Language,
): Promise<RowOutcome[]> => {
  const say = sayer(language)
  const codes = rows.map((r) => (r.cells.code ?? '').trim()).filter((c) => c !== '')
  const owners = new Map<string, number>()
  if (codes.length > 0)
    for (const row of (
      await tx.execute({
        sql: `SELECT id, code FROM suppliers WHERE code IN (${marks(codes.length)})`,
        args: codes,
      })
    ).rows)
      owners.set(String(row.code), Number(row.id))
  const claimed = new Set<string>()
  const outcomes: RowOutcome[] = []
  for (const row of rows) {
    const current = row.current as Existing | undefined
    if (row.current === undefined && (row.cells.id ?? '').trim() !== '') {
      outcomes.push({ messages: row.messages })
      continue
    }
    const base: Record<string, unknown> =
      current === undefined
        ? { status: 'prospect' }
        : {
            ...Object.fromEntries(WRITTEN.map((k) => [k, current[k] ?? null])),
            group:
              current.group_id === null ? null : (context.groupLabels.get(Number(current.group_id)) ?? null),
          }
    const { fields, invalid } = applyCsvRow(base, row.cells)
    const messages = [...row.messages, ...invalid.map((column) => say(column, 'INVALID_VALUE'))]
    delete fields.group
    delete fields.group_id
    // The group by its label: blank keeps the supplier's, `#null` takes it out of its group.
    const groupId = idOver(row, 'group', 'group_id')
    const parsed = parseWith(SupplierInputSchema, fields)
    if (!parsed.ok) messages.push(...issueMessages(say, parsed.error))
    if (parsed.ok && !context.currencies.has(parsed.value.currency_code))
      messages.push(
        say('currency_code', 'UNKNOWN_CODE', { kind: 'currency', value: parsed.value.currency_code }),
      )
    if (parsed.ok) {
      const owner = owners.get(parsed.value.code)
      if ((owner !== undefined && owner !== current?.id) || claimed.has(parsed.value.code))
        messages.push(say('code', 'NOT_UNIQUE'))
    }
    if (messages.length > 0 || !parsed.ok) {
      outcomes.push({ messages })
      continue
    }
    claimed.add(parsed.value.code)
    const record: Record<string, unknown> = { ...parsed.value, group_id: groupId }
    const values = WRITTEN.map((k) => record[k] ?? null)
    if (current === undefined)
      await tx.execute({
        sql: `INSERT INTO suppliers (${WRITTEN.join(', ')}, created_at, updated_at) VALUES (${marks(WRITTEN.length + 2)})`,
        args: [...values, now, now],
      })
    else
      await tx.execute({
        sql: `UPDATE suppliers SET ${WRITTEN.map((k) => `${k} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
        args: [...values, now, current.id],
      })
    outcomes.push({ created: current === undefined })
  }
  return outcomes
}

/** Suppliers by CSV (spec §2 import screens; one import engine). */
export const SUPPLIER_IMPORT: ImportDefinition<Context> = {
  name: 'supplier',
  may: checkCanManageSuppliers,
  checkHeader: checkSupplierCsvHeader,
  table: 'suppliers',
  codes: { group: { kind: 'group', code: () => supplierGroups.label, id: () => supplierGroups.id } },
  prepare: async (db: Db) => {
    const [groups, known] = await Promise.all([
      db.select({ id: supplierGroups.id, label: supplierGroups.label }).from(supplierGroups),
      db.select({ code: currencies.code }).from(currencies),
    ])
    return {
      groupLabels: new Map(groups.map((g) => [g.id, g.label])),
      currencies: new Set(known.map((c) => c.code)),
    }
  },
  writeBatch,
}

/** POST /bwapi/suppliers/import and `procura import suppliers`: all or nothing, or a dry run. */
export const importSuppliers = importerOf(SUPPLIER_IMPORT)

/** Every supplier as `procura import suppliers` reads it back (its group by label), 1,000 at a time. */
export const exportSuppliers = (db: Db) =>
  importFileLines(
    SUPPLIER_CSV_COLUMNS,
    (async function* () {
      const groups = new Map(
        (await db.select({ id: supplierGroups.id, label: supplierGroups.label }).from(supplierGroups)).map(
          (g) => [g.id, g.label],
        ),
      )
      for (let last = 0; ; ) {
        const page = await db
          .select()
          .from(suppliers)
          .where(gt(suppliers.id, last))
          .orderBy(asc(suppliers.id))
          .limit(1000)
        if (page.length === 0) return
        last = page[page.length - 1]?.id ?? last
        yield page.map((row) =>
          SUPPLIER_CSV_COLUMNS.map((column) =>
            column === 'group'
              ? row.group_id === null
                ? null
                : groups.get(row.group_id)
              : (row as Record<string, unknown>)[column],
          ),
        )
      }
    })(),
  )
