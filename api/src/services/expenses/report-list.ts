/** The expense reports list. */
import { type CircuitState, waitingOn } from '@procura/core/circuit'
import {
  EXPENSE_REPORT_STATUS_LABELS,
  EXPENSE_REPORT_STATUSES,
  type ExpenseActor,
  seesAllExpenses,
} from '@procura/core/expense'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { ok } from '@procura/core/result'
import { and, asc, eq, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { everyWord, jsonText, likeCi } from '../../db/portable-sql'
import { expenseReports, users } from '../../db/schema'
import { inSlice, readPage } from '../list-page'
import type { ExpenseDeps } from './expenses'
import { circuitOfReport } from './reports'

export const EXPENSE_REPORT_SORTS = ['code', 'amount_inctax', 'created_at'] as const
export const EXPENSE_REPORT_FILTER_KINDS = {
  status: listFilter.oneOf(EXPENSE_REPORT_STATUSES),
  user_id: listFilter.id(),
}
export const EXPENSE_REPORT_QUERY_FILTERS = Object.keys(EXPENSE_REPORT_FILTER_KINDS)

/** Who sees which reports: their own, those whose circuit names them, all for who pays people. */
const visibleReports = (actor: ExpenseActor): SQL | undefined =>
  seesAllExpenses(actor)
    ? undefined
    : or(eq(expenseReports.user_id, actor.id), likeCi(jsonText(expenseReports.circuit), `%"${actor.login}"%`))

/** GET /bwapi/expense-reports: the reports this user may see, newest first, paged, sorted, filtered. */
export const listExpenseReports = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  const parsed = parseListQuery(query, {
    sortable: EXPENSE_REPORT_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    filters: EXPENSE_REPORT_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: (SQL | undefined)[] = [visibleReports(actor)]
  where.push(
    everyWord(q.search, (pattern) =>
      or(likeCi(expenseReports.code, pattern), likeCi(expenseReports.label, pattern)),
    ),
  )
  if (q.filters.status !== undefined) where.push(eq(expenseReports.status, q.filters.status))
  if (q.filters.user_id !== undefined) where.push(eq(expenseReports.user_id, q.filters.user_id))
  const page = await readPage(deps.db, q, {
    table: expenseReports,
    id: expenseReports.id,
    where: and(...where),
    sort: { by: expenseReports[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      inSlice(
        deps.db
          // Only what a row shows (not the report's every column).
          .select({
            report: {
              id: expenseReports.id,
              code: expenseReports.code,
              label: expenseReports.label,
              user_id: expenseReports.user_id,
              expense_count: expenseReports.expense_count,
              currency_code: expenseReports.currency_code,
              amount_inctax: expenseReports.amount_inctax,
              status: expenseReports.status,
              payment_date: expenseReports.payment_date,
              created_at: expenseReports.created_at,
              circuit: expenseReports.circuit,
            },
            user: users.label,
          })
          .from(expenseReports)
          .innerJoin(users, eq(expenseReports.user_id, users.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  return ok({
    data: page.value.rows.map(({ report, user }) => ({
      id: report.id,
      code: report.code,
      label: report.label,
      user,
      user_id: report.user_id,
      expense_count: report.expense_count,
      currency_code: report.currency_code,
      amount_inctax: report.amount_inctax,
      status: report.status,
      payment_date: report.payment_date,
      created_at: report.created_at.toISOString(),
      waiting_on: circuitOfReport(report) === null ? [] : waitingOn(circuitOfReport(report) as CircuitState),
    })),
    meta: page.value.meta,
  })
}

/** GET /bwapi/expense-reports/filter-list/{field}: statuses and employees. */
export const expenseReportFilterOptions = async (
  db: Db,
  actor: ExpenseActor,
  field: string,
  language: Language,
) => {
  if (field === 'status')
    return ok(
      EXPENSE_REPORT_STATUSES.map((value) => ({
        value,
        label: EXPENSE_REPORT_STATUS_LABELS[value][language],
      })),
    )
  if (field === 'user_id')
    return ok(
      (
        await db
          .selectDistinct({ id: users.id, label: users.label })
          .from(expenseReports)
          .innerJoin(users, eq(expenseReports.user_id, users.id))
          .where(visibleReports(actor))
          .orderBy(asc(users.label))
      ).map((u) => ({ value: String(u.id), label: u.label })),
    )
  return ok(null)
}
