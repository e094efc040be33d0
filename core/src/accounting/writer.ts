import type { JournalEntry } from './journal'

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
  'currency_amount',
  'original_currency',
] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number]

export const DATE_FORMATS = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyyMMdd'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

/** How a file is written: the journal, the Formats settings (decimal delimiter, date format), the CSV's own. */
export type WriterOptions = {
  journal_code: string
  /** The purchase journal's name; null: the format's own (the FEC's "Achats"). */
  journal_label: string | null
  decimal_delimiter: '.' | ','
  date_format: DateFormat
  csv_separator: string
  csv_columns: readonly CsvColumn[]
  /** The day the export was made (FEC's ValidDate). */
  exported_on: string
}

/** What a writer needs beside the entry: its sequence number, the invoice's number, due date and booking currency. */
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

/** An amount with the decimal delimiter asked. */
export const number = (amount: string, delimiter: '.' | ',') =>
  delimiter === ',' ? amount.replace('.', ',') : amount
