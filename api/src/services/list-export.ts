import { PassThrough, Readable } from 'node:stream'
import { type DomainError, formError } from '@procura/core/errors'
import { defuseFormula, numberStyleFor } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import {
  exportValue,
  type ListColumn,
  type ListDefinition,
  MAX_PER_PAGE,
  parseColumns,
} from '@procura/core/list'
import { err, ok, type Result } from '@procura/core/result'
import { stringify } from 'csv-stringify/sync'

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

type Row = Record<string, unknown>
type Page = { data: readonly unknown[]; meta: { next_cursor?: string | null } }
/** One page of the list, as its GET answers it for this reader (their visibility, their filters). */
export type ReadPage = (query: Record<string, string | undefined>) => Promise<Result<Page, DomainError>>

export type ListExport = { body: ReadableStream<Uint8Array>; contentType: string; filename: string }

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * Reads every row of a list, page after page (by key when the list pages by key, else by number),
 * asking the list's own service so an export holds exactly what the screen shows. One page is in
 * memory at a time.
 */
async function* pagesOf(
  read: ReadPage,
  query: Record<string, string | undefined>,
  first: Page,
  pageSize: number,
) {
  let page = first
  let number = 1
  for (;;) {
    yield page.data as readonly Row[]
    const cursor = page.meta.next_cursor
    if (cursor === null || page.data.length < pageSize) return
    number += 1
    const next = await read(
      cursor === undefined
        ? { ...query, page: String(number) }
        : { ...query, after: cursor, page: undefined },
    )
    if (!next.ok) throw new Error(`export stopped: ${next.error.code}`)
    page = next.value
  }
}

const isoDate = (at: Date, kind: ListColumn['kind']) =>
  kind === 'date' ? at.toISOString().slice(0, 10) : at.toISOString().slice(0, 16).replace('T', ' ')

const csvCell = (column: ListColumn, row: Row, language: Language, decimal: string) => {
  const value = exportValue(column, row, language)
  if (value === null) return ''
  if (value instanceof Date) return isoDate(value, column.kind)
  if (column.kind === 'amount' || column.kind === 'number') return value.replace('.', decimal)
  return defuseFormula(value)
}

/**
 * The reader's CSV: their language's decimal separator, and `;` between cells where the decimal
 * separator is a comma (as spreadsheets in those languages expect); a BOM so that spreadsheets read
 * UTF-8; dates as ISO text, which every spreadsheet reads.
 */
const csvChunks = async function* (
  pages: AsyncGenerator<readonly Row[]>,
  columns: readonly ListColumn[],
  language: Language,
) {
  const { decimal_delimiter: decimal } = numberStyleFor(language)
  const delimiter = decimal === ',' ? ';' : ','
  yield `\uFEFF${stringify([columns.map((c) => c.label[language])], { delimiter, record_delimiter: 'windows' })}`
  for await (const rows of pages)
    yield stringify(
      rows.map((row) => columns.map((c) => csvCell(c, row, language, decimal))),
      { delimiter, record_delimiter: 'windows' },
    )
}

/**
 * The Excel workbook, written as it goes (exceljs's streaming writer): amounts and numbers as
 * numbers, dates as dates, with the column's currency in the amount's format when a row names it.
 */
const workbook = (
  pages: AsyncGenerator<readonly Row[]>,
  list: ListDefinition,
  columns: readonly ListColumn[],
  language: Language,
) => {
  const out = new PassThrough()
  const write = async () => {
    // exceljs is loaded for a first workbook: every server and CLI start would pay a third of a second.
    const { default: ExcelJS } = await import('exceljs')
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
      useStyles: true,
    })
    const sheet = book.addWorksheet(list.title[language].slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    })
    sheet.columns = columns.map((c) => ({
      header: c.label[language],
      key: c.key,
      width: c.kind === 'text' ? 32 : c.kind === 'datetime' ? 18 : 14,
      ...(c.kind === 'amount'
        ? { style: { numFmt: '#,##0.00' } }
        : c.kind === 'date'
          ? { style: { numFmt: 'yyyy-mm-dd' } }
          : c.kind === 'datetime'
            ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } }
            : {}),
    }))
    sheet.getRow(1).font = { bold: true }
    for await (const rows of pages) {
      for (const row of rows)
        sheet
          .addRow(
            columns.map((c) => {
              const value = exportValue(c, row, language)
              return value !== null && (c.kind === 'amount' || c.kind === 'number') ? Number(value) : value
            }),
          )
          .commit()
    }
    sheet.commit()
    await book.commit()
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return Readable.toWeb(out) as ReadableStream<Uint8Array>
}

/**
 * GET /bwapi/{list}/export?format=csv|xlsx&columns=…&{the list's query}: the rows the reader's
 * list shows (their filters, search and sort, every page), in the columns they chose, as a CSV or
 * an Excel workbook, streamed. Refused before anything is sent when the format, the columns or the
 * list's query is wrong.
 */
export const exportList = async (args: {
  list: ListDefinition
  read: ReadPage
  query: Record<string, string | undefined>
  language: Language
  /** Rows read at a time (the lists' largest page unless a test asks for less). */
  pageSize?: number
}): Promise<Result<ListExport, DomainError>> => {
  const { list, read, language, pageSize = MAX_PER_PAGE } = args
  const {
    format = 'csv',
    columns: chosen,
    page: _page,
    per_page: _perPage,
    after: _after,
    ...rest
  } = args.query
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    return err(formError({ format: [{ code: 'NOT_IN_LIST' }] }))
  const keys = parseColumns(list, chosen)
  if (!keys.ok) return keys
  const columns = keys.value.map((key) => list.columns.find((c) => c.key === key) as ListColumn)
  const query = { ...rest, per_page: String(pageSize) }
  const first = await read(query)
  if (!first.ok) return first
  const pages = pagesOf(read, query, first.value, pageSize)
  const stamp = new Date().toISOString().slice(0, 10)
  const filename = `${list.name}-${stamp}.${format}`
  if (format === 'xlsx')
    return ok({ body: workbook(pages, list, columns, language), contentType: CONTENT_TYPES.xlsx, filename })
  const encoder = new TextEncoder()
  const chunks = csvChunks(pages, columns, language)
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
  return ok({ body, contentType: CONTENT_TYPES.csv, filename })
}
