import { expect, test } from 'vitest'
import { MAX_SEARCH_WORDS, searchWords } from './search-words'

test('a search is its words: split on any space, each once whatever its case, in the order typed', () => {
  expect(searchWords('Clairefontaine A4')).toEqual(['Clairefontaine', 'A4'])
  expect(searchWords('  a4\t Clairefontaine\n\u00a0A4 ')).toEqual(['a4', 'Clairefontaine'])
  expect(searchWords('PO-2026-00012')).toEqual(['PO-2026-00012'])
  expect(searchWords('')).toEqual([])
  expect(searchWords(null)).toEqual([])
})

test('at most eight words are looked for', () => {
  const many = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ')
  expect(searchWords(many)).toEqual(Array.from({ length: MAX_SEARCH_WORDS }, (_, i) => `w${i}`))
})
