import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { orderAmounts, PurchaseOrderInputSchema } from './purchase-order.schema'

const input = {
  supplier_id: 1,
  company_id: 1,
  currency_code: 'EUR',
  lines: [
    { label: 'Safety gloves', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' },
    { label: 'Manual', quantity: '1', unit_price_exctax: '12.50', vat_rate: '5.5' },
  ],
}

test('a valid order parses with its defaults', () => {
  const parsed = parseWith(PurchaseOrderInputSchema, input)
  expect(parsed.ok && parsed.value).toMatchObject({ tags: [], deposit: null, department_id: null })
  expect(parsed.ok && parsed.value.lines[0]).toMatchObject({ article_id: null, vat_rate_2: null })
})

test.each([
  [{ ...input, lines: [] }, 'lines', 'ORDER_HAS_NO_LINE'],
  [{ ...input, currency_code: 'euro' }, 'currency_code', 'INVALID_VALUE'],
  [{ ...input, lines: [{ ...input.lines[0], quantity: '0' }] }, 'lines.0.quantity', 'MUST_BE_POSITIVE'],
  [{ ...input, lines: [{ ...input.lines[0], quantity: '-2' }] }, 'lines.0.quantity', 'MUST_BE_POSITIVE'],
  [
    { ...input, lines: [{ ...input.lines[0], unit_price_exctax: '-5000' }] },
    'lines.0.unit_price_exctax',
    'TOO_SMALL',
  ],
  [{ ...input, lines: [{ ...input.lines[0], vat_rate: '-200' }] }, 'lines.0.vat_rate', 'TOO_SMALL'],
  [{ ...input, deposit: '-1' }, 'deposit', 'TOO_SMALL'],
  [{ ...input, lines: [{ ...input.lines[0], quantity: '1,5' }] }, 'lines.0.quantity', 'NOT_A_NUMBER'],
  [{ ...input, lines: [{ ...input.lines[0], vat_rate: '120' }] }, 'lines.0.vat_rate', 'TOO_LARGE'],
  [{ ...input, lines: [{ ...input.lines[0], label: ' ' }] }, 'lines.0.label', 'FIELD_REQUIRED'],
  [{ ...input, supplier_id: undefined }, 'supplier_id', 'FIELD_REQUIRED'],
  [
    { ...input, lines: [{ ...input.lines[0], quantity: '7', quantity_step: '5' }] },
    'lines.0.quantity',
    'QUANTITY_STEP',
  ],
  [{ ...input, deposit_paid_at: '31/12/2026' }, 'deposit_paid_at', 'INVALID_DATE'],
])('%j is refused on %s with %s', (value, field, code) => {
  const result = parseWith(PurchaseOrderInputSchema, value)
  expect(result.ok).toBe(false)
  if (!result.ok) expect(result.error.fields?.[field]?.[0]?.code).toBe(code)
})

test('amounts are rounded per line, then summed with the VAT breakdown', () => {
  const { lines, totals } = orderAmounts(
    input.lines.map((l) => ({ ...l, vat_rate_2: null })),
    2,
  )
  expect(lines.map((l) => l.inctax.toFixed(2))).toEqual(['59.88', '13.19'])
  expect(totals.exctax.toFixed(2)).toBe('62.40')
  expect(totals.breakdown.map((b) => [b.rate, b.tax.toFixed(2)])).toEqual([
    ['5.5', '0.69'],
    ['20', '9.98'],
  ])
  expect(totals.inctax.toFixed(2)).toBe('73.07')
})
