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

/**
 * The names the FEC gives where the organisation named nothing: the file is read by the French
 * tax administration, so in French (the purchase and bank journals, the suppliers' collective account).
 */
export const FEC_LABELS = { purchases: 'Achats', bank: 'Banque', suppliers: 'Fournisseurs' } as const

/** FEC text: no separator, no line break inside a field. */
const fecText = (value: string) => value.replace(/[|\t\r\n]/g, ' ')

/**
 * The FEC: pipe-separated, a header of the 18 column names, dates as yyyyMMdd, amounts with a
 * comma, every line of an entry under one EcritureNum, each column as article A47 A-1 of the LPF
 * defines it: JournalLib the journal's name; CompteNum/CompteLib the general account's number and
 * name (on the supplier line, the collective account — the export prefix — and "Fournisseurs");
 * CompAuxNum/CompAuxLib the supplier's auxiliary account and the supplier's name; PieceRef and
 * PieceDate the voucher; EcritureLib the entry's label; EcritureLet/DateLet the lettering;
 * ValidDate the day the entry was validated (exported); Montantdevise/Idevise the line's amount
 * in the invoice's own currency when the entry is booked in its company's (a FEC is kept in one
 * currency: an invoice in another is converted at its date's rate, journal.ts).
 */
export const fecWriter = (options: WriterOptions & { prefix: string }): AccountingWriter => ({
  extension: 'txt',
  contentType: 'text/plain; charset=utf-8',
  header: () => `${FEC_COLUMNS.join('|')}\r\n`,
  entry: (entry, context) =>
    entry.lines
      .map((line) =>
        [
          fecText(entry.journal?.code ?? options.journal_code),
          fecText(entry.journal?.label ?? options.journal_label ?? FEC_LABELS.purchases),
          String(context.number),
          formatDate(entry.date, 'yyyyMMdd'),
          line.auxiliary === null ? fecText(line.account) : fecText(options.prefix),
          line.auxiliary === null ? fecText(line.account_label) : FEC_LABELS.suppliers,
          fecText(line.auxiliary ?? ''),
          fecText(line.auxiliary_label ?? ''),
          fecText(entry.piece),
          formatDate(entry.piece_date ?? entry.date, 'yyyyMMdd'),
          fecText(line.label),
          line.debit.replace('.', ','),
          line.credit.replace('.', ','),
          fecText(line.lettering ?? ''),
          line.lettering ? formatDate(line.lettered_on ?? entry.date, 'yyyyMMdd') : '',
          formatDate(options.exported_on, 'yyyyMMdd'),
          (line.currency_amount ?? '').replace('.', ','),
          line.currency_amount === undefined ? '' : fecText(entry.original_currency ?? ''),
        ].join('|'),
      )
      .map((row) => `${row}\r\n`)
      .join(''),
})
