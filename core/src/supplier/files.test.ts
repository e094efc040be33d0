import { expect, test } from 'vitest'
import { fileState, fileValidityDate } from './files'

test.each([
  ['2026-05-15', 6, '2026-11-15'],
  ['2026-01-31', 1, '2026-02-28'],
  ['2028-01-31', 1, '2028-02-29'],
  ['2026-08-31', 6, '2027-02-28'],
  ['2026-11-24', 12, '2027-11-24'],
  ['2026-11-24', null, null],
] as const)('a file dated %s of a type lasting %s months is valid until %s', (date, months, expected) => {
  expect(fileValidityDate(date, months)).toBe(expected)
})

test.each([
  [{ validity_date: '2026-11-23', validated: true }, 'expired'],
  [{ validity_date: '2026-11-23', validated: false }, 'expired'],
  [{ validity_date: '2027-06-01', validated: false }, 'awaiting'],
  [{ validity_date: '2026-11-24', validated: true }, 'expiring'],
  [{ validity_date: '2026-12-24', validated: true }, 'expiring'],
  [{ validity_date: '2026-12-25', validated: true }, 'valid'],
  [{ validity_date: null, validated: true }, 'valid'],
] as const)('on 24 November 2026, with a 30-day warning, %j is %s', (file, expected) => {
  expect(fileState(file, '2026-11-24', 30)).toBe(expected)
})
