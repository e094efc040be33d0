import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { fromStockUnits, toStockUnits } from '../stock/quantity'
import {
  ArticleInputSchema,
  articlePrices,
  articleRowActions,
  checkAffiliations,
  checkCanManageCatalogue,
  checkCartQuantity,
} from './article'
import { cartModesFor, needFromCart, ordersFromCart } from './cart'
import { applyCsvRow, checkCsvHeader, csvValue, readCsvCell } from './csv'

const screws = {
  reference: 'SCR-4x40',
  label: 'Screws 4×40',
  unit_price_exctax: '12',
  unit_number_per_price: '100',
}

test('an article parses with its defaults', () => {
  const parsed = parseWith(ArticleInputSchema, screws)
  expect(parsed.ok && parsed.value).toMatchObject({
    vat_rate: '20',
    vat_rate_2: null,
    quantity_step: null,
    internal: false,
    active: true,
    features: [],
    suppliers: [],
  })
})

test.each([
  [{ ...screws, reference: '' }, 'reference', 'FIELD_REQUIRED'],
  [{ ...screws, unit_number_per_price: '0' }, 'unit_number_per_price', 'TOO_SMALL'],
  [{ ...screws, unit_price_exctax: '-1' }, 'unit_price_exctax', 'TOO_SMALL'],
  [{ ...screws, quantity_step: 'two' }, 'quantity_step', 'NOT_A_NUMBER'],
  [{ ...screws, vat_rate: '120' }, 'vat_rate', 'TOO_LARGE'],
  [{ ...screws, supplier_sheet_url: 'javascript:alert(1)' }, 'supplier_sheet_url', 'INVALID_VALUE'],
  [
    {
      ...screws,
      suppliers: [
        { supplier_id: 1, unit_price_exctax: '10' },
        { supplier_id: 1, unit_price_exctax: '11' },
      ],
    },
    'suppliers',
    'NOT_UNIQUE',
  ],
  [
    {
      ...screws,
      suppliers: [
        { supplier_id: 1, unit_price_exctax: '10', main: true },
        { supplier_id: 2, unit_price_exctax: '11', main: true },
      ],
    },
    'suppliers',
    'INVALID_VALUE',
  ],
])('%j is refused on %s with %s', (value, field, code) => {
  const result = parseWith(ArticleInputSchema, value)
  expect(!result.ok && result.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('prices per unit from a price per 100, with the original price, to 6 decimals', () => {
  const parsed = parseWith(ArticleInputSchema, {
    ...screws,
    original_unit_price_exctax: '15',
    vat_rate_2: '1.5',
  })
  if (!parsed.ok) throw new Error('refused')
  expect(articlePrices(parsed.value)).toEqual({
    price_exctax: '0.120000',
    price_inctax: '0.145800',
    price_sort: 120_000,
    original_price_exctax: '0.150000',
    original_price_inctax: '0.182250',
  })
})

test('an article is never its own affiliate', () => {
  expect(checkAffiliations(7, [3, 7]).ok).toBe(false)
  expect(checkAffiliations(7, [3]).ok).toBe(true)
  expect(checkAffiliations(null, [3]).ok).toBe(true)
})

test.each([
  ['6', '2', true],
  ['0.75', '0.25', true],
  ['5', '2', false],
  ['0', null, false],
  ['abc', null, false],
  ['3', null, true],
])('cart quantity %s with step %s: accepted %s', (quantity, step, accepted) => {
  expect(checkCartQuantity(quantity, step).ok).toBe(accepted)
})

test('a cart becomes one order per supplier, lines priced per unit', () => {
  const line = {
    label: 'Screws',
    quantity_step: '100',
    unit_price_exctax: '12',
    unit_number_per_price: '100',
    vat_rate: '20',
    vat_rate_2: null,
  }
  expect(
    ordersFromCart([
      { ...line, article_id: 1, quantity: '200', supplier_id: 5 },
      {
        ...line,
        article_id: 2,
        quantity: '100',
        supplier_id: 6,
        unit_price_exctax: '10',
        unit_number_per_price: '3',
      },
      { ...line, article_id: 3, quantity: '300', supplier_id: 5 },
    ]),
  ).toEqual([
    {
      supplier_id: 5,
      lines: [
        expect.objectContaining({
          article_id: 1,
          quantity: '200',
          unit_price_exctax: '0.12',
          quantity_step: '100',
        }),
        expect.objectContaining({ article_id: 3, quantity: '300' }),
      ],
    },
    { supplier_id: 6, lines: [expect.objectContaining({ article_id: 2, unit_price_exctax: '3.333333' })] },
  ])
})

test('stock quantities are whole thousandths, exactly', () => {
  expect(toStockUnits('12.5')).toBe(12500)
  expect(toStockUnits('0.001')).toBe(1)
  expect(toStockUnits('0.0001')).toBeNull()
  expect(toStockUnits('x')).toBeNull()
  expect(fromStockUnits(12500)).toBe('12.5')
  expect(fromStockUnits(toStockUnits('0.3') ?? 0)).toBe('0.3')
})

test('CSV header: known columns, once, with id and reference', () => {
  expect(checkCsvHeader(['id', 'reference', 'label'])).toBeNull()
  expect(checkCsvHeader(['reference', 'label'])).toMatchObject({ code: 'IMPORT_BAD_HEADERS' })
  expect(checkCsvHeader(['id', 'reference', 'colour'])).toMatchObject({ code: 'IMPORT_BAD_HEADERS' })
  expect(checkCsvHeader(['id', 'reference', 'label', 'label'])).toMatchObject({ code: 'IMPORT_BAD_HEADERS' })
})

test('CSV cells: blank keeps, #null empties, booleans read in three languages', () => {
  expect(readCsvCell('label', '  ')).toEqual({ kind: 'keep' })
  expect(readCsvCell('conditioning', '#null')).toEqual({ kind: 'null' })
  expect(readCsvCell('internal', 'Oui')).toEqual({ kind: 'value', value: true })
  expect(readCsvCell('active', '0')).toEqual({ kind: 'value', value: false })
  expect(readCsvCell('active', 'maybe')).toEqual({ kind: 'invalid' })
  expect(
    applyCsvRow(
      { label: 'Old', conditioning: 'Box', internal: false },
      { id: '4', label: 'New', conditioning: '#null', internal: '', active: 'perhaps' },
    ),
  ).toEqual({ fields: { label: 'New', conditioning: null, internal: false }, invalid: ['active'] })
  expect([csvValue(true), csvValue(null), csvValue('a;b')]).toEqual(['1', '', 'a;b'])
})

test('row actions: buyers edit and stock an article here; everyone shows, favours and orders active ones', () => {
  const article = {
    active: true,
    has_stock_here: false,
    has_supplier: true,
    favorite: false,
    has_image: true,
  }
  expect(articleRowActions({ buyer: true }, article)).toEqual([
    'show',
    'edit',
    'add_to_cart',
    'add_in_warehouse',
    'favorite',
    'delete_image',
  ])
  expect(articleRowActions({ buyer: false }, { ...article, favorite: true })).toEqual([
    'show',
    'add_to_cart',
    'unfavorite',
  ])
  expect(articleRowActions({ buyer: false }, { ...article, active: false, has_supplier: true })).toEqual([
    'show',
    'favorite',
  ])
  expect(checkCanManageCatalogue({ buyer: false, administrator: true }).ok).toBe(true)
  expect(checkCanManageCatalogue({ buyer: false })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
})

test.each([
  ['-0', 'unit_price_exctax', true],
  ['-0.01', 'unit_price_exctax', false],
  ['0.000', 'unit_number_per_price', false],
  ['+2', 'unit_number_per_price', true],
  ['100', 'vat_rate', true],
  ['100.01', 'vat_rate', false],
])('%s for %s is accepted: %s', (value, field, accepted) => {
  expect(parseWith(ArticleInputSchema, { ...screws, [field]: value }).ok).toBe(accepted)
})

test.each([
  ['the price for the units, as written', { unit_price_exctax: '12' }, '12'],
  ['derived from the one-unit price', { price_exctax: '0.12' }, '12'],
  ['derived to 6 decimals', { price_exctax: '0.1234567', unit_number_per_price: '3' }, '0.37037'],
  [
    'both, agreeing at 6 decimals',
    { unit_price_exctax: '10', price_exctax: '0.1', unit_number_per_price: '100' },
    '10',
  ],
])('the price for unit_number_per_price units: %s', (_, prices, expected) => {
  const parsed = parseWith(ArticleInputSchema, {
    reference: 'R',
    label: 'L',
    unit_number_per_price: '100',
    ...prices,
  })
  expect(parsed.ok && parsed.value.unit_price_exctax).toBe(expected)
  expect(parsed.ok && 'price_exctax' in parsed.value).toBe(false)
})

test.each([
  [{}, 'unit_price_exctax', { code: 'FIELD_REQUIRED' }],
  [
    { unit_price_exctax: '12', price_exctax: '0.13' },
    'price_exctax',
    { code: 'ARTICLE_PRICE_MISMATCH', params: { expected: '0.120000', units: '100' } },
  ],
])('prices %j are refused on %s', (prices, field, issue) => {
  const parsed = parseWith(ArticleInputSchema, {
    reference: 'R',
    label: 'L',
    unit_number_per_price: '100',
    ...prices,
  })
  expect(parsed.ok).toBe(false)
  if (!parsed.ok) expect(parsed.error.fields?.[field]).toEqual([issue])
})

test('a buyer turns a cart into orders; anyone else into a request', () => {
  expect(cartModesFor({ buyer: true })).toEqual(['submit', 'draft'])
  expect(cartModesFor({ buyer: false })).toEqual(['request'])
})

test('a cart as a request: one line per article at the price of one unit, the family most lines share', () => {
  const line = {
    article_id: 1,
    label: 'Screws 4×40',
    quantity: '200',
    quantity_step: '100',
    supplier_id: 1,
    unit_price_exctax: '12',
    unit_number_per_price: '100',
    vat_rate: '20',
    vat_rate_2: null,
  }
  const need = needFromCart([
    { ...line, family: 'HARDWARE' },
    {
      ...line,
      article_id: 2,
      label: 'Glue',
      quantity: '1',
      quantity_step: null,
      unit_price_exctax: '3.5',
      unit_number_per_price: '1',
      family: 'OFFICE',
    },
    { ...line, article_id: 3, label: 'Nails', family: 'HARDWARE' },
  ])
  expect(need.title).toBe('Screws 4×40 (+2)')
  expect(need.purchase_family).toBe('HARDWARE')
  expect(need.lines[0]).toEqual({
    description: 'Screws 4×40',
    quantity: '200',
    quantity_step: '100',
    unit_price_exctax: '0.12',
    vat_rate: '20',
    article_id: 1,
    supplier_id: line.supplier_id,
  })
})
