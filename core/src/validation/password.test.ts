import { expect, test } from 'vitest'
import { confirmationMatches, differsFromCurrent, passwordIssues, resetPasswordIssues } from './password'

const strict = {
  min_length: 10,
  require_lowercase: true,
  require_uppercase: true,
  require_digit: true,
  require_symbol: true,
}
const loose = {
  min_length: 4,
  require_lowercase: false,
  require_uppercase: false,
  require_digit: false,
  require_symbol: false,
}

test('a password meeting the policy has no issue', () => {
  expect(passwordIssues('Correct-Horse-7', strict)).toEqual([])
  expect(passwordIssues('Démo1234!xyz', strict)).toEqual([])
})

test('every missing class is reported at once', () => {
  expect(passwordIssues('short', strict)).toEqual([
    { code: 'PASSWORD_TOO_SHORT', params: { min: 10 } },
    { code: 'PASSWORD_NEEDS_UPPERCASE' },
    { code: 'PASSWORD_NEEDS_DIGIT' },
    { code: 'PASSWORD_NEEDS_SYMBOL' },
  ])
  expect(passwordIssues('ALLUPPERCASE1!', strict)).toEqual([{ code: 'PASSWORD_NEEDS_LOWERCASE' }])
})

test('the policy comes from settings: classes can be switched off', () => {
  expect(passwordIssues('abcd', loose)).toEqual([])
  expect(passwordIssues('abc', loose)).toEqual([{ code: 'PASSWORD_TOO_SHORT', params: { min: 4 } }])
})

test('a reset asks six characters at least', () => {
  expect(resetPasswordIssues('12345')).toEqual([{ code: 'PASSWORD_TOO_SHORT', params: { min: 6 } }])
  expect(resetPasswordIssues('123456')).toEqual([])
})

test('the new password differs from the current one; the confirmation matches', () => {
  expect(differsFromCurrent('same', 'same')).toEqual({ code: 'PASSWORD_SAME_AS_CURRENT' })
  expect(differsFromCurrent('new', 'old')).toBeNull()
  expect(confirmationMatches('a', 'b')).toEqual({ code: 'PASSWORD_CONFIRMATION_MISMATCH' })
  expect(confirmationMatches('a', 'a')).toBeNull()
})
