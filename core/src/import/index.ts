import { z } from 'zod'
import { defOf, unwrap } from '../settings/fields'

/**
 * What an import answers (API, CLI `--json`, the app's import dialog): the lines read, what was
 * written, and the refused lines with their messages. All or nothing: one refused line, or a dry
 * run, writes nothing.
 */
export const ImportSummarySchema = z.object({
  /** Data lines read. */
  checked: z.number().int(),
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** The first refused lines (line numbers count the header as line 1). */
  errors: z.array(z.object({ line: z.number().int(), messages: z.array(z.string()) })),
  /** Checked only: nothing was written. */
  dry_run: z.boolean(),
  /** One sentence in the reader's language. */
  message: z.string(),
})
export type ImportSummary = z.infer<typeof ImportSummarySchema>

/** A flag cell of an import file: 1, true, yes in the product's languages; anything else is no. */
export const isYesCell = (value: string) => YES.has(value.trim().toLowerCase())
const YES = new Set(['1', 'true', 'yes', 'oui', 'sí', 'si'])

/** The answer of an import call. */
export const ImportAnswerSchema = z.object({ data: ImportSummarySchema })

/**
 * An import file's header: known columns only, each once, the required ones present (any order;
 * a column left out keeps its value). Refused with the expected columns named.
 */
export const checkImportHeader = (
  header: readonly string[],
  columns: readonly string[],
  required: readonly string[],
) =>
  header.every((h) => columns.includes(h)) &&
  new Set(header).size === header.length &&
  required.every((r) => header.includes(r))
    ? null
    : ({ code: 'IMPORT_BAD_HEADERS', params: { expected: columns.join(';') } } as const)

/** A number, a numeric literal, or a choice of them (an allocation's level 1 to 4). */
const isNumeric = (schema: z.ZodType): boolean => {
  const def = defOf(schema) as { type: string; values?: unknown[]; options?: z.ZodType[] }
  if (def.type === 'number') return true
  if (def.type === 'literal') return (def.values ?? []).every((v) => typeof v === 'number')
  return def.type === 'union' && (def.options ?? []).every(isNumeric)
}

/**
 * A line of a reference list's file read into the input of the list's schema: a blank cell is
 * left out (the schema's default), a flag reads as `isYesCell`, a whole number as a number (a cell
 * that is not one stays text, for the schema to refuse), anything else as text.
 */
export const inputFromCells = (
  schema: z.ZodObject,
  cells: Readonly<Record<string, string>>,
): Record<string, unknown> => {
  const input: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = (cells[key] ?? '').trim()
    if (raw === '') continue
    const inner = unwrap(field as z.ZodType).schema
    input[key] =
      defOf(inner).type === 'boolean'
        ? isYesCell(raw)
        : isNumeric(inner) && /^-?\d+$/.test(raw)
          ? Number(raw)
          : raw
  }
  return input
}

/** The column of a reference list's file that names another list's row by its code (a field holding an id). */
export const REFERENCE_LINK_COLUMNS: Readonly<Record<string, string>> = {
  company_id: 'company',
  product_family_type_id: 'family_type',
  product_family_id: 'family',
  parent_id: 'parent',
}

/** A reference list's file columns: its schema's fields in order, those naming another row as its code. */
export const referenceFileColumns = (schema: z.ZodObject) =>
  Object.keys(schema.shape).map((key) => REFERENCE_LINK_COLUMNS[key] ?? key)
