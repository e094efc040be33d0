import { buildPain002, ibanOf, remainingToPay } from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { Db } from '../db'
import { companies, paymentLines, supplierInvoices, suppliers } from '../db/schema'
import { saveBankAccount, validateBankAccount } from '../services/payments/bank-accounts'
import { importBankAnswer } from '../services/payments/bank-answers'
import { applyPaymentGroupAction } from '../services/payments/payment-actions'
import { getPaymentGroup } from '../services/payments/payment-group-read'
import { createPaymentGroup } from '../services/payments/payment-group-write'
import { endToEndId, exportSepa } from '../services/payments/sepa-export'
import { DAY, must, type StoryClock } from './seed-story'

/** Valid IBANs (check digits right) of several SEPA countries, one per demo supplier in turn. */
const IBANS: [string, string, string | null][] = [
  ['FR76 3000 6000 0112 3456 7890 189', 'FR', 'AGRIFRPP'],
  ['DE89 3704 0044 0532 0130 00', 'DE', 'COBADEFFXXX'],
  ['NL91 ABNA 0417 1643 00', 'NL', 'ABNANL2A'],
  ['ES91 2100 0418 4502 0005 1332', 'ES', null],
  ['BE68 5390 0754 7034', 'BE', null],
  ['IT60 X054 2811 1010 0000 0123 456', 'IT', null],
]
const COMPANY_IBANS = ['FR14 2004 1010 0505 0001 3M02 606', 'GB29 NWBK 6016 1331 9268 19']

type Services = { db: Db; clock: StoryClock }

/**
 * Each supplier's own IBAN: the six of several countries first, then German ones made with their
 * check digits. The fifth supplier was given the fourth one's IBAN: the demo's payment-fraud signal
 * (two suppliers on one account), flagged on both suppliers' pages and in the payment proposal.
 */
const supplierIban = (i: number): [string, string, string | null] => {
  if (i === 4) return IBANS[3] as (typeof IBANS)[number]
  if (i < IBANS.length) return IBANS[i] as (typeof IBANS)[number]
  const iban = ibanOf('DE', `37040044${String(532013000 + i).padStart(10, '0')}`)
  return [iban ?? '', 'DE', null]
}

/**
 * The demo's payments: bank accounts for both companies and every supplier (entered by accounts payable,
 * validated by the administrator; one supplier's new IBAN still waits for its second person), then
 * payment groups over the oldest validated invoices, each told as far as its story goes: paid
 * (settled by the bank), rejected by the beneficiary's bank, at the bank, validated and ready to
 * export, awaiting the validator, and a draft. Later validated invoices stay unpaid for the proposal.
 */
export const seedPayments = async (services: Services, actor: (login: string) => OrderActor) => {
  const { db, clock } = services
  // Accounts payable enters IBANs and prepares payments; finance validates them (the payments'
  // circuit names it), hands them to the bank and records its answers: not the people who order.
  const payables = actor('payables')
  const finance = actor('finance')
  const admin = actor('admin')
  clock.at(60)
  const companyRows = await db.select({ id: companies.id, label: companies.label }).from(companies)
  for (const [i, company] of companyRows.entries())
    must(
      await saveBankAccount(services, admin, { kind: 'company', id: company.id }, null, {
        account_number: COMPANY_IBANS[i % COMPANY_IBANS.length],
        bic: i === 0 ? 'BNPAFRPP' : null,
        holder_name: company.label,
        holder_country_code: i === 0 ? 'FR' : 'GB',
        main: true,
      }),
      `the bank account of ${company.label}`,
    )
  const supplierRows = await db
    .select({ id: suppliers.id, name: suppliers.company_name })
    .from(suppliers)
    .orderBy(asc(suppliers.id))
  for (const [i, supplier] of supplierRows.entries()) {
    const [iban, country, bic] = supplierIban(i)
    const owner = { kind: 'supplier' as const, id: supplier.id }
    const saved = must(
      await saveBankAccount(services, payables, owner, null, {
        account_number: iban,
        bic,
        holder_name: supplier.name,
        holder_country_code: country,
        main: true,
      }),
      `the bank account of ${supplier.name}`,
    )
    must(
      await validateBankAccount(services, admin, owner, saved.data.id, false),
      `validating ${supplier.name}'s IBAN`,
    )
    // The last supplier announced a new IBAN: it waits for someone else than who entered it.
    if (i === supplierRows.length - 1)
      must(
        await saveBankAccount(services, payables, owner, null, {
          account_number: 'DE02 1203 0000 0000 2020 51',
          bic: null,
          holder_name: supplier.name,
          holder_country_code: 'DE',
          main: false,
        }),
        `the new IBAN of ${supplier.name}`,
      )
  }

  // The oldest validated, undisputed invoices, company by company, oldest due first.
  const invoices = await db
    .select()
    .from(supplierInvoices)
    .where(and(eq(supplierInvoices.status, 'validated'), ne(supplierInvoices.dispute_status, 'ongoing')))
    .orderBy(asc(supplierInvoices.due_date), asc(supplierInvoices.id))
  const payable = invoices.filter(
    (i) =>
      i.currency_code === 'EUR' && remainingToPay({ payable_amount: i.payable_amount, payments: [] }).gt(0),
  )
  const firstCompany = payable[0]?.company_id
  const queue = payable.filter((i) => i.company_id === firstCompany)
  const take = (n: number) => queue.splice(0, n)
  clock.at(0)
  const today = clock.now().getTime()
  const story = async (
    count: number,
    outcome: 'paid' | 'rejected' | 'at_bank' | 'validated' | 'awaiting' | 'draft',
    part = false,
  ) => {
    const chosen = take(count)
    if (chosen.length === 0) return
    // Paid a day after the last of its invoices was validated (the bank answers a day later).
    const validated = Math.max(...chosen.map((i) => i.validated_at?.getTime() ?? today))
    const daysAgo = Math.max(1.5, (today - validated) / DAY - 1)
    clock.at(daysAgo)
    const made = must(
      await createPaymentGroup(services, payables, {
        payment_date: clock.now().toISOString().slice(0, 10),
        lines: chosen.map((i) => ({
          supplier_invoice_id: i.id,
          amount_inctax: part ? (Number(i.payable_amount) / 2).toFixed(2) : null,
        })),
      }),
      'a payment group',
    )
    const id = made.data.id
    if (outcome === 'draft') return
    must(
      await applyPaymentGroupAction(services, payables, id, 'submit', {}),
      `submitting payment group ${id}`,
    )
    if (outcome === 'awaiting') return
    clock.at(daysAgo, 3)
    must(
      await applyPaymentGroupAction(services, finance, id, 'validate', {}),
      `validating payment group ${id}`,
    )
    if (outcome === 'validated') return
    clock.at(daysAgo, 5)
    const file = must(
      await exportSepa(services, finance, id, { format: '09' }),
      `the SEPA file of group ${id}`,
    )
    if (outcome === 'at_bank') return
    clock.at(daysAgo - 1)
    const lines = await db.select().from(paymentLines).where(eq(paymentLines.payment_group_id, id))
    const group = must(await getPaymentGroup(services, finance, id), `payment group ${id}`).data as {
      code: string
    }
    const report = buildPain002({
      message_id: `BANK-${file.data.message_id}`.slice(0, 35),
      answers_message_id: file.data.message_id,
      created_at: clock.now(),
      transactions: lines.map((line, n) => ({
        end_to_end_id: endToEndId(group.code, line.id),
        ...(outcome === 'rejected' && n === 0 ? { status: 'RJCT', reason: 'AC04' } : { status: 'ACSC' }),
      })),
    })
    must(await importBankAnswer(services, finance, report), `the bank's answer for group ${id}`)
  }
  await story(3, 'paid')
  await story(2, 'paid', true)
  await story(2, 'rejected')
  await story(2, 'at_bank')
  await story(1, 'validated')
  await story(2, 'awaiting')
  await story(1, 'draft', true)
}
