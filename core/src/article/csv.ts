import type { FieldIssue } from '../errors/domain-error'
import { checkImportHeader } from '../import'

/** The columns of articles.csv, in order (export writes them; import accepts any subset with id and reference). */
export const ARTICLE_CSV_COLUMNS = [
  'id',
  'reference',
  'label',
  'supplier_code',
  'unit_price_exctax',
  'unit_number_per_price',
  'original_unit_price_exctax',
  'quantity_step',
  'vat_rate',
  'vat_rate_2',
  'conditioning',
  'supplier_sheet_url',
  'internal',
  'active',
  'product_family_type',
  'product_family',
  'product_subfamily',
] as const
export type ArticleCsvColumn = (typeof ARTICLE_CSV_COLUMNS)[number]

/** Spec §9: semicolon separator, quoted strings, `#null` empties a field, a blank id creates. */
export const CSV_SEPARATOR = ';'
export const CSV_NULL = '#null'
export const ARTICLES_CSV_NAME = 'articles.csv'

const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set(['internal', 'active'])
const TRUE = new Set(['1', 'true', 'yes', 'oui', 'sí', 'si'])
const FALSE = new Set(['0', 'false', 'no', 'non'])

/**
 * Whether an import file's header is valid: known columns only, each once, with id and reference.
 * Refused with the columns expected.
 */
export const checkCsvHeader = (header: readonly string[]): FieldIssue | null =>
  checkImportHeader(header, ARTICLE_CSV_COLUMNS, ['id', 'reference'])

export type CsvCell = { kind: 'keep' } | { kind: 'null' } | { kind: 'value'; value: string | boolean }

/**
 * What one cell asks for: left blank, it keeps the current value (or the default on creation);
 * `#null` empties the field; otherwise its value (booleans read as 1/0, true/false, yes/no).
 */
export const readCsvCell = (column: string, raw: string): CsvCell | { kind: 'invalid' } => {
  const text = raw.trim()
  if (text === '') return { kind: 'keep' }
  if (text === CSV_NULL) return { kind: 'null' }
  if (BOOLEAN_COLUMNS.has(column)) {
    const lower = text.toLowerCase()
    if (TRUE.has(lower)) return { kind: 'value', value: true }
    if (FALSE.has(lower)) return { kind: 'value', value: false }
    return { kind: 'invalid' }
  }
  return { kind: 'value', value: text }
}

/**
 * Applies one CSV row to the current fields of an article (or {} to create one): the result is
 * the input the article schema then checks, plus the cells that could not be read.
 */
export const applyCsvRow = (
  current: Readonly<Record<string, unknown>>,
  row: Readonly<Record<string, string>>,
): { fields: Record<string, unknown>; invalid: string[] } => {
  const fields: Record<string, unknown> = { ...current }
  const invalid: string[] = []
  for (const [column, raw] of Object.entries(row)) {
    if (column === 'id') continue
    const cell = readCsvCell(column, raw)
    if (cell.kind === 'invalid') invalid.push(column)
    else if (cell.kind === 'null') fields[column] = null
    else if (cell.kind === 'value') fields[column] = cell.value
  }
  return { fields, invalid }
}

/** One cell of an export: booleans as 1/0, null as empty. */
export const csvValue = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? '1' : '0'
  return String(value)
}
