import type { FieldIssue } from '../errors/domain-error'
import { dec } from '../money/decimal'
import type { EInvoice } from './e-invoice-document'
import { type MatchableLine, matchEInvoiceLines } from './e-invoice-match'

export type { EInvoice } from './e-invoice-document'

/**
 * The SIREN and routing code an e-invoice is addressed to: the electronic address (BT-49) split at
 * its first "_" (SIREN, then the routing code), else the legal registration (BT-47) with no routing.
 */
export const addresseeOf = (invoice: EInvoice): { siren: string | null; routing_code: string | null } => {
  const address = invoice.addressee?.address?.trim() ?? ''
  const match = /^(\d{9})(?:\d{5})?(?:_(.+))?$/.exec(address)
  if (match !== null) return { siren: match[1] ?? null, routing_code: match[2]?.trim() || null }
  const legal = invoice.addressee?.siren?.replace(/\s/g, '') ?? ''
  return { siren: /^\d{9}/.test(legal) ? legal.slice(0, 9) : null, routing_code: null }
}

const sum = (values: readonly string[]) => values.reduce((total, v) => total.plus(v), dec(0))

/**
 * The EN 16931 arithmetic rules Procura checks, each by its code, with the business terms it
 * compares (docs/domain/e-invoicing.md). `what` names them in each language for the message.
 */
export const EN16931_RULES = {
  'BR-CO-10': {
    en: 'the sum of line net amounts (BT-106)',
    es: 'la suma de los importes netos de línea (BT-106)',
    fr: 'la somme des montants nets des lignes (BT-106)',
  },
  'BR-CO-13': {
    en: 'the total without VAT (BT-109)',
    es: 'el total sin IVA (BT-109)',
    fr: 'le total hors TVA (BT-109)',
  },
  'BR-CO-14': {
    en: 'the VAT total (BT-110)',
    es: 'el total de IVA (BT-110)',
    fr: 'le total de TVA (BT-110)',
  },
  'BR-CO-15': {
    en: 'the total with VAT (BT-112)',
    es: 'el total con IVA (BT-112)',
    fr: 'le total TTC (BT-112)',
  },
  'BR-CO-16': {
    en: 'the amount due for payment (BT-115)',
    es: 'el importe a pagar (BT-115)',
    fr: 'le montant à payer (BT-115)',
  },
  'BR-CO-17': {
    en: 'the VAT of a rate (BT-117)',
    es: 'el IVA de un tipo (BT-117)',
    fr: 'la TVA d’un taux (BT-117)',
  },
  'BR-S-08': {
    en: 'the taxable amount of a rate (BT-116)',
    es: 'la base imponible de un tipo (BT-116)',
    fr: 'la base imposable d’un taux (BT-116)',
  },
} as const
export type En16931Rule = keyof typeof EN16931_RULES

/**
 * Whether an e-invoice's figures add up, rule by rule (EN 16931): the lines to their sum (BR-CO-10),
 * that sum less allowances plus charges to the total without VAT (BR-CO-13), the VAT breakdown to
 * the VAT total (BR-CO-14), the totals to the total with VAT (BR-CO-15) and to the amount due
 * (BR-CO-16), each rate's VAT to its base × rate rounded to the cent (BR-CO-17), each rate's base
 * to its lines when the document has no allowance or charge (BR-S-08). Each failure is reported
 * with its rule and both figures; nothing is corrected (nor refused: the person decides).
 */
export const eInvoiceIssues = (invoice: EInvoice): FieldIssue[] => {
  const issues: FieldIssue[] = []
  const t = invoice.totals
  const check = (rule: En16931Rule, declared: string, computed: ReturnType<typeof dec>, rate?: string) => {
    if (!dec(declared).eq(computed))
      issues.push({
        code: 'E_INVOICE_TOTALS_MISMATCH',
        params: { rule, declared, computed: computed.toString(), ...(rate === undefined ? {} : { rate }) },
      })
  }
  const allowances = dec(t.allowances ?? '0')
  const charges = dec(t.charges ?? '0')
  check('BR-CO-10', t.lines, sum(invoice.lines.map((l) => l.amount)))
  check('BR-CO-13', t.exctax, dec(t.lines).minus(allowances).plus(charges))
  if (invoice.vat.length > 0) check('BR-CO-14', t.tax, sum(invoice.vat.map((v) => v.tax)))
  check('BR-CO-15', t.inctax, dec(t.exctax).plus(t.tax))
  check(
    'BR-CO-16',
    t.payable,
    dec(t.inctax)
      .minus(t.prepaid ?? '0')
      .plus(t.rounding ?? '0'),
  )
  for (const v of invoice.vat) {
    check('BR-CO-17', v.tax, dec(v.base).times(v.rate).div(100).toDecimalPlaces(2), v.rate)
    if (allowances.isZero() && charges.isZero())
      check(
        'BR-S-08',
        v.base,
        sum(
          invoice.lines.filter((l) => l.vat_rate !== null && dec(l.vat_rate).eq(v.rate)).map((l) => l.amount),
        ),
        v.rate,
      )
  }
  return issues
}

/** An issue's message parameters in the reader's language: an EN 16931 rule names what it compares. */
export const eInvoiceIssueParams = (
  issue: FieldIssue,
  language: 'en' | 'es' | 'fr',
): Record<string, string | number> => {
  const params = { ...(issue.params ?? {}) } as Record<string, string | number>
  const rule = EN16931_RULES[params.rule as En16931Rule]
  if (issue.code !== 'E_INVOICE_TOTALS_MISMATCH' || rule === undefined) return params
  return { ...params, what: `${rule[language]}${params.rate === undefined ? '' : ` (${params.rate} %)`}` }
}

/** An order line the e-invoice may bill, as the invoice form offers it. */
export type OfferedLine = MatchableLine

/**
 * The invoice lines an e-invoice's lines become (core matchEInvoiceLines: BT-132 on the matched
 * order, else the label): each found order line is billed (its quantity, or its amount for a
 * service); the others (freight, fees, what the buyer must link by hand) become free lines with
 * their amount and rate. `rules` says, per e-invoice line, how it was found.
 */
export const invoiceLinesFromEInvoice = (
  lines: EInvoice['lines'],
  offered: readonly OfferedLine[],
  orderId: number | null = null,
): {
  billed: Record<number, string>
  free: { label: string; amount_exctax: string; vat_rate: string }[]
  rules: ('BT-132' | 'label' | null)[]
} => {
  const billed: Record<number, string> = {}
  const free: { label: string; amount_exctax: string; vat_rate: string }[] = []
  const matches = matchEInvoiceLines(lines, offered, orderId)
  lines.forEach((line, i) => {
    const match = offered.find((o) => o.id === matches[i]?.order_line_id)
    if (match === undefined)
      free.push({ label: line.label, amount_exctax: line.amount, vat_rate: line.vat_rate ?? '0' })
    else billed[match.id] = match.receipt_mode === 'amount' ? line.amount : line.quantity
  })
  return { billed, free, rules: matches.map((m) => m.rule) }
}
