import {
  BUDGET_LIST,
  BudgetAnalysisAnswerSchema,
  BudgetAnswerSchema,
  BudgetFormDataAnswerSchema,
  BudgetInputSchema,
  BudgetsGeneratedAnswerSchema,
  checkCanManageBudgets,
  GenerateBudgetsSchema,
  UsableAllocationsSchema,
} from '@procura/core/budget'
import { ImportAnswerSchema } from '@procura/core/import'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { csvFile } from '../http/csv-file'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { csvUpload } from '../http/upload'
import { referenceFileOf } from '../services/admin-lists'
import { orderActorOf } from '../services/auth/session'
import { budgetAnalysis } from '../services/budgets/budget-analysis'
import { exportBudgets, importBudgets } from '../services/budgets/budget-csv'
import {
  BUDGET_QUERY_FILTERS,
  BUDGET_SORTS,
  budgetFilterOptions,
  listBudgets,
} from '../services/budgets/budget-list'
import { getBudget } from '../services/budgets/budget-read'
import { budgetFormData, deleteBudget, generateBudgets, saveBudget } from '../services/budgets/budget-write'
import { ALLOCATIONS, FISCAL_PERIODS, usableAllocations } from '../services/budgets/references'
import { readBody } from './auth'
import { addListRoutes } from './list-routes'
import { referenceRoutes } from './reference-routes'

/** /bwapi/budgets: the list (one list page), a budget with its documents, create, edit, delete. */
export const budgetsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  addListRoutes(app, '', {
    list: BUDGET_LIST,
    row: BudgetAnswerSchema,
    tag: 'Budgets',
    sorts: BUDGET_SORTS,
    queryFilters: BUDGET_QUERY_FILTERS,
    read: (c, options) => (query) => listBudgets(deps, actor(c), query, options),
    options: (c, field) => budgetFilterOptions(deps.db, actor(c), field, c.get('language')),
  })
  app.get(
    '/analysis',
    route({
      summary:
        'Budget analysis of a fiscal period: each budget against what is reserved, committed, invoiced and paid, with the totals',
      tags: ['Budgets'],
      query: z.object({
        fiscal_period_id: z.string().optional(),
        with_tax: z
          .enum(['0', '1'])
          .optional()
          .describe('1: every figure including tax at the budget VAT rate'),
      }),
      responses: { 200: { description: 'The analysis', schema: dataOf(BudgetAnalysisAnswerSchema) } },
    }),
    async (c) => respond(c, await budgetAnalysis(deps, actor(c), c.req.query())),
  )
  app.post(
    '/generate',
    route({
      summary:
        'Generate a period’s budgets from another’s (or duplicate some): each from its amount, what it held or what it spent, ± a percentage',
      tags: ['Budgets'],
      body: GenerateBudgetsSchema,
      responses: {
        200: {
          description: 'How many were made, and the keys already there',
          schema: BudgetsGeneratedAnswerSchema,
        },
      },
    }),
    async (c) => respond(c, await generateBudgets(deps, actor(c), await readBody(c))),
  )
  app.post(
    '/import',
    route({
      summary:
        'Import budgets from a CSV file (the columns of the budgets file); all or nothing; ?dry_run=1 checks only',
      tags: ['Budgets'],
      body: 'multipart',
      responses: { 200: { description: 'Summary and errors per line', schema: ImportAnswerSchema } },
    }),
    async (c) => {
      return respond(
        c,
        await importBudgets(deps, actor(c), csvUpload(c), c.get('language'), {
          dryRun: c.req.query('dry_run') === '1',
        }),
      )
    },
  )
  app.get(
    '/file',
    route({
      summary: 'Every budget as the import reads it (CSV, semicolons): to edit and import again',
      tags: ['Budgets'],
      query: z.object({ fiscal_period: z.string().optional() }),
      responses: { 200: { description: 'budgets.csv', schema: z.string() } },
    }),
    async (c) => {
      const allowed = checkCanManageBudgets(actor(c))
      if (!allowed.ok) return refuse(c, allowed.error)
      const period = c.req.query('fiscal_period')
      return csvFile(
        c,
        exportBudgets(deps.db, period === undefined ? {} : { periodCode: period }),
        'budgets.csv',
      )
    },
  )
  app.get(
    '/form-data',
    route({
      summary: 'The choices of the budget form: fiscal periods, companies, departments, allocation codes',
      tags: ['Budgets'],
      responses: { 200: { description: 'Choices', schema: dataOf(BudgetFormDataAnswerSchema) } },
    }),
    async (c) => respond(c, await budgetFormData(deps.db, actor(c))),
  )
  app.get(
    '/:id',
    route({
      summary:
        'A budget: its key, amount, what is reserved, committed, invoiced and left, and the documents that hold it',
      tags: ['Budgets'],
      responses: {
        200: { description: 'The budget', schema: dataOf(BudgetAnswerSchema) },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null ? refuse(c, { code: 'NOT_FOUND' }) : respond(c, await getBudget(deps, actor(c), id))
    },
  )
  app.post(
    '/',
    route({
      summary: 'Create a budget (who manages budgets): a key not yet budgeted in the period',
      tags: ['Budgets'],
      body: BudgetInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await saveBudget(deps, actor(c), null, await readBody(c)), 201),
  )
  app.put(
    '/:id',
    route({
      summary: 'Edit a budget (its amount, key, overrun action…); what documents hold is kept',
      tags: ['Budgets'],
      body: BudgetInputSchema,
      responses: { 200: { description: 'Saved', schema: Created } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await saveBudget(deps, actor(c), id, await readBody(c)))
    },
  )
  app.delete(
    '/:id',
    route({
      summary: 'Delete a budget no document has moved',
      tags: ['Budgets'],
      responses: { 200: { description: 'Deleted', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await deleteBudget(deps, actor(c), id))
    },
  )
  return app
}

/** What budgets are keyed and kept by: allocation codes and fiscal periods. */
export const budgetReferenceRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.get(
    '/allocation-codes',
    route({
      summary:
        'The active allocation codes of each level this user may put on a line (projects by its rights)',
      tags: ['Allocations'],
      responses: { 200: { description: 'Codes by level, then code', schema: UsableAllocationsSchema } },
    }),
    async (c) => c.json({ data: await usableAllocations(deps.db, orderActorOf(sessionOf(c))) }),
  )
  app.route('/allocations', referenceRoutes(deps, ALLOCATIONS, 'Allocations', referenceFileOf('allocations')))
  app.route('/fiscal-periods', referenceRoutes(deps, FISCAL_PERIODS, 'Fiscal periods'))
  return app
}
