import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  allocateOpenCredit,
  checkCorrectedInvoice,
  checkDocumentSign,
  circuitAmountOf,
  openCreditPaymentStatus,
} from './credit-note'

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

test('open credit goes to the invoices in their order, oldest note first, never past what either has', () => {
  expect(
    allocateOpenCredit(
      [
        { id: 7, open: '150.00' },
        { id: 8, open: '80.00' },
      ],
      [
        { id: 1, remaining: '100.00' },
        { id: 2, remaining: '0.00' },
        { id: 3, remaining: '90.00' },
      ],
    ),
  ).toEqual([
    { credit_note_id: 7, supplier_invoice_id: 1, amount: '100.00' },
    { credit_note_id: 7, supplier_invoice_id: 3, amount: '50.00' },
    { credit_note_id: 8, supplier_invoice_id: 3, amount: '40.00' },
  ])
  // Nothing owed: the credit stays open.
  expect(allocateOpenCredit([{ id: 7, open: '10' }], [{ id: 1, remaining: '0' }])).toEqual([])
})

test('allocated credit never exceeds a note nor an invoice, and uses all it can (property)', () => {
  const cents = fc.integer({ min: 0, max: 100_000 }).map((c) => (c / 100).toFixed(2))
  fc.assert(
    fc.property(fc.array(cents, { maxLength: 5 }), fc.array(cents, { maxLength: 5 }), (notes, owed) => {
      const credits = notes.map((open, i) => ({ id: i + 1, open }))
      const invoices = owed.map((remaining, i) => ({ id: i + 101, remaining }))
      const made = allocateOpenCredit(credits, invoices)
      const sum = (rows: { amount: string }[]) =>
        rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0)
      for (const c of credits)
        expect(sum(made.filter((a) => a.credit_note_id === c.id))).toBeLessThanOrEqual(
          Math.round(Number(c.open) * 100),
        )
      for (const i of invoices)
        expect(sum(made.filter((a) => a.supplier_invoice_id === i.id))).toBeLessThanOrEqual(
          Math.round(Number(i.remaining) * 100),
        )
      const total = (values: string[]) => values.reduce((s, v) => s + Math.round(Number(v) * 100), 0)
      expect(sum(made)).toBe(Math.min(total(notes), total(owed)))
      expect(made.every((a) => Number(a.amount) > 0)).toBe(true)
    }),
  )
})

test('a credit note naming no invoice is settled as its credit is set against invoices', () => {
  expect(openCreditPaymentStatus('-100.00', '0', true)).toBe('no')
  expect(openCreditPaymentStatus('-100.00', '40', true)).toBe('partial')
  expect(openCreditPaymentStatus('-100.00', '100', true)).toBe('complete')
  expect(openCreditPaymentStatus('-100.00', '100', false)).toBe('no')
})
