import { expect, test } from 'vitest'
import { checkPieceNumberTemplate, renderPieceNumber } from './piece-number'

const values = {
  date: '2026-11-21',
  numberInYear: 342,
  numberInMonth: 42,
  numberInMonthByCompany: 7,
  companyCode: 'ACME',
  departmentCode: 'PURCH',
}

test.each([
  ['{year}{month}-{numberInMonth:4}', '202611-0042'],
  ['{companyCode}/{year}/{numberInYear:6}', 'ACME/2026/000342'],
  ['{companyCode}-{departmentCode}-{numberInMonthByCompany}', 'ACME-PURCH-7'],
  ['INV-{numberInYear:2}', 'INV-342'],
  ['FIXED', 'FIXED'],
])('%s → %s', (template, expected) => {
  expect(renderPieceNumber(template, values)).toEqual({ ok: true, value: expected })
})

test('an unknown token is refused, naming it', () => {
  expect(checkPieceNumberTemplate('{year}-{counter}')).toEqual({
    ok: false,
    error: { code: 'UNKNOWN_TEMPLATE_TOKEN', params: { token: '{counter}' } },
  })
  expect(renderPieceNumber('{day}', values).ok).toBe(false)
})
