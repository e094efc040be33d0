import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import {
  checkCanManageSuppliers,
  SupplierContactInputSchema,
  SupplierFileInputSchema,
  SupplierInputSchema,
  supplierStatusOn,
} from './supplier'

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
      client_number: null,
      duns: null,
      account_type: 'iban',
      contractual_status: null,
      qualification: null,
      group_id: null,
      manager_id: null,
      manage_shipping_date: false,
      manage_stock: false,
      po_informations: null,
      punchout_url: null,
      website: null,
      activity_details: null,
      tags: [],
      surveillance_min_amount: null,
      sector_ids: [],
      family_ids: [],
      main_family_id: null,
    },
  })
})

test('a DUNS is kept as 9 digits without its dashes; a website is a web address', () => {
  const parsed = parseWith(SupplierInputSchema, { ...supplier, duns: '12-345-6789', website: ' ' })
  expect(parsed.ok && [parsed.value.duns, parsed.value.website]).toEqual(['123456789', null])
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
  [{ ...supplier, duns: '12345678' }, 'duns', 'INVALID_DUNS'],
  [{ ...supplier, website: 'paperco.example' }, 'website', 'INVALID_URL'],
  [{ ...supplier, account_type: 'swift' }, 'account_type', 'NOT_IN_LIST'],
  [{ ...supplier, family_ids: [2], main_family_id: 3 }, 'main_family_id', 'NOT_IN_LIST'],
  [{ ...supplier, surveillance_min_amount: '-5' }, 'surveillance_min_amount', 'TOO_SMALL'],
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

test.each([
  ['no forced status', null, null, 'prospect'],
  ['forced until tomorrow', 'active', '2026-11-25', 'active'],
  ['forced through today', 'active', '2026-11-24', 'active'],
  ['forced until yesterday: lapsed', 'active', '2026-11-23', 'prospect'],
])('a supplier’s status on a day: %s', (_, forced, until, expected) => {
  const record = { status: 'prospect', forced_status: forced, forced_status_date: until }
  expect(supplierStatusOn(record, '2026-11-24')).toBe(expected)
})

test('a file without a type needs a label and a category (spec §5)', () => {
  const refused = parseWith(SupplierFileInputSchema, { document_date: '2026-11-01' })
  expect(!refused.ok && Object.keys(refused.error.fields ?? {}).sort()).toEqual(['category_id', 'label'])
  expect(parseWith(SupplierFileInputSchema, { type_id: '3', document_date: '2026-11-01' }).ok).toBe(true)
})
