import { expect, test } from 'vitest'
import {
  bic,
  codeHash,
  distinctOptionKeys,
  iban,
  intraCommunityVat,
  invoiceNumber,
  siret,
} from './identifiers'

test.each([
  ['73282932000074', null],
  ['732 829 320 00074', null],
  ['44306184100047', null],
  ['35600000049837', null], // La Poste: Luhn fails, digit sum is a multiple of 5
  ['73282932000075', 'INVALID_SIRET'], // wrong check digit
  ['12345678901234', 'INVALID_SIRET'],
  ['7328293200007', 'INVALID_SIRET'], // 13 digits
  ['7328293200007A', 'INVALID_SIRET'],
])('siret(%s) → %s', (value, code) => {
  expect(siret(value)?.code ?? null).toBe(code)
})

test.each([
  ['FR40303265045', null],
  ['FR 40 303 265 045', null],
  ['fr40303265045', null],
  ['DE123456789', null],
  ['EL123456789', null],
  ['NL123456789B01', null],
  ['ATU12345678', null],
  ['ES B1234567C'.replace(' ', ''), null],
  ['SE123456789001', null],
  ['IE1234567WA', null],
  ['FR4030326504', 'INVALID_VAT_NUMBER'],
  ['DE12345678', 'INVALID_VAT_NUMBER'],
  ['GR123456789', 'INVALID_VAT_NUMBER'], // Greece is EL
  ['US123456789', 'INVALID_VAT_NUMBER'],
  ['SE123456789012', 'INVALID_VAT_NUMBER'],
])('intraCommunityVat(%s) → %s', (value, code) => {
  expect(intraCommunityVat(value)?.code ?? null).toBe(code)
})

test('the VAT refusal names the country', () => {
  expect(intraCommunityVat('DE12')).toEqual({ code: 'INVALID_VAT_NUMBER', params: { country: 'DE' } })
})

test.each([
  ['FR1420041010050500013M02606', null],
  ['FR14 2004 1010 0505 0001 3M02 606', null],
  ['DE89370400440532013000', null],
  ['GB82WEST12345698765432', null],
  ['DE89370400440532013001', 'INVALID_IBAN'],
  ['FR142004101005050001', 'INVALID_IBAN'],
  ['', 'INVALID_IBAN'],
])('iban(%s) → %s', (value, code) => {
  expect(iban(value)?.code ?? null).toBe(code)
})

test.each([
  ['DEUTDEFF', null],
  ['BNPAFRPPXXX', null],
  ['bnpa frpp', null],
  ['DEUT1EFF', 'INVALID_BIC'],
  ['DEUTDE', 'INVALID_BIC'],
])('bic(%s) → %s', (value, code) => {
  expect(bic(value)?.code ?? null).toBe(code)
})

test.each([
  ['FA-2026_0042', null],
  ['INV 12', null],
  ['FAC-Été', 'INVOICE_NUMBER_CHARSET'],
  ['INV/12', 'INVOICE_NUMBER_CHARSET'],
  ['INV#12', 'INVOICE_NUMBER_CHARSET'],
  ['', 'INVOICE_NUMBER_CHARSET'],
])('invoiceNumber(%s) → %s', (value, code) => {
  expect(invoiceNumber(value)?.code ?? null).toBe(code)
})

test.each([
  ['SUP-42', 42, null],
  ['SUP-#42', 42, null],
  ['SUP-#42', '42', null],
  ['SUP-#41', 42, 'CODE_HASH_MISPLACED'],
  ['#42-SUP', 42, 'CODE_HASH_MISPLACED'],
  ['S#P-#42', 42, 'CODE_HASH_MISPLACED'],
  ['SUP-#', null, 'CODE_HASH_MISPLACED'],
])('codeHash(%s, id %s) → %s', (code, id, expected) => {
  expect(codeHash(code, id)?.code ?? null).toBe(expected)
})

test('option keys must be distinct; the repeated ones are named', () => {
  expect(distinctOptionKeys([{ key: 'a' }, { key: 'b' }])).toBeNull()
  expect(distinctOptionKeys([{ key: 'a' }, { key: 'b' }, { key: 'a' }, { key: 'b' }, { key: 'c' }])).toEqual({
    code: 'DUPLICATE_OPTION_KEYS',
    params: { keys: 'a, b' },
  })
})
