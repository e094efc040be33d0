import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { BankAccountInputSchema, checkIbanKept, ibanOf, payableAccountOf } from './bank-account'

const account = {
  account_number: 'fr76 3000 6000 0112 3456 7890 189',
  bic: 'agri frpp',
  holder_name: 'OfficePro Supplies',
  holder_country_code: 'FR',
}

test('an IBAN and a BIC as typed are kept in their electronic form', () => {
  expect(parseWith(BankAccountInputSchema, account)).toEqual({
    ok: true,
    value: {
      ...account,
      account_number_type: 'iban',
      account_number: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      holder_type: 'corporate',
      main: false,
      payment_option: 'sepa',
    },
  })
})

test.each([
  [{ account_number: 'FR7630006000011234567890188' }, 'account_number', 'INVALID_IBAN'],
  [{ account_number: 'FR76300060000112345678901' }, 'account_number', 'INVALID_IBAN'],
  [{ bic: 'AGRIFRP' }, 'bic', 'INVALID_BIC'],
  [{ holder_country_code: 'France' }, 'holder_country_code', 'INVALID_VALUE'],
])('%j is refused on %s (%s)', (change, field, code) => {
  const parsed = parseWith(BankAccountInputSchema, { ...account, ...change })
  expect(!parsed.ok && parsed.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('an account of another kind is kept as written', () => {
  const parsed = parseWith(BankAccountInputSchema, {
    ...account,
    account_number_type: 'other',
    account_number: 'ACC 12-34',
    bic: null,
  })
  expect(parsed.ok && parsed.value.account_number).toBe('ACC 12-34')
})

test('the account paid is the main validated IBAN, else the first validated one; none while pending', () => {
  const a = { id: 1, account_number_type: 'iban', status: 'validated' as const, main: false }
  const b = { id: 2, account_number_type: 'iban', status: 'validated' as const, main: true }
  const c = { id: 3, account_number_type: 'iban', status: 'pending_validation' as const, main: true }
  expect(payableAccountOf([a, b, c])?.id).toBe(2)
  expect(payableAccountOf([a, c])?.id).toBe(1)
  expect(payableAccountOf([c])).toBeUndefined()
})

test.each([
  ['transfer, an IBAN left', 'transfer', ['iban'], true],
  ['transfer, only another kind of account left', 'transfer', ['other'], false],
  ['transfer, nothing left', 'transfer', [], false],
  ['no payment type', 'none', [], true],
  ['no term at all', null, [], true],
] as const)('a supplier keeps an IBAN when paid by transfer: %s', (_name, type, left, kept) => {
  expect(
    checkIbanKept(
      type,
      left.map((k) => ({ account_number_type: k })),
    ).ok,
  ).toBe(kept)
})

test('an IBAN is made with its check digits from a country and a national number', () => {
  expect(ibanOf('DE', '370400440532013000')).toBe('DE89370400440532013000')
  expect(ibanOf('DE', '370400440532013001')).toBe('DE62370400440532013001')
})
