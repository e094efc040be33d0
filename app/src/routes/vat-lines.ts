import type { TotalsLine } from '@procura/ui-kit/document-header'
import type { TFunction } from 'i18next'
import type { Formatter } from '../http/format'

/** The VAT lines of a document's totals, one per rate (DocumentTotals). */
export const vatLines = (
  breakdown: readonly { rate: string; tax: string }[],
  currency: string,
  t: TFunction,
  format: Formatter,
): TotalsLine[] =>
  breakdown.map((b) => ({
    key: `vat-${b.rate}`,
    label: t('orders.totals.vat', { rate: format.number(b.rate) }),
    value: format.amount(b.tax, currency),
  }))
