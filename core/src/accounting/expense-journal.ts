import type { DomainError } from '../errors/domain-error'
import { type Dec, dec, toAmountString } from '../money/decimal'
import { err, ok, type Result } from '../result'
import type { JournalEntry, JournalLine, VatAccount } from './journal'
import { supplierAccount } from './journal'

/** An employee's auxiliary code from their login: letters and digits, upper case (the FEC's CompAuxNum). */
export const employeeCode = (login: string) =>
  login
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 17)

/** What the purchase journal reads of a validated expense report. */
export type JournalExpenseReport = {
  id: number
  code: string
  label: string
  /** The day it is booked: when it was validated. */
  date: string
  employee: { code: string; name: string }
  /** Fully paid: the day it was paid; the employee line is then lettered with the report's code. */
  paid_on: string | null
  /** Each expense with the expense account of its type (null: none found), its amounts and its receipt's VAT by rate. */
  expenses: readonly {
    account: string | null
    account_label?: string
    amount_exctax: string
    amount_inctax: string
    vat: readonly { rate: string; amount: string }[]
  }[]
}

/**
 * One purchase-journal entry per expense report (docs/domain/expense.md): each expense account
 * debited with its expenses excluding tax, each VAT rate's deductible account with the receipts'
 * VAT (as the receipts show it: HT + VAT = TTC was checked when each expense was entered), and the
 * employee's account (the employee prefix and their code) credited with the total including tax —
 * balanced by construction. A missing expense or VAT account is refused (MISSING_ACCOUNTING_ENTRY).
 */
export const expenseReportEntry = (
  report: JournalExpenseReport,
  vatAccounts: readonly VatAccount[],
  prefix: string,
  decimals: number,
): Result<JournalEntry, DomainError> => {
  const missing = { code: 'MISSING_ACCOUNTING_ENTRY', params: { invoice: report.code } } as const
  if (report.expenses.some((e) => e.account === null)) return err(missing)
  const label = `${report.employee.name} ${report.code}`
  const lines: JournalLine[] = []
  const zero = toAmountString(0, decimals)
  const book = (account: string, accountLabel: string, auxiliary: boolean, debit: Dec, credit: Dec) => {
    if (debit.isZero() && credit.isZero()) return
    lines.push({
      account,
      account_label: accountLabel,
      auxiliary: auxiliary ? account : null,
      auxiliary_label: auxiliary ? report.employee.name : null,
      label,
      debit: debit.isZero() ? zero : toAmountString(debit, decimals),
      credit: credit.isZero() ? zero : toAmountString(credit, decimals),
    })
  }
  const byAccount = new Map<string, { amount: Dec; label: string }>()
  for (const e of report.expenses) {
    const account = e.account as string
    const current = byAccount.get(account) ?? { amount: dec(0), label: e.account_label ?? account }
    byAccount.set(account, { ...current, amount: current.amount.plus(e.amount_exctax) })
  }
  for (const [account, { amount, label: name }] of byAccount) book(account, name, false, amount, dec(0))
  const byRate = new Map<string, Dec>()
  for (const e of report.expenses)
    for (const v of e.vat)
      byRate.set(dec(v.rate).toString(), (byRate.get(dec(v.rate).toString()) ?? dec(0)).plus(v.amount))
  for (const [rate, tax] of byRate) {
    if (tax.isZero()) continue
    const vat = vatAccounts.find((a) => a.vat_type === 'on_debit' && dec(a.vat_rate).equals(dec(rate)))
    if (vat === undefined) return err(missing)
    book(vat.code, vat.label ?? vat.code, false, tax, dec(0))
  }
  const total = report.expenses.reduce((sum, e) => sum.plus(e.amount_inctax), dec(0))
  const account = supplierAccount(prefix, report.employee.code)
  book(account, account, true, dec(0), total)
  const employeeLine = lines[lines.length - 1]
  if (employeeLine !== undefined && report.paid_on !== null) {
    employeeLine.lettering = report.code
    employeeLine.lettered_on = report.paid_on
  }
  return ok({ invoice_id: report.id, piece: report.code, date: report.date, label, lines })
}
