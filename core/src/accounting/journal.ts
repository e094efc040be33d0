import type { DomainError } from '../errors/domain-error'
import { SELF_ASSESSED_VAT_TYPES, type VatType } from '../invoice/status'
import { inBookingCurrency } from '../locale/locale-admin'
import { rateKey } from '../money/amounts'
import { dec } from '../money/decimal'
import { addMinor, fromMinor, taxMinor, toMinor } from '../money/minor-units'
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
 * An invoice's totals in units of its decimals (core/money minor-units): each line's amount and its
 * tax rounded on their own, summed per rate — invoiceTotals' rule, as integers.
 */
const invoiceUnits = (
  lines: JournalInvoice['lines'],
  amounts: readonly number[],
  selfAssessed: boolean,
  decimals: number,
) => {
  const byRate = new Map<string, number>()
  let exctax = 0
  let tax = 0
  for (const [index, line] of lines.entries()) {
    const amount = amounts[index] ?? 0
    const lineTax = taxMinor(amount, line.vat_rate, decimals)
    const key = rateKey(line.vat_rate)
    byRate.set(key, addMinor(byRate.get(key) ?? 0, lineTax))
    exctax = addMinor(exctax, amount)
    tax = addMinor(tax, lineTax)
  }
  const breakdown = [...byRate].sort(([a], [b]) => Number(a) - Number(b))
  return { breakdown, payable: selfAssessed ? exctax : addMinor(exctax, tax) }
}

/**
 * One journal entry per invoice: each expense account debited with its lines, each VAT rate's
 * deductible account debited with its tax (and, for reverse charge and intracommunity purchases,
 * the self-assessed account credited with the same), the supplier credited with what it is owed.
 * A negative amount (a credit note) goes to the other side. The amounts come from the invoice's
 * own totals (invoiceTotals' rule: rounded per line, summed per rate), computed in integer units of
 * the decimals, so the entry balances to the cent by construction; decimals only convert to
 * another booking currency. A missing account is refused (MISSING_ACCOUNTING_ENTRY).
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
  const selfAssessed = SELF_ASSESSED_VAT_TYPES.includes(invoice.vat_type)
  const amounts = invoice.lines.map((line) => toMinor(line.amount_exctax, decimals))
  const totals = invoiceUnits(invoice.lines, amounts, selfAssessed, decimals)
  const label = `${invoice.supplier.name} ${invoice.label}`.trim()
  const lines: JournalLine[] = []
  const factor = invoice.booking?.factor ?? '1'
  const converted = invoice.booking != null && factor !== '1' && !dec(factor).equals(1)
  // Booked in the company's currency, each line is converted and rounded on its own; the supplier
  // line takes what balances them, so the entry stays balanced to the cent.
  let bookedSum = 0
  const zero = fromMinor(0, decimals)
  const book = (account: string, accountLabel: string, auxiliary: string | null, signed: number) => {
    if (signed === 0) return
    const booked = !converted
      ? signed
      : auxiliary === null
        ? toMinor(inBookingCurrency(fromMinor(signed, decimals), factor, decimals), decimals)
        : -bookedSum
    if (converted) bookedSum = addMinor(bookedSum, booked)
    // The amount without its sign (a credit's text loses its minus).
    const amount = fromMinor(Math.abs(booked), decimals)
    lines.push({
      account,
      account_label: accountLabel,
      auxiliary,
      auxiliary_label: auxiliary === null ? null : invoice.supplier.name,
      label,
      debit: booked > 0 ? amount : zero,
      credit: booked > 0 ? zero : amount,
      ...(converted ? { currency_amount: fromMinor(Math.abs(signed), decimals) } : {}),
    })
  }
  // Expenses by account, in the order the lines name them.
  const byAccount = new Map<string, number>()
  const labels = new Map<string, string>()
  for (const [index, line] of invoice.lines.entries()) {
    const account = line.account as string
    byAccount.set(account, addMinor(byAccount.get(account) ?? 0, amounts[index] ?? 0))
    if (line.account_label !== undefined) labels.set(account, line.account_label)
  }
  for (const [account, amount] of byAccount) book(account, labels.get(account) ?? account, null, amount)
  for (const [rate, tax] of totals.breakdown) {
    if (tax === 0) continue
    const vat = vatAccountOf(vatAccounts, rate, invoice.vat_type)
    if (vat === undefined || (selfAssessed && (vat.self_assessed_code ?? '') === '')) return err(missing)
    book(vat.code, vat.label ?? vat.code, null, tax)
    if (selfAssessed)
      book(
        vat.self_assessed_code as string,
        vat.label === undefined ? (vat.self_assessed_code as string) : `${vat.label} (autoliquidation)`,
        null,
        -tax,
      )
  }
  const account = supplierAccount(prefix, invoice.supplier.code)
  book(account, account, account, -totals.payable)
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

/**
 * Sums of an entry's debits and credits, exact, in units of the decimals (core/money minor-units;
 * fromMinor gives them back as text). Amounts with more decimals are rounded half up first.
 */
export const entryTotals = (entry: Pick<JournalEntry, 'lines'>, decimals: number) => {
  let debit = 0
  let credit = 0
  for (const line of entry.lines) {
    debit = addMinor(debit, toMinor(line.debit, decimals))
    credit = addMinor(credit, toMinor(line.credit, decimals))
  }
  return { debit, credit }
}
