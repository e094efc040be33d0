import type { JournalEntry } from './journal'

/** The formats an accounting export is written in; each is one writer below. */
export const ACCOUNTING_FORMATS = ['csv', 'fec'] as const
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number]

export const CSV_COLUMNS = [
  'journal',
  'date',
  'piece',
  'invoice_number',
  'account',
  'auxiliary',
  'label',
  'debit',
  'credit',
  'due_date',
  'currency',
] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number]

export const DATE_FORMATS = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyyMMdd'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

/** How a file is written: the journal, the Formats settings (decimal delimiter, date format), the CSV's own. */
export type WriterOptions = {
  journal_code: string
  journal_label: string
  decimal_delimiter: '.' | ','
  date_format: DateFormat
  csv_separator: string
  csv_columns: readonly CsvColumn[]
  /** The day the export was made (FEC's ValidDate). */
  exported_on: string
}

/** What a writer needs beside the entry: its sequence number, the invoice's number, due date and currency. */
export type EntryContext = { number: number; invoice_number: string; due_date: string; currency_code: string }

/** A format writes a header (or nothing) and then each entry's lines, one string per entry. */
export type AccountingWriter = {
  extension: string
  contentType: string
  header: () => string
  entry: (entry: JournalEntry, context: EntryContext) => string
}

export const formatDate = (iso: string, format: DateFormat): string => {
  const [y = '', m = '', d = ''] = iso.slice(0, 10).split('-')
  switch (format) {
    case 'yyyy-MM-dd':
      return `${y}-${m}-${d}`
    case 'dd/MM/yyyy':
      return `${d}/${m}/${y}`
    case 'MM/dd/yyyy':
      return `${m}/${d}/${y}`
    case 'yyyyMMdd':
      return `${y}${m}${d}`
  }
}

const number = (amount: string, delimiter: '.' | ',') =>
  delimiter === ',' ? amount.replace('.', ',') : amount

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
          journal: cell(options.journal_code),
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
        }
        return `${options.csv_columns.map((c) => values[c]).join(options.csv_separator)}\r\n`
      })
      .join(''),
})

/** The 18 columns of the French Fichier des Écritures Comptables (article A47 A-1 of the LPF), in order. */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const

/** FEC text: no separator, no line break inside a field. */
const fecText = (value: string) => value.replace(/[|\t\r\n]/g, ' ')

/**
 * The FEC: pipe-separated, a header of the 18 column names, dates as yyyyMMdd, amounts with a
 * comma, every line of an entry under one EcritureNum. The supplier line's CompteNum is the
 * collective account (the export prefix), its CompAuxNum the supplier's account.
 */
export const fecWriter = (options: WriterOptions & { prefix: string }): AccountingWriter => ({
  extension: 'txt',
  contentType: 'text/plain; charset=utf-8',
  header: () => `${FEC_COLUMNS.join('|')}\r\n`,
  entry: (entry, context) =>
    entry.lines
      .map((line) =>
        [
          fecText(options.journal_code),
          fecText(options.journal_label),
          String(context.number),
          formatDate(entry.date, 'yyyyMMdd'),
          line.auxiliary === null ? fecText(line.account) : fecText(options.prefix),
          line.auxiliary === null ? fecText(line.account) : 'Fournisseurs',
          fecText(line.auxiliary ?? ''),
          line.auxiliary === null ? '' : fecText(line.label),
          fecText(entry.piece),
          formatDate(entry.date, 'yyyyMMdd'),
          fecText(line.label),
          line.debit.replace('.', ','),
          line.credit.replace('.', ','),
          '',
          '',
          formatDate(options.exported_on, 'yyyyMMdd'),
          context.currency_code === 'EUR'
            ? ''
            : (Number(line.debit) !== 0 ? line.debit : line.credit).replace('.', ','),
          context.currency_code === 'EUR' ? '' : context.currency_code,
        ].join('|'),
      )
      .map((row) => `${row}\r\n`)
      .join(''),
})

/** The writer of a format. */
export const writerFor = (
  format: AccountingFormat,
  options: WriterOptions & { prefix: string },
): AccountingWriter => (format === 'fec' ? fecWriter(options) : csvWriter(options))
