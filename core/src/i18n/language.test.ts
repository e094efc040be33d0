import { expect, test } from 'vitest'
import { defaultLanguage, isLanguage, languagesFromAcceptHeader, pickLanguage } from './language'

test.each([
  { stored: 'fr', pageLanguage: 'es-ES', expected: 'fr' },
  { stored: null, pageLanguage: 'es-ES', expected: 'es' },
  { stored: undefined, pageLanguage: 'FR-ca', expected: 'fr' },
  { stored: 'de', pageLanguage: 'es', expected: 'es' },
  { stored: 'de', pageLanguage: 'it-IT', expected: 'en' },
  { stored: '', pageLanguage: '', expected: 'en' },
])(
  'default language: stored $stored, page $pageLanguage → $expected',
  ({ stored, pageLanguage, expected }) => {
    expect(defaultLanguage({ stored, pageLanguage })).toBe(expected)
  },
)

test('stored language wins over the page language', () => {
  expect(defaultLanguage({ stored: 'es', pageLanguage: 'fr' })).toBe('es')
})

test('pickLanguage reads only the first two letters', () => {
  expect(pickLanguage('french')).toBe('fr')
  expect(pickLanguage('e')).toBe('en')
})

test('isLanguage accepts only supported codes', () => {
  expect(isLanguage('es')).toBe(true)
  expect(isLanguage('de')).toBe(false)
  expect(isLanguage(3)).toBe(false)
})

test('Accept-Language is read in order of quality', () => {
  expect(languagesFromAcceptHeader('de-DE;q=0.5, fr-CH, en;q=0.8, *;q=0.1')).toEqual(['fr-CH', 'en', 'de-DE'])
  expect(languagesFromAcceptHeader(undefined)).toEqual([])
  expect(languagesFromAcceptHeader('es;q=0')).toEqual([])
})
