/** Reading one expense report with its expenses and payments. */
import { waitingOn } from '@procura/core/circuit'
import type { DomainError } from '@procura/core/errors'
import {
  type ExpenseActor,
  type ExpenseReportStatus,
  expenseReportPayable,
  expenseTypeIn,
  mayReadExpenseReport,
} from '@procura/core/expense'
import type { Language } from '@procura/core/i18n'
import { actionsAnswerOf } from '@procura/core/policy'
import { err, ok } from '@procura/core/result'
import { asc, eq } from 'drizzle-orm'
import { first } from '../../db/first'
import { companies, expenseReports, paymentGroups, paymentLines, users } from '../../db/schema'
import { circuitNames } from '../refusal-view'
import { type ExpenseDeps, expensesOfReports } from './expenses'
import { circuitOfReport, reportDecisions } from './reports'

/** GET /bwapi/expense-reports/{id}: the report, its expenses, circuit, payment and the actions this user may take. */
export const getExpenseReport = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  id: number,
  language: Language,
) => {
  const row = await deps.db
    .select({ report: expenseReports, user: users.label, company: companies.label })
    .from(expenseReports)
    .innerJoin(users, eq(expenseReports.user_id, users.id))
    .innerJoin(companies, eq(expenseReports.company_id, companies.id))
    .where(eq(expenseReports.id, id))
    .then(first)
  if (
    row === undefined ||
    !mayReadExpenseReport(actor, { user_id: row.report.user_id, circuit: circuitOfReport(row.report) })
  )
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const circuit = circuitOfReport(row.report)
  const decisions = await reportDecisions(deps.db, actor, row.report, deps.clock.now())
  const [items, payments] = await Promise.all([
    expensesOfReports(deps.db, [id]),
    deps.db
      .select({
        id: paymentLines.id,
        status: paymentLines.status,
        group: paymentGroups.code,
        group_id: paymentGroups.id,
      })
      .from(paymentLines)
      .innerJoin(paymentGroups, eq(paymentLines.payment_group_id, paymentGroups.id))
      .where(eq(paymentLines.expense_report_id, id))
      .orderBy(asc(paymentLines.id)),
  ])
  return ok({
    data: {
      ...row.report,
      user: row.user,
      company: row.company,
      created_at: row.report.created_at.toISOString(),
      updated_at: row.report.updated_at.toISOString(),
      waiting_on: circuit === null ? [] : waitingOn(circuit),
      names: await circuitNames(deps.db, circuit),
      ...actionsAnswerOf(decisions),
      editable: decisions.edit.allowed,
      expenses: items.map(({ expense, type, type_code }) => ({
        id: expense.id,
        expense_date: expense.expense_date,
        type: expenseTypeIn({ code: type_code, label: type }, language).label,
        label: expense.label,
        distance: expense.distance,
        amount_exctax: expense.amount_exctax,
        amount_inctax: expense.amount_inctax,
        currency_code: expense.currency_code,
      })),
      payments,
      // Whether this reader may put it in a payment now (core expenseReportPayable).
      payable: expenseReportPayable(actor, {
        status: row.report.status as ExpenseReportStatus,
        payments,
      }),
    },
  })
}
