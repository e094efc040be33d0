import { z } from 'zod'
import { addDays, addMonths, firstOfMonth, type IsoDate } from '../calendar/days'
import type { Language } from '../i18n/language'

/**
 * A supplier's payment term (spec "Payment term": days, month_end, fixed_day, on_receipt,
 * payment_deadline). Read in this order: on receipt, the invoice is due the day it is dated;
 * else N days after its date, then the end of that month when month_end is set, then the next
 * fixed day of the month (on or after) when one is given. payment_deadline caps the result at
 * that many days after the invoice date (the legal maximum an organisation applies), when set.
 */
export const PaymentTermSchema = z
  .object({
    on_receipt: z.boolean().default(false),
    days: z.number().int().min(0).max(365).default(30),
    month_end: z.boolean().default(false),
    fixed_day: z.number().int().min(1).max(31).nullable().default(null),
    payment_deadline: z.number().int().min(0).max(365).nullable().default(null),
  })
  .strict()
export type PaymentTerm = z.output<typeof PaymentTermSchema>

export const PAYMENT_TYPES = ['none', 'transfer'] as const
export type PaymentType = (typeof PAYMENT_TYPES)[number]

const lastOfMonth = (date: IsoDate): IsoDate => addDays(addMonths(firstOfMonth(date), 1), -1)

const nextFixedDay = (date: IsoDate, day: number): IsoDate => {
  const inMonth = (first: IsoDate) => {
    const last = Number(lastOfMonth(first).slice(8))
    return `${first.slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`
  }
  const here = inMonth(firstOfMonth(date))
  return here >= date ? here : inMonth(addMonths(firstOfMonth(date), 1))
}

/** The day an invoice dated `invoiceDate` is due under a payment term. */
export const dueDate = (invoiceDate: IsoDate, term: PaymentTerm): IsoDate => {
  if (term.on_receipt) return invoiceDate
  let due = addDays(invoiceDate, term.days)
  if (term.month_end) due = lastOfMonth(due)
  if (term.fixed_day !== null) due = nextFixedDay(due, term.fixed_day)
  if (term.payment_deadline !== null) {
    const cap = addDays(invoiceDate, term.payment_deadline)
    if (due > cap) due = cap
  }
  return due
}

const TEXT: Record<
  Language,
  {
    receipt: string
    days: (n: number) => string
    monthEnd: string
    fixed: (d: number) => string
    cap: (n: number) => string
    transfer: string
  }
> = {
  en: {
    receipt: 'on receipt of invoice',
    days: (n) => `${n} days from invoice date`,
    monthEnd: 'end of month',
    fixed: (d) =>
      `on the ${d}${d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th'}`,
    cap: (n) => `at most ${n} days`,
    transfer: 'by bank transfer',
  },
  fr: {
    receipt: 'à réception de facture',
    days: (n) => `${n} jours date de facture`,
    monthEnd: 'fin de mois',
    fixed: (d) => `le ${d}`,
    cap: (n) => `au plus ${n} jours`,
    transfer: 'par virement',
  },
  es: {
    receipt: 'a la recepción de la factura',
    days: (n) => `${n} días fecha de factura`,
    monthEnd: 'fin de mes',
    fixed: (d) => `el día ${d}`,
    cap: (n) => `como máximo ${n} días`,
    transfer: 'por transferencia',
  },
}

/** A payment term as an order prints it: "30 days from invoice date, end of month, by bank transfer". */
export const describePaymentTerm = (term: PaymentTerm, type: PaymentType, language: Language): string => {
  const t = TEXT[language]
  const parts = term.on_receipt
    ? [t.receipt]
    : [
        t.days(term.days),
        ...(term.month_end ? [t.monthEnd] : []),
        ...(term.fixed_day === null ? [] : [t.fixed(term.fixed_day)]),
        ...(term.payment_deadline === null ? [] : [t.cap(term.payment_deadline)]),
      ]
  return [...parts, ...(type === 'transfer' ? [t.transfer] : [])].join(', ')
}
