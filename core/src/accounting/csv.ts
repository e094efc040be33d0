import { defuseFormula } from '../format'
import type { JournalEntry, JournalLine } from './journal'
import {
  type AccountingWriter,
  type CsvColumn,
  type EntryContext,
  formatDate,
  number,
  type WriterOptions,
} from './writer'

/** A CSV cell: quoted, quotes doubled; a formula-looking text is defused (CSV injection). */
const cell = (value: string) => {
  const safe = defuseFormula(value)
  return `"${safe.includes('"') ? safe.replace(/"/g, '""') : safe}"`
}

const CSV_HEADERS: Readonly<Record<CsvColumn, string>> = {
  journal: 'Journal',
  date: 'Date',
  piece: 'Piece',
  invoice_number: 'Invoice number',
  account: 'Account',
  auxiliary: 'Auxiliary account',
  label: 'Label',
  debit: 'Debit',
  credit: 'Credit',
  due_date: 'Due date',
  currency: 'Currency',
  currency_amount: 'Amount in currency',
  original_currency: 'Original currency',
}

/** One cell of a line: the entry's own columns, then the line's. */
const cellOf = (
  column: CsvColumn,
  entry: JournalEntry,
  line: JournalLine,
  context: EntryContext,
  options: WriterOptions,
): string => {
  switch (column) {
    case 'journal':
      return cell(entry.journal?.code ?? options.journal_code)
    case 'date':
      return cell(formatDate(entry.date, options.date_format))
    case 'piece':
      return cell(entry.piece)
    case 'invoice_number':
      return cell(context.invoice_number)
    case 'account':
      return cell(line.account)
    case 'auxiliary':
      return cell(line.auxiliary ?? '')
    case 'label':
      return cell(line.label)
    case 'debit':
      return number(line.debit, options.decimal_delimiter)
    case 'credit':
      return number(line.credit, options.decimal_delimiter)
    case 'due_date':
      return cell(formatDate(context.due_date, options.date_format))
    case 'currency':
      return cell(context.currency_code)
    case 'currency_amount':
      return line.currency_amount === undefined ? '' : number(line.currency_amount, options.decimal_delimiter)
    case 'original_currency':
      return cell(line.currency_amount === undefined ? '' : (entry.original_currency ?? ''))
  }
}

/** The configurable CSV: the columns chosen, in their order; strings quoted; amounts and dates as the Formats say. */
export const csvWriter = (options: WriterOptions): AccountingWriter => ({
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  header: () => `${options.csv_columns.map((c) => cell(CSV_HEADERS[c])).join(options.csv_separator)}\r\n`,
  entry: (entry, context) => {
    let text = ''
    for (const line of entry.lines) {
      for (const [i, column] of options.csv_columns.entries())
        text += (i === 0 ? '' : options.csv_separator) + cellOf(column, entry, line, context, options)
      text += '\r\n'
    }
    return text
  },
})
