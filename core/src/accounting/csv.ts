import { type AccountingWriter, type CsvColumn, formatDate, number, type WriterOptions } from './writer'

/** A CSV cell: quoted, quotes doubled; a formula-looking text is defused (CSV injection). */
const cell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`

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

/** The configurable CSV: the columns chosen, in their order; strings quoted; amounts and dates as the Formats say. */
export const csvWriter = (options: WriterOptions): AccountingWriter => ({
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  header: () => `${options.csv_columns.map((c) => cell(CSV_HEADERS[c])).join(options.csv_separator)}\r\n`,
  entry: (entry, context) =>
    entry.lines
      .map((line) => {
        const values: Record<CsvColumn, string> = {
          journal: cell(entry.journal?.code ?? options.journal_code),
          date: cell(formatDate(entry.date, options.date_format)),
          piece: cell(entry.piece),
          invoice_number: cell(context.invoice_number),
          account: cell(line.account),
          auxiliary: cell(line.auxiliary ?? ''),
          label: cell(line.label),
          debit: number(line.debit, options.decimal_delimiter),
          credit: number(line.credit, options.decimal_delimiter),
          due_date: cell(formatDate(context.due_date, options.date_format)),
          currency: cell(context.currency_code),
          currency_amount:
            line.currency_amount === undefined ? '' : number(line.currency_amount, options.decimal_delimiter),
          original_currency: cell(line.currency_amount === undefined ? '' : (entry.original_currency ?? '')),
        }
        return `${options.csv_columns.map((c) => values[c]).join(options.csv_separator)}\r\n`
      })
      .join(''),
})
