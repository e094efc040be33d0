import { parseWith } from '@procura/core/errors'
import {
  canHandleInvoices,
  EXTERNAL_CHARGE_LIST,
  ExternalChargeChoicesAnswerSchema,
  ExternalChargeInputSchema,
  ExternalChargeRowAnswerSchema,
  externalChargeAsInvoice,
} from '@procura/core/invoice'
import { ok } from '@procura/core/result'
import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { externalChargeFormData } from '../services/invoices/external-charges'
import { createInvoice, updateInvoice } from '../services/invoices/invoice-write'
import { findVisibleInvoice } from '../services/invoices/invoices'
import {
  INVOICE_QUERY_FILTERS,
  INVOICE_SORTS,
  invoiceFilterOptions,
  listInvoices,
} from '../services/invoices/list'
import { readBody } from './auth'
import { addListRoutes } from './list-routes'

/**
 * /bwapi/external-charges: costs that come from no order (utilities, fees, rent). Each is a
 * supplier document of kind `external_charge` whose lines are all free, each with its expense
 * account and allocation codes: validated, paid, budgeted and exported to accounting as invoices
 * are (its page, actions, files and payments are the invoice's: /bwapi/supplier-invoices/{id}).
 */
export const externalChargesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  addListRoutes(app, '', {
    list: EXTERNAL_CHARGE_LIST,
    row: ExternalChargeRowAnswerSchema,
    tag: 'Supplier invoices',
    sorts: INVOICE_SORTS,
    queryFilters: INVOICE_QUERY_FILTERS,
    read: (c, options) => (query) =>
      listInvoices(deps, actor(c), query, { ...options, kind: 'external_charge' }),
    options: async (c, field, search, value) =>
      ok(await invoiceFilterOptions(deps, actor(c), field, search, c.get('language'), value)),
  })
  app.get(
    '/form-data',
    route({
      summary:
        'The choices of the external charge form: companies, departments, currencies, expense accounts',
      tags: ['Supplier invoices'],
      responses: { 200: { description: 'Choices', schema: dataOf(ExternalChargeChoicesAnswerSchema) } },
    }),
    async (c) => respond(c, await externalChargeFormData(deps.db, actor(c))),
  )
  app.post(
    '/',
    route({
      summary:
        'Record an external charge (who handles invoices): its lines checked against its declared totals',
      tags: ['Supplier invoices'],
      body: ExternalChargeInputSchema,
      responses: { 201: { description: 'Recorded as a draft, with its piece number', schema: Created } },
    }),
    async (c) => {
      // Who handles invoices, before what was sent is read.
      if (!canHandleInvoices(actor(c))) return refuse(c, { code: 'FORBIDDEN' })
      const parsed = parseWith(ExternalChargeInputSchema, await readBody(c))
      if (!parsed.ok) return refuse(c, parsed.error)
      return respond(
        c,
        await createInvoice(deps, actor(c), externalChargeAsInvoice(parsed.value), 'external_charge'),
        201,
      )
    },
  )
  app.put(
    '/:id',
    route({
      summary: 'Change a draft or refused external charge',
      tags: ['Supplier invoices'],
      body: ExternalChargeInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const row = await findVisibleInvoice(deps.db, actor(c), id)
      if (row === undefined || row.kind !== 'external_charge') return refuse(c, { code: 'ITEM_NOT_FOUND' })
      const parsed = parseWith(ExternalChargeInputSchema, await readBody(c))
      if (!parsed.ok) return refuse(c, parsed.error)
      return respond(c, await updateInvoice(deps, actor(c), id, externalChargeAsInvoice(parsed.value)))
    },
  )
  return app
}
