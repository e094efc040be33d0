import { expect, test } from 'vitest'
import { LANGUAGES } from '../i18n/language'
import * as labels from './labels'
import * as vocabularies from './vocabularies'

const pairs = [
  [vocabularies.GENERIC_STATUSES, labels.GENERIC_STATUS_LABELS],
  [vocabularies.DELIVERY_STATUSES, labels.DELIVERY_STATUS_LABELS],
  [vocabularies.BILLING_STATUSES, labels.BILLING_STATUS_LABELS],
  [vocabularies.DISPUTE_STATUSES, labels.DISPUTE_STATUS_LABELS],
  [vocabularies.PURCHASE_ORDER_PAYMENT_STATUSES, labels.PURCHASE_ORDER_PAYMENT_STATUS_LABELS],
  [vocabularies.PAYMENT_LINE_STATUSES, labels.PAYMENT_LINE_STATUS_LABELS],
  [vocabularies.NEED_PROCESSING_STATUSES, labels.NEED_PROCESSING_STATUS_LABELS],
  [vocabularies.TRACE_SEVERITIES, labels.TRACE_SEVERITY_LABELS],
] as const

test.each(pairs)('every status of %j has a label in every language, and nothing else', (statuses, table) => {
  expect(Object.keys(table).sort()).toEqual([...statuses].sort())
  for (const status of statuses) {
    for (const language of LANGUAGES) {
      expect(
        (table as Record<string, Record<string, string>>)[status]?.[language]?.trim(),
        `${status}.${language}`,
      ).toBeTruthy()
    }
  }
})

test('labels differ by vocabulary where the code is shared', () => {
  expect(labels.statusLabel(labels.DELIVERY_STATUS_LABELS, 'partial', 'en')).toBe('Partially delivered')
  expect(labels.statusLabel(labels.BILLING_STATUS_LABELS, 'partial', 'fr')).toBe('Partiellement facturé')
  expect(labels.statusLabel(labels.PAYMENT_LINE_STATUS_LABELS, 'rejected_holder_bank', 'es')).toBe(
    'Rechazado por el banco del titular',
  )
})
