import { type Dec, type DecimalInput, dec, final, intermediate, toAmountString } from './decimal'

/**
 * VAT rates are percentages ("20", "5.5"). An article may carry two rates (vat_rate and
 * vat_rate_2): both apply to the amount excluding tax, and each gives its own tax amount.
 */
export type VatRates = { vat_rate: DecimalInput; vat_rate_2?: DecimalInput | null }

/**
 * Rates are few ("20", "5.5", "0"): each text is read once, with its key, and the decimal shared
 * (decimals are immutable). Bounded: forgotten all at once past a thousand texts.
 */
const readRates = new Map<string, { rate: Dec; key: string }>()
const readRate = (text: string) => {
  let known = readRates.get(text)
  if (known === undefined) {
    const rate = dec(text)
    known = { rate, key: rate.toString() }
    if (readRates.size >= 1000) readRates.clear()
    readRates.set(text, known)
  }
  return known
}
const rateRead = (rate: DecimalInput) => {
  if (typeof rate === 'string') return readRate(rate)
  const read = dec(rate)
  return { rate: read, key: read.toString() }
}
const rateOf = (rate: DecimalInput): Dec => rateRead(rate).rate

/** A line's rates, each with its key: the second only when it is set and not zero. */
const rateList = (rates: VatRates): { rate: Dec; key: string }[] => {
  const list = [rateRead(rates.vat_rate)]
  if (rates.vat_rate_2 !== undefined && rates.vat_rate_2 !== null) {
    const second = rateRead(rates.vat_rate_2)
    if (!second.rate.isZero()) list.push(second)
  }
  return list
}

/** Price including tax from a price excluding tax (6-decimal intermediate; unrounded otherwise). */
export const includingTax = (exctax: DecimalInput, rates: VatRates): Dec =>
  intermediate(
    rateList(rates).reduce(
      (sum, { rate }) => sum.plus(intermediate(dec(exctax).times(rate).div(100))),
      dec(exctax),
    ),
  )

/** Price excluding tax from a price including tax (6-decimal intermediate). */
export const excludingTax = (inctax: DecimalInput, rates: VatRates): Dec => {
  const factor = rateList(rates).reduce((sum, { rate }) => sum.plus(rate.div(100)), dec(1))
  return intermediate(dec(inctax).div(factor))
}

export type TaxAmount = { rate: string; base: Dec; tax: Dec }

export type LineAmounts = {
  /** Amount excluding tax, rounded to the configured decimals. */
  exctax: Dec
  /** One entry per VAT rate of the line: the base and the rounded tax. */
  taxes: TaxAmount[]
  /** Sum of the line's taxes. */
  tax: Dec
  /** exctax + tax: always exactly the sum of what is shown. */
  inctax: Dec
}

/** A rate as a canonical string key: "20", "5.5" (no trailing zeros). */
export const rateKey = (rate: DecimalInput): string => rateRead(rate).key

/**
 * The amounts of one line. Policy (docs/domain/money.md): quantity × unit price is kept to 6
 * decimals, the amount excluding tax is rounded to the configured decimals, then each tax is
 * computed on that rounded amount and rounded, and the amount including tax is their sum. A
 * document's totals are sums of these rounded line amounts, so they always equal the sum of the
 * lines shown.
 */
export const lineAmounts = (
  line: { quantity: DecimalInput; unit_price_exctax: DecimalInput } & VatRates,
  decimals: number,
): LineAmounts =>
  amountsFromExcTax(intermediate(dec(line.quantity).times(line.unit_price_exctax)), line, decimals)

/**
 * A line's amount excluding tax as text: quantity × unit price kept to 6 decimals, then rounded
 * to the configured decimals — the one rule every line (request, order, receipt) follows.
 * 0.3 × 0.016665 = 0.0049995 → 0.005000 → 0.01.
 */
export const lineAmountExcTax = (
  quantity: DecimalInput,
  unitPriceExcTax: DecimalInput,
  decimals: number,
): string => toAmountString(intermediate(dec(quantity).times(unitPriceExcTax)), decimals)

/** The same, from an unrounded amount excluding tax (already kept to 6 decimals by the caller). */
export const amountsFromExcTax = (
  rawExcTax: DecimalInput,
  rates: VatRates,
  decimals: number,
): LineAmounts => {
  const exctax = final(rawExcTax, decimals)
  const taxes = rateList(rates).map(({ rate, key }) => ({
    rate: key,
    base: exctax,
    tax: final(intermediate(exctax.times(rate).div(100)), decimals),
  }))
  const tax = taxes.reduce((sum, t) => sum.plus(t.tax), dec(0))
  return { exctax, taxes, tax, inctax: exctax.plus(tax) }
}

export type DocumentTotals = {
  exctax: Dec
  tax: Dec
  inctax: Dec
  /** VAT breakdown: one row per rate, sorted by rate, base and tax summed from the lines. */
  breakdown: TaxAmount[]
}

/** Totals of a document from its lines' amounts (round per line, then sum). */
export const documentTotals = (lines: readonly LineAmounts[]): DocumentTotals => {
  const byRate = new Map<string, TaxAmount>()
  for (const line of lines) {
    for (const t of line.taxes) {
      const row = byRate.get(t.rate)
      byRate.set(
        t.rate,
        row ? { rate: t.rate, base: row.base.plus(t.base), tax: row.tax.plus(t.tax) } : { ...t },
      )
    }
  }
  const zero = dec(0)
  return {
    exctax: lines.reduce((s, l) => s.plus(l.exctax), zero),
    tax: lines.reduce((s, l) => s.plus(l.tax), zero),
    inctax: lines.reduce((s, l) => s.plus(l.inctax), zero),
    breakdown: [...byRate.values()].sort((a, b) => rateOf(a.rate).comparedTo(rateOf(b.rate))),
  }
}

/** The price shown to a user: including tax when their setting price_display_inctax is on. */
export const displayedAmount = (amounts: { exctax: Dec; inctax: Dec }, priceDisplayIncTax: boolean): Dec =>
  priceDisplayIncTax ? amounts.inctax : amounts.exctax

/**
 * What a receipt shows of an amount including tax at one rate: the VAT it includes, rounded to the
 * decimals, and the amount excluding tax as the rest — so that excluding tax plus VAT is exactly
 * the amount paid (123.45 at 10 %: VAT 11.22, excl. tax 112.23). Null for a text that is not a
 * decimal.
 */
export const receiptAmounts = (
  inctax: string,
  rate: string,
  decimals: number,
): { vat: string; exctax: string } | null => {
  if (!/^-?\d+(\.\d+)?$/.test(inctax.trim()) || !/^\d+(\.\d+)?$/.test(rate.trim())) return null
  const total = dec(inctax.trim())
  const vat = final(total.minus(excludingTax(total, { vat_rate: rate.trim() })), decimals)
  return { vat: toAmountString(vat, decimals), exctax: toAmountString(total.minus(vat), decimals) }
}

/** Amounts summed exactly, as text with the decimals (a blank or unreadable amount counts 0). */
export const sumAmounts = (amounts: readonly string[], decimals: number): string =>
  toAmountString(
    amounts.reduce((sum, a) => (/^-?\d+(\.\d+)?$/.test(a.trim()) ? sum.plus(a.trim()) : sum), dec(0)),
    decimals,
  )
