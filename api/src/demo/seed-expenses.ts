import { isoDateIn } from '@procura/core/calendar'
import type { OrderActor } from '@procura/core/purchase-order'
import type { DemoScenario } from '@procura/fixtures/demo'
import type { Clock } from '../clock'
import type { Db, DbOrTx } from '../db'
import { expenseTypes, kilometerScales, scalePeriods } from '../db/schema'
import { saveExpense } from '../services/expenses/expenses'
import { bandLabel } from '../services/expenses/references'
import { applyExpenseReportAction } from '../services/expenses/report-actions'
import { saveExpenseReport } from '../services/expenses/report-write'
import { saveBankAccount, validateBankAccount } from '../services/payments/bank-accounts'
import { applyPaymentGroupAction } from '../services/payments/payment-actions'
import { createPaymentGroup } from '../services/payments/payment-group-write'
import { must, type StoryClock } from './seed-story'

/**
 * What expenses are typed and priced by: the demo's expense types, and the kilometer scale for
 * last year and this year (the French barème, electric vehicles 20 % more).
 */
export const seedExpenseReference = async (tx: DbOrTx, clock: Clock, expenses: DemoScenario['expenses']) => {
  const now = clock.now()
  const stamp = { created_at: now, updated_at: now }
  await tx.insert(expenseTypes).values(expenses.types.map((t) => ({ ...t, ...stamp })))
  const year = Number(isoDateIn(now).slice(0, 4))
  for (const y of [year - 1, year]) {
    const [period] = await tx
      .insert(scalePeriods)
      .values({
        code: `KM-${y}`,
        label: `Barème kilométrique ${y}`,
        starts_on: `${y}-01-01`,
        ends_on: `${y}-12-31`,
        electric_bonus_percent: expenses.electric_bonus_percent,
        ...stamp,
      })
      .returning({ id: scalePeriods.id })
    if (period === undefined) continue
    await tx.insert(kilometerScales).values(
      expenses.scale.map((band) => ({
        ...band,
        scale_period_id: period.id,
        label: bandLabel(band),
        ...stamp,
      })),
    )
  }
}

type Services = { db: Db; clock: StoryClock }
type Person = { login: string; iban: string; trips: number }

/** Two people who travel for work: their IBAN, and how far they drive to the sites each month. */
const TRAVELLERS: readonly Person[] = [
  { login: 'requester', iban: 'FR76 3000 4000 0312 3456 7890 143', trips: 180 },
  { login: 'buyer', iban: 'FR76 1027 8060 6100 0102 0480 100', trips: 620 },
]

/**
 * The demo's expenses over ten months: each traveller's monthly mileage to the sites (priced from
 * the scale, the year's distance crossing the 5,000 km band for the buyer), a lunch and a train
 * ticket now and then; then their reports, each told as far as its story goes: paid by a payment
 * group (SEPA to the employee's validated account), validated and waiting for payment, awaiting
 * the validator, refused with a reason, a draft; this month's expenses are in no report yet.
 */
export const seedExpenseHistory = async (services: Services, actor: (login: string) => OrderActor) => {
  const { clock } = services
  const admin = actor('admin')
  const types = await services.db.select({ id: expenseTypes.id, code: expenseTypes.code }).from(expenseTypes)
  const type = (code: string) => types.find((t) => t.code === code)?.id ?? 0
  clock.at(320)
  for (const person of TRAVELLERS) {
    const me = actor(person.login)
    const saved = must(
      await saveBankAccount(services, me, { kind: 'user', id: me.id }, null, {
        account_number: person.iban,
        holder_name: me.login === 'buyer' ? 'Bruno Buyer' : 'Rita Requester',
        holder_type: 'individual',
        holder_country_code: 'FR',
        main: true,
      }),
      `the bank account of ${person.login}`,
    )
    must(
      await validateBankAccount(services, admin, { kind: 'user', id: me.id }, saved.data.id, false),
      'an IBAN',
    )
  }
  const months = 10
  const byMonth = new Map<string, number[][]>()
  for (const [p, person] of TRAVELLERS.entries()) {
    const me = actor(person.login)
    const ids: number[][] = []
    for (let month = months - 1; month >= 0; month--) {
      const own: number[] = []
      const day = (offset: number) => {
        clock.at(month * 30 + offset)
        return isoDateIn(clock.now())
      }
      const record = async (input: Record<string, unknown>, what: string) =>
        own.push(must(await saveExpense(services, me, null, input), what).data.id)
      await record(
        {
          expense_date: day(20),
          expense_type_id: type('KM'),
          label: 'Site visits',
          allocation1: 'P-SITE',
          values: { distance: String(person.trips + month * 7) },
          transport_mean: 'car',
          fiscal_horsepower: p === 0 ? 4 : 5,
        },
        'a mileage expense',
      )
      await record(
        {
          expense_date: day(12),
          expense_type_id: type('MEAL'),
          label: 'Lunch with a supplier',
          currency_code: 'EUR',
          amount_exctax: (20 + month).toFixed(2),
          amount_inctax: ((20 + month) * 1.1).toFixed(2),
          vat: [{ rate: '10', amount: ((20 + month) * 0.1).toFixed(2) }],
          values: { meal: 'Lunch', guests: '1' },
        },
        'a meal',
      )
      if (month % 3 === 1)
        await record(
          {
            expense_date: day(8),
            expense_type_id: type('TRAIN'),
            label: 'Paris – Lyon',
            currency_code: 'EUR',
            amount_exctax: '80.00',
            amount_inctax: '88.00',
            vat: [{ rate: '10', amount: '8.00' }],
            values: { distance: '465' },
          },
          'a train ticket',
        )
      ids.push(own)
    }
    byMonth.set(person.login, ids)
  }
  const reportOf = async (login: string, from: number, to: number, label: string, daysAgo: number) => {
    clock.at(daysAgo)
    const expenses = (byMonth.get(login) ?? []).slice(from, to).flat()
    return must(
      await saveExpenseReport(services, actor(login), null, { label, expense_ids: expenses }),
      label,
    ).data.id
  }
  const act = async (login: string, id: number, action: string, daysAgo: number, reason?: string) => {
    clock.at(daysAgo)
    must(
      await applyExpenseReportAction(
        services,
        actor(login),
        id,
        action,
        reason === undefined ? {} : { reason },
      ),
      action,
    )
  }
  // Months are listed oldest first: 0 is ten months ago.
  const paid = await reportOf('requester', 0, 3, 'Site visits, first quarter', 200)
  await act('requester', paid, 'submit', 200)
  await act('validator', paid, 'validate', 198)
  clock.at(190)
  const group = must(
    await createPaymentGroup(services, actor('payables'), {
      payment_date: isoDateIn(clock.now()),
      expense_reports: [{ expense_report_id: paid }],
    }),
    'the payment of an expense report',
  ).data.id
  must(await applyPaymentGroupAction(services, actor('payables'), group, 'submit', {}), 'submit a payment')
  must(await applyPaymentGroupAction(services, actor('finance'), group, 'validate', {}), 'validate a payment')
  clock.at(188)
  must(await applyPaymentGroupAction(services, actor('finance'), group, 'pay', {}), 'pay an expense report')
  const validated = await reportOf('requester', 3, 6, 'Site visits, second quarter', 100)
  await act('requester', validated, 'submit', 100)
  await act('validator', validated, 'validate', 97)
  const awaiting = await reportOf('requester', 6, 9, 'Site visits, third quarter', 10)
  await act('requester', awaiting, 'submit', 10)
  const refused = await reportOf('buyer', 0, 4, 'Supplier visits', 150)
  await act('buyer', refused, 'submit', 150)
  await act('validator', refused, 'refuse', 147, 'The receipt of the train ticket is missing.')
  await reportOf('buyer', 4, 8, 'Supplier visits, summer', 40)
}
