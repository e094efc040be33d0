import { expect, test } from 'vitest'
import { checkCorrectedInvoice, checkDocumentSign, circuitAmountOf } from './credit-note'

test('an invoice never totals below zero, a credit note always does; external charges keep theirs', () => {
  expect(checkDocumentSign('invoice', '0.00').ok).toBe(true)
  expect(checkDocumentSign('invoice', '-0.01')).toEqual({
    ok: false,
    error: { code: 'INVOICE_TOTAL_NEGATIVE' },
  })
  expect(checkDocumentSign('credit_note', '-0.01').ok).toBe(true)
  expect(checkDocumentSign('credit_note', '0.00')).toEqual({
    ok: false,
    error: { code: 'CREDIT_NOTE_NOT_NEGATIVE' },
  })
  expect(checkDocumentSign('external_charge', '-5.00').ok).toBe(true)
})

test('a credit note corrects a validated invoice of its supplier, company and currency; only a credit note names one', () => {
  const note = { kind: 'credit_note' as const, supplier_id: 1, company_id: 1, currency_code: 'EUR' }
  const invoice = {
    kind: 'invoice',
    supplier_id: 1,
    company_id: 1,
    currency_code: 'EUR',
    status: 'validated',
  }
  expect(checkCorrectedInvoice(note, invoice).ok).toBe(true)
  expect(checkCorrectedInvoice(note, null).ok).toBe(true)
  for (const other of [
    undefined,
    { ...invoice, kind: 'credit_note' },
    { ...invoice, supplier_id: 2 },
    { ...invoice, company_id: 2 },
    { ...invoice, currency_code: 'USD' },
    { ...invoice, status: 'draft' },
  ])
    expect(checkCorrectedInvoice(note, other).ok).toBe(false)
  expect(checkCorrectedInvoice({ ...note, kind: 'invoice' }, invoice).ok).toBe(false)
})

test('a credit note goes through its circuit by the size of the correction', () => {
  expect(circuitAmountOf('credit_note', '-1200.50')).toBe('1200.5')
  expect(circuitAmountOf('invoice', '-3')).toBe('-3')
})
