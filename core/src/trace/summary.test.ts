import { expect, test } from 'vitest'
import { traceSummary } from './summary'

test('a lifecycle step reads in the reader’s language, without the audit line’s codes', () => {
  const need = { model: 'need', message: 'Request REQ-2026-00012: submit → awaiting/none' }
  expect(traceSummary(need, 'en')).toBe('Submit → Awaiting validation')
  expect(traceSummary(need, 'fr')).toBe('Soumettre → En attente de validation')
  expect(
    traceSummary(
      { model: 'need', message: 'Request REQ-2026-00012: transform → validated/po_submitted' },
      'es',
    ),
  ).toBe('Transformar en pedido → Validado (Pedido enviado a validación)')
  expect(
    traceSummary({ model: 'purchase_order', message: 'Order PO-2026-00003 v1: send → sent' }, 'fr'),
  ).toBe('Envoyer → Envoyé')
  expect(
    traceSummary({ model: 'supplier_invoice', message: 'Invoice 202611-0004: back_to_draft → draft' }, 'en'),
  ).toBe('Back to draft → Draft')
})

test('any other trace reads as its message', () => {
  const created = { model: 'purchase_order', message: 'Order PO-2026-00003 created' }
  expect(traceSummary(created, 'fr')).toBe(created.message)
  expect(traceSummary({ model: 'settings', message: 'x: a → b' }, 'fr')).toBe('x: a → b')
})
