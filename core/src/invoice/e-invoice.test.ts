import { expect, test } from 'vitest'
import { invoiceLinesFromEInvoice } from './e-invoice'

const line = (label: string, quantity: string, amount: string, vat_rate: string | null = '20') => ({
  label,
  quantity,
  unit_price: null,
  amount,
  vat_rate,
})

test.each([
  [
    'a label the order has bills its line; the rest is free',
    [line('Copy paper A4', '10', '49.90'), line('Freight', '1', '12.00', null)],
    [{ id: 7, label: 'Copy paper A4', receipt_mode: 'quantity' as const }],
    { billed: { 7: '10' }, free: [{ label: 'Freight', amount_exctax: '12.00', vat_rate: '0' }] },
  ],
  [
    'case, accents and spaces do not matter; a service bills its amount',
    [line('INSTALLATION  électrique', '1', '300.00')],
    [{ id: 3, label: 'Installation electrique', receipt_mode: 'amount' as const }],
    { billed: { 3: '300.00' }, free: [] },
  ],
  [
    'one order line is billed once: the second same label becomes free',
    [line('Toner', '2', '129.80'), line('Toner', '1', '64.90')],
    [{ id: 5, label: 'Toner', receipt_mode: 'quantity' as const }],
    { billed: { 5: '2' }, free: [{ label: 'Toner', amount_exctax: '64.90', vat_rate: '20' }] },
  ],
])('%s', (_what, lines, offered, expected) => {
  expect(invoiceLinesFromEInvoice(lines, offered)).toEqual(expected)
})
