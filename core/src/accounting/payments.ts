import { dec, toAmountString } from '../money/decimal'
import type { JournalEntry, JournalLine } from './journal'
import { supplierAccount } from './journal'

/** What the bank journal reads of a paid payment line. */
export type JournalPayment = {
  id: number
  /** The payment group's code: the voucher. */
  group_code: string
  /** The day the payment was made (the bank's answer or marked paid). */
  paid_on: string
  /** Paid, tax included (negative: a credit note refunded). */
  amount: string
  supplier: { code: string; name: string }
  /** The invoice it settles (its code letters both entries), or null for a deposit on an order. */
  invoice: { code: string; label: string; invoice_date: string } | null
  order_code: string | null
}

/** The bank journal and the ledger account its payments leave from. */
export type BankJournal = { code: string; label: string; account: string; account_label: string }

/**
 * One bank-journal entry per paid payment: the supplier's account debited with what it was paid
 * (its balance comes back to zero against the invoice's credit), the bank's account credited.
 * The supplier line is lettered with the invoice's code on the day it was paid, the code the
 * invoice's own supplier line carries once fully paid, so the accountant's software matches them.
 * A deposit (no invoice yet) is booked on the supplier's account, unlettered. Balanced by
 * construction: the same amount on both sides.
 */
export const paymentEntry = (
  payment: JournalPayment,
  bank: BankJournal,
  prefix: string,
  decimals: number,
): JournalEntry => {
  const signed = dec(payment.amount)
  const amount = toAmountString(signed.abs(), decimals)
  const zero = toAmountString(0, decimals)
  const label = (
    payment.invoice !== null
      ? `${payment.supplier.name} ${payment.invoice.label}`
      : `${payment.supplier.name} ${payment.order_code ?? ''}`
  ).trim()
  const side = (debit: boolean) => (signed.isNegative() ? !debit : debit)
  const account = supplierAccount(prefix, payment.supplier.code)
  const supplierLine: JournalLine = {
    account,
    account_label: account,
    auxiliary: account,
    auxiliary_label: payment.supplier.name,
    label,
    debit: side(true) ? amount : zero,
    credit: side(true) ? zero : amount,
    lettering: payment.invoice?.code ?? null,
    lettered_on: payment.invoice === null ? null : payment.paid_on,
  }
  const bankLine: JournalLine = {
    account: bank.account,
    account_label: bank.account_label,
    auxiliary: null,
    auxiliary_label: null,
    label,
    debit: side(false) ? amount : zero,
    credit: side(false) ? zero : amount,
  }
  return {
    invoice_id: payment.id,
    piece: payment.group_code,
    date: payment.paid_on,
    piece_date: payment.paid_on,
    label,
    journal: { code: bank.code, label: bank.label },
    lines: [supplierLine, bankLine],
  }
}
