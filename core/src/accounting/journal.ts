import type { DomainError } from '../errors/domain-error'
import { invoiceTotals } from '../invoice/invoice.schema'
import { SELF_ASSESSED_VAT_TYPES, type VatType } from '../invoice/status'
import { inBookingCurrency } from '../locale/locale-admin'
import { rateKey } from '../money/amounts'
import { type Dec, dec, toAmountString } from '../money/decimal'
import { err, ok, type Result } from '../result'

/** What the journal reads of a validated supplier invoice (or credit note: negative amounts). */
export type JournalInvoice = {
  id: number
  code: string
  /** The supplier's own number of the invoice. */
  label: string
  invoice_date: string
  due_date: string
  currency_code: string
  vat_type: VatType
  supplier: { code: string | null; name: string }
  /** Fully paid: the day of its last payment; the supplier line is then lettered with the invoice's code. */
  paid_on?: string | null
  /**
   * Booked in its company's currency when that is not the invoice's: how many units of it one unit
   * of the invoice's currency buys on the invoice date (core/locale bookingFactor).
   */
  booking?: { currency: string; factor: string } | null
  /** Each line with its amount, VAT rate and the expense account it is booked on (null: none found), with its label. */
  lines: readonly {
    amount_exctax: string
    vat_rate: string
    account: string | null
    account_label?: string
  }[]
}

/** The VAT accounts of one rate and VAT type (an accounting VAT entry). */
export type VatAccount = {
  vat_rate: string
  vat_type: VatType
  /** Deductible VAT. */
  code: string
  /** Self-assessed VAT (collected) for reverse charge and intracommunity purchases. */
  self_assessed_code: string | null
  /** The account's own name (the FEC's CompteLib); the code when none is given. */
  label?: string
}

export type JournalLine = {
  account: string
  /** The account's name (an expense or VAT account's label). */
  account_label: string
  /** The supplier's auxiliary account on the supplier line; null on the others. */
  auxiliary: string | null
  /** The supplier's name on the supplier line; null on the others. */
  auxiliary_label: string | null
  label: string
  debit: string
  credit: string
  /** Booked in another currency than the invoice's: the line's amount in the invoice's own currency. */
  currency_amount?: string
  /** The lettering code that matches this line with the ones it settles (a payment and its invoice), and when. */
  lettering?: string | null
  lettered_on?: string | null
}

export type JournalEntry = {
  invoice_id: number
  piece: string
  date: string
  /** The voucher's date, when it differs from the entry's (a payment's invoice). */
  piece_date?: string
  label: string
  /** The journal of the entry when it is not the purchase journal (payments: the bank journal). */
  journal?: { code: string; label: string }
  /** The invoice's own currency, when its lines are booked in its company's (they carry currency_amount). */
  original_currency?: string
  lines: JournalLine[]
}

/** The supplier's account: the export prefix and the supplier's code (spec §3). */
export const supplierAccount = (prefix: string, supplierCode: string) => `${prefix}${supplierCode}`

/** Each list of VAT accounts by VAT type and rate ("5.5" and "5.50" are one rate), built once per list. */
const vatIndexes = new WeakMap<readonly VatAccount[], Map<string, VatAccount>>()
const vatKey = (type: VatType, rate: string) => `${type} ${rateKey(rate)}`

const vatAccountOf = (accounts: readonly VatAccount[], rate: string, type: VatType) => {
  let index = vatIndexes.get(accounts)
  if (index === undefined) {
    index = new Map()
    // The first account of a rate and type wins, as a search in the list's order would find it.
    for (const account of accounts) {
      const key = vatKey(account.vat_type, account.vat_rate)
      if (!index.has(key)) index.set(key, account)
    }
    vatIndexes.set(accounts, index)
  }
  return index.get(vatKey(type, rate))
}

/**
 * One journal entry per invoice: each expense account debited with its lines, each VAT rate's
 * deductible account debited with its tax (and, for reverse charge and intracommunity purchases,
 * the self-assessed account credited with the same), the supplier credited with what it is owed.
 * A negative amount (a credit note) goes to the other side. The amounts come from the invoice's
 * own totals (core invoiceTotals: rounded per line, summed per rate), so the entry balances to the
 * cent by construction; a missing account is refused (MISSING_ACCOUNTING_ENTRY).
 */
export const journalEntry = (
  invoice: JournalInvoice,
  vatAccounts: readonly VatAccount[],
  prefix: string,
  decimals: number,
): Result<JournalEntry, DomainError> => {
  const missing = { code: 'MISSING_ACCOUNTING_ENTRY', params: { invoice: invoice.code } } as const
  if (invoice.supplier.code === null || invoice.supplier.code === '')
    return err({ code: 'SUPPLIER_WITHOUT_CODE', params: { supplier: invoice.supplier.name } })
  if (invoice.lines.some((l) => l.account === null)) return err(missing)
  const totals = invoiceTotals(invoice.lines, invoice.vat_type, decimals)
  const selfAssessed = SELF_ASSESSED_VAT_TYPES.includes(invoice.vat_type)
  const label = `${invoice.supplier.name} ${invoice.label}`.trim()
  const lines: JournalLine[] = []
  const converted = invoice.booking != null && !dec(invoice.booking.factor).equals(1)
  const factor = invoice.booking?.factor ?? '1'
  // Booked in the company's currency, each line is converted and rounded on its own; the supplier
  // line takes what balances them, so the entry stays balanced to the cent.
  let bookedSum = dec(0)
  const zero = toAmountString(0, decimals)
  const book = (account: string, accountLabel: string, auxiliary: string | null, signed: Dec) => {
    if (signed.isZero()) return
    const booked = !converted
      ? signed
      : auxiliary === null
        ? dec(inBookingCurrency(signed.toString(), factor, decimals))
        : bookedSum.negated()
    if (converted) bookedSum = bookedSum.plus(booked)
    // The amount without its sign (a credit's text loses its minus).
    const text = toAmountString(booked, decimals)
    const amount = text.startsWith('-') ? text.slice(1) : text
    lines.push({
      account,
      account_label: accountLabel,
      auxiliary,
      auxiliary_label: auxiliary === null ? null : invoice.supplier.name,
      label,
      debit: booked.isPositive() ? amount : zero,
      credit: booked.isPositive() ? zero : amount,
      ...(converted ? { currency_amount: toAmountString(signed.abs(), decimals) } : {}),
    })
  }
  // Expenses by account, in the order the lines name them.
  const byAccount = new Map<string, Dec>()
  const labels = new Map<string, string>()
  for (const line of invoice.lines) {
    const account = line.account as string
    const amount = dec(line.amount_exctax).toDecimalPlaces(decimals)
    const sum = byAccount.get(account)
    byAccount.set(account, sum === undefined ? amount : sum.plus(amount))
    if (line.account_label !== undefined) labels.set(account, line.account_label)
  }
  for (const [account, amount] of byAccount) book(account, labels.get(account) ?? account, null, amount)
  for (const row of totals.breakdown) {
    if (row.tax.isZero()) continue
    const vat = vatAccountOf(vatAccounts, row.rate, invoice.vat_type)
    if (vat === undefined || (selfAssessed && (vat.self_assessed_code ?? '') === '')) return err(missing)
    book(vat.code, vat.label ?? vat.code, null, row.tax)
    if (selfAssessed)
      book(
        vat.self_assessed_code as string,
        vat.label === undefined ? (vat.self_assessed_code as string) : `${vat.label} (autoliquidation)`,
        null,
        row.tax.negated(),
      )
  }
  const account = supplierAccount(prefix, invoice.supplier.code)
  book(account, account, account, dec(totals.payable).negated())
  const supplierLine = lines[lines.length - 1]
  if (supplierLine !== undefined && invoice.paid_on != null && supplierLine.auxiliary !== null) {
    supplierLine.lettering = invoice.code
    supplierLine.lettered_on = invoice.paid_on
  }
  return ok({
    invoice_id: invoice.id,
    piece: invoice.code,
    date: invoice.invoice_date,
    label,
    ...(converted ? { original_currency: invoice.currency_code } : {}),
    lines,
  })
}

/** A zero amount's text ("0", "0.00"): each line has one on its other side, nothing to add. */
const ZERO_TEXT = /^[+-]?0+(\.0*)?$/
const sumOf = (amounts: readonly string[]) =>
  amounts.reduce((sum, amount) => (ZERO_TEXT.test(amount) ? sum : sum.plus(amount)), dec(0))

/** Sums of an entry's debits and credits, exact. */
export const entryTotals = (entry: Pick<JournalEntry, 'lines'>) => ({
  debit: sumOf(entry.lines.map((l) => l.debit)),
  credit: sumOf(entry.lines.map((l) => l.credit)),
})
