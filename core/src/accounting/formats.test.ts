import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import { csvWriter, FEC_COLUMNS, fecWriter, formatDate, type WriterOptions } from './formats'
import type { JournalEntry } from './journal'

const entry: JournalEntry = {
  invoice_id: 1,
  piece: '202611-0001',
  date: '2026-11-21',
  label: 'Bureau "Plus"; SARL F-118',
  lines: [
    {
      account: '606100',
      account_label: 'Fournitures de bureau',
      auxiliary: null,
      auxiliary_label: null,
      label: 'Bureau "Plus"; SARL F-118',
      debit: '1234.50',
      credit: '0.00',
    },
    {
      account: '4456620',
      account_label: 'TVA déductible 20 %',
      auxiliary: null,
      auxiliary_label: null,
      label: 'Bureau "Plus"; SARL F-118',
      debit: '246.90',
      credit: '0.00',
    },
    {
      account: '401BUREAU',
      account_label: '401BUREAU',
      auxiliary: '401BUREAU',
      auxiliary_label: 'Bureau Plus SARL',
      label: 'Bureau "Plus"; SARL F-118',
      debit: '0.00',
      credit: '1481.40',
    },
  ],
}
const context = { number: 7, invoice_number: 'F-118', due_date: '2026-12-31', currency_code: 'EUR' }
const options: WriterOptions = {
  journal_code: 'ACH',
  journal_label: null,
  decimal_delimiter: ',',
  date_format: 'dd/MM/yyyy',
  csv_separator: ';',
  csv_columns: ['journal', 'date', 'piece', 'account', 'label', 'debit', 'credit', 'due_date'],
  exported_on: '2026-11-23',
}

test.each([
  ['yyyy-MM-dd', '2026-11-21'],
  ['dd/MM/yyyy', '21/11/2026'],
  ['MM/dd/yyyy', '11/21/2026'],
  ['yyyyMMdd', '20261121'],
] as const)('dates as %s', (format, written) => {
  expect(formatDate('2026-11-21', format)).toBe(written)
})

test('the CSV reads back: chosen columns, quoted texts, the Formats’ decimals and dates', () => {
  const writer = csvWriter(options)
  const text = writer.header() + writer.entry(entry, context)
  const rows = parse(text, { delimiter: ';', relax_column_count: false }) as string[][]
  expect(rows[0]).toEqual(['Journal', 'Date', 'Piece', 'Account', 'Label', 'Debit', 'Credit', 'Due date'])
  expect(rows.slice(1)).toEqual([
    [
      'ACH',
      '21/11/2026',
      '202611-0001',
      '606100',
      'Bureau "Plus"; SARL F-118',
      '1234,50',
      '0,00',
      '31/12/2026',
    ],
    [
      'ACH',
      '21/11/2026',
      '202611-0001',
      '4456620',
      'Bureau "Plus"; SARL F-118',
      '246,90',
      '0,00',
      '31/12/2026',
    ],
    [
      'ACH',
      '21/11/2026',
      '202611-0001',
      '401BUREAU',
      'Bureau "Plus"; SARL F-118',
      '0,00',
      '1481,40',
      '31/12/2026',
    ],
  ])
  const dotted = csvWriter({
    ...options,
    decimal_delimiter: '.',
    csv_separator: ',',
    date_format: 'yyyy-MM-dd',
  })
  const again = parse(dotted.entry(entry, context), { delimiter: ',' }) as string[][]
  expect(again[0]?.[1]).toBe('2026-11-21')
  expect(again[0]?.[5]).toBe('1234.50')
})

test('a formula-looking text is defused in the CSV', () => {
  const writer = csvWriter({ ...options, csv_columns: ['label'] })
  const rows = parse(
    writer.entry(
      { ...entry, lines: [{ ...entry.lines[0], label: '=HYPERLINK("x")' } as JournalEntry['lines'][number]] },
      context,
    ),
    { delimiter: ';' },
  ) as string[][]
  expect(rows[0]?.[0]).toBe('\'=HYPERLINK("x")')
})

test('the FEC reads back: 18 columns, yyyyMMdd dates, comma amounts, the supplier on its auxiliary account', () => {
  const writer = fecWriter({ ...options, prefix: '401' })
  const lines = (writer.header() + writer.entry(entry, context))
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('|'))
  expect(lines[0]).toEqual([...FEC_COLUMNS])
  for (const line of lines) expect(line).toHaveLength(18)
  const rows = lines.slice(1).map((l) => Object.fromEntries(FEC_COLUMNS.map((c, i) => [c, l[i]])))
  // Each column as article A47 A-1 of the LPF defines it.
  expect(rows[0]).toEqual({
    JournalCode: 'ACH',
    JournalLib: 'Achats',
    EcritureNum: '7',
    EcritureDate: '20261121',
    CompteNum: '606100',
    CompteLib: 'Fournitures de bureau',
    CompAuxNum: '',
    CompAuxLib: '',
    PieceRef: '202611-0001',
    PieceDate: '20261121',
    EcritureLib: 'Bureau "Plus"; SARL F-118',
    Debit: '1234,50',
    Credit: '0,00',
    EcritureLet: '',
    DateLet: '',
    ValidDate: '20261123',
    Montantdevise: '',
    Idevise: '',
  })
  expect(rows[1]).toMatchObject({ CompteNum: '4456620', CompteLib: 'TVA déductible 20 %' })
  expect(rows[2]).toMatchObject({
    CompteNum: '401',
    CompteLib: 'Fournisseurs',
    CompAuxNum: '401BUREAU',
    CompAuxLib: 'Bureau Plus SARL',
    Debit: '0,00',
    Credit: '1481,40',
  })
  // Debits and credits of the entry match, read back from the file.
  const sum = (key: 'Debit' | 'Credit') =>
    rows.reduce((s, r) => s + Math.round(Number(String(r[key]).replace(',', '.')) * 100), 0)
  expect(sum('Debit')).toBe(sum('Credit'))
})

test('an entry booked from another currency: the FEC and the CSV give each line’s amount in it and its code', () => {
  const converted: JournalEntry = {
    ...entry,
    original_currency: 'USD',
    lines: entry.lines.map((l, i) => ({
      ...l,
      currency_amount: ['1333.26', '266.65', '1599.91'][i] as string,
    })),
  }
  const fec = fecWriter({ ...options, prefix: '401' })
    .entry(converted, context)
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('|'))
  expect(fec.map((l) => [l[11], l[12], l[16], l[17]])).toEqual([
    ['1234,50', '0,00', '1333,26', 'USD'],
    ['246,90', '0,00', '266,65', 'USD'],
    ['0,00', '1481,40', '1599,91', 'USD'],
  ])
  const csv = csvWriter({
    ...options,
    csv_columns: ['account', 'debit', 'currency', 'currency_amount', 'original_currency'],
  })
  const rows = parse(csv.entry(converted, context), { delimiter: ';' }) as string[][]
  expect(rows[0]).toEqual(['606100', '1234,50', 'EUR', '1333,26', 'USD'])
  // Booked in its own currency, the columns stay empty.
  expect((parse(csv.entry(entry, context), { delimiter: ';' }) as string[][])[0]).toEqual([
    '606100',
    '1234,50',
    'EUR',
    '',
    '',
  ])
})
