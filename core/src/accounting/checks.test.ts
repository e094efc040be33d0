import { expect, test } from 'vitest'
import { allowedOf } from '../policy/decisions'
import { allowedAccountingExportActions } from './access'
import { checkExportSelection, type ExportCandidate, exportProblems, isExportable } from './checks'

const candidate = (changes: Partial<ExportCandidate> = {}): ExportCandidate => ({
  id: 1,
  code: 'I-1',
  status: 'validated',
  company_id: 1,
  exported: false,
  supplier: { code: 'OFFICEPRO', name: 'OfficePro' },
  has_accounts: true,
  ...changes,
})

test.each([
  ['no invoice', [], 'PAYMENT_NO_INVOICE', undefined],
  ['two companies', [candidate(), candidate({ id: 2, company_id: 2 })], 'DIFFERENT_COMPANIES', undefined],
  [
    'not validated',
    [
      candidate(),
      candidate({ id: 2, code: 'I-2', status: 'awaiting' }),
      candidate({ id: 3, code: 'I-3', status: 'draft' }),
    ],
    'INVOICE_NOT_VALIDATED',
    { invoice: 'I-2, I-3' },
  ],
  ['already exported', [candidate({ exported: true })], 'INVOICE_ALREADY_EXPORTED', { invoice: 'I-1' }],
  [
    'a supplier without code',
    [candidate({ supplier: { code: null, name: 'Nameless' } })],
    'SUPPLIER_WITHOUT_CODE',
    { supplier: 'Nameless' },
  ],
  [
    'a line without account',
    [candidate({ has_accounts: false })],
    'MISSING_ACCOUNTING_ENTRY',
    { invoice: 'I-1' },
  ],
] as const)('refused: %s', (_name, candidates, code, params) => {
  const checked = checkExportSelection(candidates)
  expect(checked.ok ? null : checked.error).toEqual(params === undefined ? { code } : { code, params })
})

test('the export screen lists every problem at once', () => {
  const problems = exportProblems([
    candidate(),
    candidate({ id: 2, code: 'I-2', status: 'draft' }),
    candidate({ id: 3, code: 'I-3', exported: true }),
    candidate({ id: 4, code: 'I-4', has_accounts: false }),
  ])
  expect(problems.map((p) => [p.code, p.params])).toEqual([
    ['INVOICE_NOT_VALIDATED', { invoice: 'I-2' }],
    ['INVOICE_ALREADY_EXPORTED', { invoice: 'I-3' }],
    ['MISSING_ACCOUNTING_ENTRY', { invoice: 'I-4' }],
  ])
  expect(exportProblems([candidate()])).toEqual([])
})

test('a row is exportable only when no problem names it', () => {
  const base = {
    id: 1,
    code: 'I-1',
    status: 'validated',
    company_id: 1,
    exported: false,
    supplier: { code: 'SUP', name: 'Sup' },
    has_accounts: true,
  }
  expect(isExportable(base, 1)).toBe(true)
  expect(isExportable({ ...base, exported: true }, 1)).toBe(false)
  expect(isExportable({ ...base, status: 'awaiting' }, 1)).toBe(false)
  expect(isExportable({ ...base, company_id: 2 }, 1)).toBe(false)
  expect(isExportable({ ...base, supplier: { code: '', name: 'Sup' } }, 1)).toBe(false)
  expect(isExportable({ ...base, has_accounts: false }, 1)).toBe(false)
})

test('a done export is cancelled, by who exports accounting; nothing else is', () => {
  const clerk = { permissions: ['export_accounting' as const] }
  const cancels = (
    actor: { permissions: readonly ('export_accounting' | 'handle_invoices')[] },
    status: string,
  ) => allowedOf(allowedAccountingExportActions(actor, { status, has_file: true })).includes('cancel')
  expect(cancels(clerk, 'done')).toBe(true)
  for (const status of ['running', 'failed', 'canceled']) expect(cancels(clerk, status)).toBe(false)
  expect(cancels({ permissions: ['handle_invoices' as const] }, 'done')).toBe(false)
  // Its file is downloaded while it has one.
  expect(allowedOf(allowedAccountingExportActions(clerk, { status: 'running', has_file: false }))).toEqual([])
})
