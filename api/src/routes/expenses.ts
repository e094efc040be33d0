import {
  EXPENSE_LIST,
  EXPENSE_REPORT_LIST,
  ExpenseAnswerSchema,
  ExpenseFormChoicesAnswerSchema,
  ExpenseInputSchema,
  ExpenseReportActionSchema,
  ExpenseReportAnswerSchema,
  ExpenseReportInputSchema,
  ExpenseReportRowAnswerSchema,
  ExpenseRowAnswerSchema,
  ExpenseSavedAnswerSchema,
} from '@procura/core/expense'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import {
  deleteExpense,
  EXPENSE_QUERY_FILTERS,
  EXPENSE_SORTS,
  expenseFilterOptions,
  expenseFormData,
  getExpense,
  listExpenses,
  saveExpense,
} from '../services/expenses/expenses'
import { EXPENSE_TYPES, KILOMETER_SCALES, SCALE_PERIODS } from '../services/expenses/references'
import { applyExpenseReportAction } from '../services/expenses/report-actions'
import {
  EXPENSE_REPORT_QUERY_FILTERS,
  EXPENSE_REPORT_SORTS,
  expenseReportFilterOptions,
  listExpenseReports,
} from '../services/expenses/report-list'
import { getExpenseReport } from '../services/expenses/report-read'
import { deleteExpenseReport, saveExpenseReport } from '../services/expenses/report-write'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'
import { referenceRoutes } from './reference-routes'

const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))

const withId = (c: Context<AppEnv>, work: (id: number) => Promise<Response>) => {
  const id = idParam(c)
  return id === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id)
}

/** /bwapi/expenses: one's expenses (fast entry, receipts), priced from the kilometer scale when mileage. */
export const expensesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  addListRoutes(app, '', {
    list: EXPENSE_LIST,
    row: ExpenseRowAnswerSchema,
    tag: 'Expenses',
    sorts: EXPENSE_SORTS,
    queryFilters: EXPENSE_QUERY_FILTERS,
    read: (c, options) => (query) => listExpenses(deps, actor(c), query, c.get('language'), options),
    options: (c, field) => expenseFilterOptions(deps.db, field, c.get('language')),
  })
  app.get(
    '/form-data',
    route({
      summary:
        'The choices of the expense form: types and their fields, currencies, the last vehicle, the distance service',
      tags: ['Expenses'],
      responses: { 200: { description: 'Choices', schema: dataOf(ExpenseFormChoicesAnswerSchema) } },
    }),
    async (c) => respond(c, await expenseFormData(deps.db, actor(c), c.get('language'))),
  )
  addDocumentRoutes(app, deps, 'expense', { comments: false })
  app.get(
    '/:id',
    route({
      summary: 'An expense with its type’s fields and its report',
      tags: ['Expenses'],
      responses: { 200: { description: 'The expense', schema: dataOf(ExpenseAnswerSchema) } },
    }),
    (c) => withId(c, async (id) => respond(c, await getExpense(deps, actor(c), id, c.get('language')))),
  )
  app.post(
    '/',
    route({
      summary:
        'Record an expense: HT, VAT and TTC agreeing, or a mileage expense priced from the kilometer scale (year-to-date)',
      tags: ['Expenses'],
      body: ExpenseInputSchema,
      responses: { 201: { description: 'Recorded, with its amount', schema: ExpenseSavedAnswerSchema } },
    }),
    async (c) => respond(c, await saveExpense(deps, actor(c), null, await readBody(c)), 201),
  )
  app.put(
    '/:id',
    route({
      summary: 'Change an expense that is in no report',
      tags: ['Expenses'],
      body: ExpenseInputSchema,
      responses: { 200: { description: 'Saved, with its amount', schema: ExpenseSavedAnswerSchema } },
    }),
    (c) => withId(c, async (id) => respond(c, await saveExpense(deps, actor(c), id, await readBody(c)))),
  )
  app.delete(
    '/:id',
    route({
      summary: 'Delete an expense that is in no report',
      tags: ['Expenses'],
      responses: { 200: { description: 'Deleted', schema: Ok } },
    }),
    (c) => withId(c, async (id) => respond(c, await deleteExpense(deps, actor(c), id))),
  )
  return app
}

/** /bwapi/expense-reports: reports of one's expenses, validated through their circuit, paid by payment groups. */
export const expenseReportsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  addListRoutes(app, '', {
    list: EXPENSE_REPORT_LIST,
    row: ExpenseReportRowAnswerSchema,
    tag: 'Expenses',
    sorts: EXPENSE_REPORT_SORTS,
    queryFilters: EXPENSE_REPORT_QUERY_FILTERS,
    read: (c, options) => (query) => listExpenseReports(deps, actor(c), query, options),
    options: (c, field) => expenseReportFilterOptions(deps.db, actor(c), field, c.get('language')),
  })
  app.get(
    '/:id',
    route({
      summary: 'An expense report: its expenses, circuit, payment and the actions this user may take',
      tags: ['Expenses'],
      responses: { 200: { description: 'The report', schema: dataOf(ExpenseReportAnswerSchema) } },
    }),
    (c) => withId(c, async (id) => respond(c, await getExpenseReport(deps, actor(c), id, c.get('language')))),
  )
  app.post(
    '/',
    route({
      summary: 'Make a report of one’s expenses: at least one, one currency, none in another report',
      tags: ['Expenses'],
      body: ExpenseReportInputSchema,
      responses: { 201: { description: 'Made', schema: Created } },
    }),
    async (c) => respond(c, await saveExpenseReport(deps, actor(c), null, await readBody(c)), 201),
  )
  app.put(
    '/:id',
    route({
      summary: 'Change a draft or refused report (it goes back to draft)',
      tags: ['Expenses'],
      body: ExpenseReportInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withId(c, async (id) => respond(c, await saveExpenseReport(deps, actor(c), id, await readBody(c)))),
  )
  app.delete(
    '/:id',
    route({
      summary: 'Delete a draft or refused report; its expenses are free again',
      tags: ['Expenses'],
      responses: { 200: { description: 'Deleted', schema: Ok } },
    }),
    (c) => withId(c, async (id) => respond(c, await deleteExpenseReport(deps, actor(c), id))),
  )
  app.post(
    '/:id/:action',
    route({
      summary: 'Submit a report to its circuit, validate or refuse it (its validators), reopen a refused one',
      tags: ['Expenses'],
      body: ExpenseReportActionSchema,
      responses: {
        200: { description: 'The new status', schema: dataOf(z.looseObject({ status: z.string() })) },
      },
    }),
    (c) =>
      withId(c, async (id) =>
        respond(
          c,
          await applyExpenseReportAction(
            { ...deps, linkBase: linkBaseOf(c, deps.basePath) },
            actor(c),
            id,
            c.req.param('action'),
            await readBody(c),
          ),
        ),
      ),
  )
  return app
}

/** What expenses are typed and priced by: expense types, scale periods and kilometer scales (administrators). */
export const expenseReferenceRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.route('/expense-types', referenceRoutes(deps, EXPENSE_TYPES, 'Expenses'))
  app.route('/scale-periods', referenceRoutes(deps, SCALE_PERIODS, 'Expenses'))
  app.route('/kilometer-scales', referenceRoutes(deps, KILOMETER_SCALES, 'Expenses'))
  return app
}
