import { expect, test } from 'vitest'
import { LANGUAGES } from '../i18n/language'
import { ERROR_CODES, isErrorCode, MESSAGE_GROUPS, MESSAGES } from './catalogue'
import { interpolate, placeholdersOf, readerParams, translate } from './translate'

test.each(ERROR_CODES)('%s has a non-empty text in every language with the same parameters', (code) => {
  const english = placeholdersOf(MESSAGES[code].en).sort()
  for (const language of LANGUAGES) {
    const text = MESSAGES[code][language]
    expect(text.trim(), `${code}.${language}`).not.toBe('')
    expect(placeholdersOf(text).sort(), `${code}.${language}`).toEqual(english)
  }
})

test('texts differ between languages (nothing left untranslated)', () => {
  const texts = (code: (typeof ERROR_CODES)[number]): Record<string, string> => MESSAGES[code]
  const untranslated = ERROR_CODES.filter(
    (code) => texts(code).es === texts(code).en || texts(code).fr === texts(code).en,
  )
  expect(untranslated).toEqual([])
})

test.each([
  ['FORBIDDEN', 'This action is not allowed.'],
  ['NOT_FOUND', 'This page does not exist.'],
  ['LINK_EXPIRED', 'your link has expired'],
  ['SERVER_ERROR', 'Server error.'],
  ['MAINTENANCE', 'The site is currently under maintenance.'],
  ['FIELD_REQUIRED', 'This field is required'],
  ['FORM_ERRORS', 'Action not possible: there are errors in the form.'],
  ['IMPOSSIBLE_ACTION', 'Impossible action'],
  ['STATUS_CHANGE_FAILED', 'Error while changing status, please try again later.'],
  ['CANT_INDEX', 'You do not have the necessary permissions'],
] as const)('%s says exactly what the spec says in English', (code, text) => {
  expect(MESSAGES[code].en).toBe(text)
})

test('translate fills parameters in the asked language', () => {
  expect(translate('LIMIT_REACHED', { limit: 5 }, 'en')).toBe('Limit of 5 reached')
  expect(translate('LIMIT_REACHED', { limit: 5 }, 'fr')).toBe('Limite de 5 atteinte')
  expect(translate('STOCK_EXCEEDED', { exceeded: 3 }, 'es')).toBe('Stock superado: faltan 3')
})

test('a missing parameter stays visible instead of vanishing', () => {
  expect(interpolate('Limit of {limit} reached')).toBe('Limit of {limit} reached')
})

test('isErrorCode knows only catalogue codes', () => {
  expect(isErrorCode('NOT_FOUND')).toBe(true)
  expect(isErrorCode('toString')).toBe(false)
  expect(isErrorCode('NOPE')).toBe(false)
})

test('no code is defined in two groups (a later group would silently override)', () => {
  const seen = new Map<string, string>()
  const clashes: string[] = []
  for (const [group, table] of Object.entries(MESSAGE_GROUPS)) {
    for (const code of Object.keys(table)) {
      if (seen.has(code)) clashes.push(`${code} in ${seen.get(code)} and ${group}`)
      seen.set(code, group)
    }
  }
  expect(clashes).toEqual([])
  expect(seen.size).toBe(ERROR_CODES.length)
})

test.each([
  ['INVALID_CREDENTIALS', 'Invalid username and/or password'],
  ['TOO_MANY_ATTEMPTS', 'Too many attempts, retry in {seconds} seconds'],
  ['ACCOUNT_INACTIVE', 'User account not active'],
  ['FILE_VIRUS', 'Your file probably contains a virus'],
  ['PRODUCT_ALREADY_REFERENCED', 'Product already referenced'],
  ['STOCK_EXCEEDED', 'Stock exceeded by {exceeded} unit(s)'],
  ['LIMIT_REACHED', 'Limit of {limit} reached'],
  [
    'INTERNAL_STATUS_BLOCKED',
    'Stocks or affiliated items must be cleared before changing the internal status.',
  ],
] as const)('%s keeps the wording of the shell catalogue', (code, text) => {
  expect(MESSAGES[code].en).toBe(text)
})

test('no message says a count with a "(s)", but the one the specification words so', () => {
  const mark = /\p{L}\((?:s|es|e)\)/u
  const marked = ERROR_CODES.flatMap((code) =>
    LANGUAGES.filter((language) => mark.test(MESSAGES[code][language])).map(
      (language) => `${code}.${language}`,
    ),
  )
  // "Stock exceeded by {exceeded} unit(s)": the specification's own words (spec §7).
  expect(marked).toEqual(['STOCK_EXCEEDED.en'])
})

test('a decimal parameter is written as the reader writes numbers; codes and years are left as they are', () => {
  expect(readerParams({ amount: '1234.50', year: 2026, code: 'PO-2026-00001' }, 'fr')).toEqual({
    amount: '1\u202f234,50',
    year: 2026,
    code: 'PO-2026-00001',
  })
  expect(readerParams({ amount: '1234.50' }, 'es')).toEqual({ amount: '1.234,50' })
  expect(readerParams({ amount: '-0.125' }, 'en')).toEqual({ amount: '-0.125' })
  expect(translate('STOCK_EXCEEDED', { exceeded: '2.5' }, 'fr')).toBe('Stock dépassé : il en manque 2,5')
})
