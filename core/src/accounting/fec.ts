import { type AccountingWriter, formatDate, type WriterOptions } from './writer'

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
