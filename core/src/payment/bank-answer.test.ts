import { expect, test } from 'vitest'
import { bankAnswerAction } from './bank-answer'

test.each([
  ['ACSC', null, 'pay'],
  ['ACCC', null, 'pay'],
  ['RJCT', 'AC04', 'reject_beneficiary'],
  ['RJCT', 'AC01', 'reject_beneficiary'],
  ['RJCT', 'RC01', 'reject_beneficiary'],
  ['RJCT', 'AM04', 'reject_holder'],
  ['RJCT', 'MS03', 'reject_holder'],
  ['RJCT', null, 'reject_holder'],
  ['RJCT', 'FF01', 'fail'],
  ['RJCT', 'DU01', 'fail'],
  ['RJCT', 'CH03', 'fail'],
  ['PDNG', 'AM04', 'block'],
  ['PDNG', null, null],
  ['ACCP', null, null],
  ['ACSP', null, null],
  ['ACTC', null, null],
  ['RCVD', null, null],
] as const)('%s (%s) → %s', (status, reason, action) => {
  expect(bankAnswerAction(status, reason)).toBe(action)
})
