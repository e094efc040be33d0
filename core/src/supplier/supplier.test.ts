import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { checkCanManageSuppliers, SupplierContactInputSchema, SupplierInputSchema } from './supplier'

const supplier = { code: 'PAPERCO', company_name: 'Paper & Co', currency_code: 'EUR' }

test('a supplier parses with its defaults: active, no ceilings, no address, VAT number or payment term; paid by transfer', () => {
  expect(parseWith(SupplierInputSchema, supplier)).toEqual({
    ok: true,
    value: {
      ...supplier,
      status: 'active',
      max_per_order: null,
      max_per_year: null,
      address: null,
      intra_community_vat: null,
      siret: null,
      accounting_code: null,
      payment_term: null,
      payment_type: 'transfer',
    },
  })
})

test.each([
  [{ ...supplier, code: 'PAPER CO' }, 'code', 'INVALID_VALUE'],
  [{ ...supplier, code: '' }, 'code', 'FIELD_REQUIRED'],
  [{ ...supplier, company_name: ' ' }, 'company_name', 'FIELD_REQUIRED'],
  [{ ...supplier, currency_code: 'eur' }, 'currency_code', 'INVALID_VALUE'],
  [{ ...supplier, status: 'blocked' }, 'status', 'NOT_IN_LIST'],
  [{ ...supplier, intra_community_vat: 'FR12' }, 'intra_community_vat', 'INVALID_VAT_NUMBER'],
  [{ ...supplier, siret: '40483304800023' }, 'siret', 'INVALID_SIRET'],
  [{ ...supplier, siret: '4048330480002' }, 'siret', 'INVALID_SIRET'],
  [{ ...supplier, max_per_order: 'lots' }, 'max_per_order', 'NOT_A_NUMBER'],
  [{ ...supplier, max_per_year: '0' }, 'max_per_year', 'TOO_SMALL'],
])('%j is refused on %s with %s', (value, field, code) => {
  const result = parseWith(SupplierInputSchema, value)
  expect(!result.ok && result.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('a contact needs a name and a valid e-mail', () => {
  const result = parseWith(SupplierContactInputSchema, { name: '', email: 'nope' })
  expect(!result.ok && Object.keys(result.error.fields ?? {})).toEqual(['name', 'email'])
})

test('buyers and administrators manage suppliers; others do not', () => {
  const person = { id: 1, login: 'x', buyer: false, can_view_other_po: false }
  expect(checkCanManageSuppliers({ ...person, buyer: true }).ok).toBe(true)
  expect(checkCanManageSuppliers({ ...person, administrator: true }).ok).toBe(true)
  expect(checkCanManageSuppliers(person)).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
})

test('the accounting code is kept in capitals, without blanks; other characters are refused', () => {
  const parsed = parseWith(SupplierInputSchema, { ...supplier, accounting_code: ' office01 ' })
  expect(parsed.ok && parsed.value.accounting_code).toBe('OFFICE01')
  const refused = parseWith(SupplierInputSchema, { ...supplier, accounting_code: 'OFF ICE' })
  expect(refused.ok ? null : refused.error.fields?.accounting_code?.[0]?.code).toBe('INVALID_VALUE')
  expect(parseWith(SupplierInputSchema, { ...supplier, accounting_code: '' }).ok).toBe(true)
})
