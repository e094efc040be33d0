import type { FieldIssue } from '../errors/domain-error'
import { dec } from '../money/decimal'

/**
 * An electronic invoice read from its syntax (EN 16931: UN/CEFACT CII — also embedded in a
 * Factur-X / ZUGFeRD PDF — or UBL 2.1), in one shape: what a pending invoice is prefilled with.
 */
export type EInvoice = {
  syntax: 'cii' | 'ubl' | 'facturx'
  kind: 'invoice' | 'credit_note'
  number: string
  issue_date: string | null
  currency: string
  seller: { name: string | null; vat: string | null; siret: string | null; iban: string | null }
  lines: {
    label: string
    quantity: string
    unit_price: string | null
    amount: string
    vat_rate: string | null
  }[]
  vat: { rate: string; base: string; tax: string }[]
  totals: { lines: string; exctax: string; tax: string; inctax: string; payable: string }
}

const sum = (values: readonly string[]) => values.reduce((total, v) => total.plus(v), dec(0))

/**
 * Whether an e-invoice's totals add up: its lines to the line total, its VAT breakdown to the tax
 * total and the base, the base plus the tax to the total including tax. Each difference is reported
 * with both figures, never silently accepted (nor refused: the person decides).
 */
export const eInvoiceIssues = (invoice: EInvoice): FieldIssue[] => {
  const issues: FieldIssue[] = []
  const check = (what: string, declared: string, computed: ReturnType<typeof dec>) => {
    if (!dec(declared).eq(computed))
      issues.push({
        code: 'E_INVOICE_TOTALS_MISMATCH',
        params: { what, declared, computed: computed.toString() },
      })
  }
  check('line total', invoice.totals.lines, sum(invoice.lines.map((l) => l.amount)))
  if (invoice.vat.length > 0) {
    check('tax total', invoice.totals.tax, sum(invoice.vat.map((v) => v.tax)))
    check('taxable base', invoice.totals.exctax, sum(invoice.vat.map((v) => v.base)))
  }
  check('total including tax', invoice.totals.inctax, dec(invoice.totals.exctax).plus(invoice.totals.tax))
  return issues
}

/** An order line the e-invoice may bill, as the invoice form offers it. */
export type OfferedLine = { id: number; label: string; receipt_mode: 'quantity' | 'amount' }

const normalised = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The invoice lines an e-invoice's lines become: each one whose label is an offered order line's
 * (ignoring case, accents and spacing) bills that line (its quantity, or its amount for a service);
 * the others (freight, fees, what the buyer must link by hand) become free lines with their amount
 * and rate. An order line is billed by one e-invoice line at most.
 */
export const invoiceLinesFromEInvoice = (
  lines: EInvoice['lines'],
  offered: readonly OfferedLine[],
): { billed: Record<number, string>; free: { label: string; amount_exctax: string; vat_rate: string }[] } => {
  const billed: Record<number, string> = {}
  const free: { label: string; amount_exctax: string; vat_rate: string }[] = []
  for (const line of lines) {
    const match = offered.find(
      (o) => billed[o.id] === undefined && normalised(o.label) === normalised(line.label),
    )
    if (match === undefined)
      free.push({ label: line.label, amount_exctax: line.amount, vat_rate: line.vat_rate ?? '0' })
    else billed[match.id] = match.receipt_mode === 'amount' ? line.amount : line.quantity
  }
  return { billed, free }
}
