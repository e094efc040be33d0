import { expect, test } from 'vitest'
import { NUMBER_STYLES } from './locale-format'
import { readTypedNumber, showTypedNumber } from './typed-number'

test.each([
  ['fr', '1 234,50', '1234.50'],
  ['fr', '1\u202f234,50', '1234.50'],
  ['fr', '1234,5', '1234.5'],
  ['fr', '1234.5', '1234.5'],
  ['fr', '0,016665', '0.016665'],
  ['es', '1.234,50', '1234.50'],
  ['es', '1234,50', '1234.50'],
  ['en', '1,234.50', '1234.50'],
  ['en', '1234.50', '1234.50'],
  ['en', '-12.30', '-12.30'],
  ['en', '1,234', '1234'],
  ['fr', '12345678901234,56', '12345678901234.56'],
] as const)('%s reader types %j: %s', (language, typed, exact) => {
  expect(readTypedNumber(typed, NUMBER_STYLES[language])).toBe(exact)
})

test.each([
  ['fr', '1,2,3'],
  ['en', '1,2'],
  ['es', '12,3,4'],
  ['fr', 'abc'],
  ['fr', '1e5'],
  ['fr', ''],
] as const)('%s reader types %j: not a number', (language, typed) => {
  expect(readTypedNumber(typed, NUMBER_STYLES[language])).toBeNull()
})

test('a number is shown back as the reader writes it; text that is not one, as it is', () => {
  expect(showTypedNumber('1234.5', NUMBER_STYLES.fr)).toBe('1\u202f234,5')
  expect(showTypedNumber('1234.5', NUMBER_STYLES.es)).toBe('1.234,5')
  expect(showTypedNumber('1234.5', NUMBER_STYLES.en)).toBe('1,234.5')
  expect(showTypedNumber('12,3,4', NUMBER_STYLES.fr)).toBe('12,3,4')
  expect(showTypedNumber('179.70', NUMBER_STYLES.fr)).toBe('179,70')
  expect(showTypedNumber('-1234567.5', NUMBER_STYLES.en)).toBe('-1,234,567.5')
})
