import { csvWriter } from './csv'
import { fecWriter } from './fec'
import type { AccountingWriter, WriterOptions } from './writer'

/** The formats an accounting export is written in; each is one writer, in its own file (csv.ts, fec.ts). */
export const ACCOUNTING_FORMATS = ['csv', 'fec'] as const
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number]

export { csvWriter } from './csv'
export { FEC_COLUMNS, FEC_LABELS, fecWriter } from './fec'
export {
  type AccountingWriter,
  CSV_COLUMNS,
  type CsvColumn,
  DATE_FORMATS,
  type DateFormat,
  type EntryContext,
  formatDate,
  type WriterOptions,
} from './writer'

/** The writer of a format. */
export const writerFor = (
  format: AccountingFormat,
  options: WriterOptions & { prefix: string },
): AccountingWriter => (format === 'fec' ? fecWriter(options) : csvWriter(options))
