import { hasDuty } from '@procura/core/auth'
import {
  ChartRowInputSchema,
  CIRCUIT_CSV_COLUMNS,
  checkChart,
  criteriaCell,
  DOCUMENT_TYPES,
  type DocumentType,
  isDocumentType,
  readCriteriaCell,
} from '@procura/core/circuit'
import { parseWith, translate } from '@procura/core/errors'
import { checkImportHeader } from '@procura/core/import'
import { err, ok } from '@procura/core/result'
import { stringify } from 'csv-stringify/sync'
import { asc } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db'
import { circuitRows } from '../../db/schema'
import {
  IMPORT_SEPARATOR,
  type ImportDefinition,
  importerOf,
  marks,
  type RowOutcome,
  sayer,
} from '../imports/engine'
import { chartRowOf, knownCodes } from './administration'

type Row = { line: number; row: z.output<typeof ChartRowInputSchema> }
type Context = { known: Awaited<ReturnType<typeof knownCodes>>; charts: Map<DocumentType, Row[]> }

const cell = (cells: Readonly<Record<string, string>>, column: string) => {
  const raw = (cells[column] ?? '').trim()
  return raw === '' ? null : raw
}

/**
 * A file of validation charts (`procura import circuits`, POST /bwapi/circuits/import): each line a
 * chart row of its document type; the file replaces the chart of every type it names, checked by
 * the same rules as the screen (core's checkChart, across each chart's rows, once the file is
 * read). All or nothing.
 */
const CIRCUIT_IMPORT: ImportDefinition<Context> = {
  name: 'circuits',
  may: (actor) =>
    actor.administrator === true || hasDuty(actor, 'admin_menu') ? ok(undefined) : err({ code: 'FORBIDDEN' }),
  checkHeader: (header) => checkImportHeader(header, CIRCUIT_CSV_COLUMNS, ['document_type', 'criteria']),
  prepare: async (db) => ({ known: await knownCodes(db), charts: new Map() }),
  writeBatch: async (_tx, rows, context, _now, language) => {
    const say = sayer(language)
    return rows.map((row): RowOutcome => {
      const type = cell(row.cells, 'document_type') ?? ''
      if (!isDocumentType(type)) return { messages: [say('document_type', 'NOT_IN_LIST')] }
      const criteria = readCriteriaCell(row.cells.criteria ?? '')
      if ('bad' in criteria) return { messages: [say('criteria', 'INVALID_VALUE')] }
      const weight = cell(row.cells, 'weight')
      const parsed = parseWith(ChartRowInputSchema, {
        min_amount: cell(row.cells, 'min_amount') ?? '0',
        max_amount: cell(row.cells, 'max_amount'),
        weight: weight === null ? null : /^\d+$/.test(weight) ? Number(weight) : weight,
        criteria: criteria.criteria,
        validator_login: cell(row.cells, 'validator_login'),
        validator_role: cell(row.cells, 'validator_role'),
      })
      if (!parsed.ok)
        return {
          messages: Object.entries(parsed.error.fields ?? {}).flatMap(([field, issues]) =>
            issues.map((i) => say(field, i.code, i.params)),
          ),
        }
      context.charts.set(type, [...(context.charts.get(type) ?? []), { line: row.line, row: parsed.value }])
      return { created: true }
    })
  },
  finish: async (tx, context, _now, language) => {
    const refused: { line: number; messages: string[] }[] = []
    for (const [type, rows] of context.charts) {
      const checked = checkChart(
        rows.map((r) => chartRowOf(r.row)),
        context.known,
      )
      if (!checked.ok) {
        for (const [key, issues] of Object.entries(checked.error.fields ?? {})) {
          const [index, ...field] = key.split('.')
          refused.push({
            line: rows[Number(index)]?.line ?? 0,
            messages: issues.map((i) => `${field.join('.')}: ${translate(i.code, i.params, language)}`),
          })
        }
        continue
      }
      await tx.execute({ sql: 'DELETE FROM circuit_rows WHERE document_type = ?', args: [type] })
      for (const { row } of rows)
        await tx.execute({
          sql: `INSERT INTO circuit_rows (document_type, min_amount, max_amount, weight, criteria, validator_login, validator_role) VALUES (${marks(7)})`,
          args: [
            type,
            row.min_amount,
            row.max_amount,
            row.weight,
            JSON.stringify(row.criteria),
            row.validator_login,
            row.validator_role,
          ],
        })
    }
    return refused.sort((a, b) => a.line - b.line)
  },
}

export const importCircuits = importerOf(CIRCUIT_IMPORT)

/** Every chart row as the import reads them (`procura export circuits`, GET /bwapi/circuits/file). */
export async function* exportCircuits(db: Db) {
  const write = (cells: string[][]) =>
    stringify(cells, { delimiter: IMPORT_SEPARATOR, record_delimiter: 'windows' })
  yield `\uFEFF${write([[...CIRCUIT_CSV_COLUMNS]])}`
  const rows = await db
    .select()
    .from(circuitRows)
    .orderBy(asc(circuitRows.document_type), asc(circuitRows.id))
  yield write(
    rows
      .filter((r) => (DOCUMENT_TYPES as readonly string[]).includes(r.document_type))
      .map((r) => [
        r.document_type,
        r.min_amount,
        r.max_amount ?? '',
        r.weight === null ? '' : String(r.weight),
        criteriaCell(r.criteria as Record<string, string>),
        r.validator_login ?? '',
        r.validator_role ?? '',
      ]),
  )
}
