import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { ContractInputSchema, contractState, noticeDeadline, renewedEnd } from './contracts'

test.each([
  ['ends 31 December, renewal 01/01: a full year', '2026-12-31', '01/01', '2027-12-31'],
  ['ends 30 June, renewal 01/01: up to the next renewal date', '2026-06-30', '01/01', '2026-12-31'],
  ['ends 31 March, renewal 01/04: a full year', '2026-03-31', '01/04', '2027-03-31'],
  ['ends 15 May, renewal 01/04: to the next 31 March', '2026-05-15', '01/04', '2027-03-31'],
])('tacit renewal: %s', (_, end, renewal, expected) => {
  expect(renewedEnd(end, renewal)).toBe(expected)
})

test.each([
  ['three months before the end', '2026-12-31', 3, '2026-09-30'],
  ['no notice: the end date itself', '2026-12-31', 0, '2026-12-31'],
  ['31 May less 3 months: 28 February', '2027-05-31', 3, '2027-02-28'],
  ['open-ended', null, 3, null],
])('notice deadline: %s', (_, end, months, expected) => {
  expect(noticeDeadline(end, months)).toBe(expected)
})

test.each([
  ['active, far from its notice', { end_date: '2027-12-31', notice_months: 3 }, 'active'],
  ['notice due within 30 days', { end_date: '2027-02-28', notice_months: 3 }, 'notice_due'],
  ['ended: past its end, no renewal', { end_date: '2026-11-23', notice_months: 0 }, 'ended'],
  ['open-ended: always active', { end_date: null, notice_months: 3 }, 'active'],
])('contract state on 24 November 2026: %s', (_, contract, expected) => {
  expect(contractState({ tacit_renewal: false, ended: false, ...contract }, '2026-11-24', 30)).toBe(expected)
})

test('a contract ends on or after its start; a tacit renewal needs an end date', () => {
  const base = { label: 'Paper framework', start_date: '2026-01-01' }
  const before = parseWith(ContractInputSchema, { ...base, end_date: '2025-12-31' })
  expect(!before.ok && before.error.fields?.end_date?.[0]).toEqual({
    code: 'DATE_AFTER_OR_EQUAL',
    params: { date: '2026-01-01' },
  })
  const tacit = parseWith(ContractInputSchema, { ...base, tacit_renewal: true })
  expect(!tacit.ok && tacit.error.fields?.end_date?.[0]?.code).toBe('FIELD_REQUIRED')
})
