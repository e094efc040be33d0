import { NumberedAnswerSchema } from '@procura/core/answer'
import {
  CAPTURE_KINDS,
  DisputeInputSchema,
  INVOICE_LIST,
  InvoiceAnswerSchema,
  InvoiceFormDataAnswerSchema,
  InvoiceMatchAnswerSchema,
  InvoiceRowAnswerSchema,
  PENDING_INVOICE_LIST,
  PendingInvoiceAnswerSchema,
  PendingInvoiceHoldSchema,
  PendingInvoiceInputSchema,
  PendingInvoiceRejectSchema,
  SupplierInvoiceInputSchema,
} from '@procura/core/invoice'
import { ok } from '@procura/core/result'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { binary, dataOf, StatusChange } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { download, formOf, formText, uploadedFile } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import { applyInvoiceAction, disputeInvoice } from '../services/invoices/invoice-actions'
import { getInvoice } from '../services/invoices/invoice-read'
import { createInvoice, previewMatch, updateInvoice } from '../services/invoices/invoice-write'
import {
  INVOICE_QUERY_FILTERS,
  INVOICE_SORTS,
  invoiceFilterOptions,
  invoiceFormData,
  invoicesIndex,
  listInvoices,
} from '../services/invoices/list'
import {
  actOnPendingInvoice,
  createPendingInvoice,
  listPendingInvoices,
  PENDING_QUERY_FILTERS,
  PENDING_SORTS,
  pendingFilterOptions,
  pendingInvoiceFile,
} from '../services/invoices/pending'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'

const TAGS = ['Supplier invoices']

/** An invoice as its page reads it: core's answer, the app's type. */
const Invoice = dataOf(InvoiceAnswerSchema)

/** /bwapi/supplier-invoices: capture, match, validate, dispute; their files and discussion. */
export const supplierInvoicesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const withId = (c: Context<AppEnv>, work: (id: number) => Promise<Response>) => {
    const id = idParam(c)
    return id === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id)
  }
  addListRoutes(app, '', {
    list: INVOICE_LIST,
    row: InvoiceRowAnswerSchema,
    tag: TAGS[0] as string,
    sorts: INVOICE_SORTS,
    queryFilters: INVOICE_QUERY_FILTERS,
    pagedByKey: true,
    index: (c) => ok(invoicesIndex(c.get('language'))),
    read: (c, options) => (query) => listInvoices(deps, actor(c), query, options),
    options: async (c, field, search, value) =>
      ok(await invoiceFilterOptions(deps, actor(c), field, search, c.get('language'), value)),
  })
  app.post(
    '/',
    route({
      summary: 'Capture a supplier invoice or credit note as a draft (buyers)',
      tags: TAGS,
      body: SupplierInvoiceInputSchema,
      responses: { 201: { description: 'Captured with its piece number', schema: NumberedAnswerSchema } },
    }),
    async (c) => respond(c, await createInvoice(deps, actor(c), await readBody(c)), 201),
  )
  app.post(
    '/match',
    route({
      summary: 'The three-way match of an invoice being written, line by line, and what would be refused',
      tags: TAGS,
      body: SupplierInvoiceInputSchema,
      responses: { 200: { description: 'The match', schema: dataOf(InvoiceMatchAnswerSchema) } },
    }),
    async (c) => {
      const id = Number(c.req.query('invoice_id') ?? '')
      return respond(
        c,
        await previewMatch(
          deps,
          actor(c),
          await readBody(c),
          Number.isSafeInteger(id) && id > 0 ? id : null,
          c.get('language'),
        ),
      )
    },
  )
  app.get(
    '/create-form',
    route({
      summary:
        'What the invoice form offers: suppliers, companies, VAT types, the supplier’s lines left to bill (of one order with purchase_order_id); for a credit note (kind=credit_note) the lines billed (of the invoice it corrects) and the invoices it may correct',
      tags: TAGS,
      query: z.object({
        supplier_id: z.string().optional(),
        invoice_id: z.string().optional(),
        purchase_order_id: z.string().optional(),
        kind: z.enum(CAPTURE_KINDS).optional(),
        corrects_invoice_id: z.string().optional(),
      }),
      responses: { 200: { description: 'Form data', schema: InvoiceFormDataAnswerSchema } },
    }),
    async (c) => {
      const id = (name: string) => {
        const value = Number(c.req.query(name) ?? '')
        return Number.isSafeInteger(value) && value > 0 ? value : null
      }
      return respond(
        c,
        await invoiceFormData(
          deps,
          actor(c),
          id('supplier_id'),
          id('invoice_id'),
          id('purchase_order_id'),
          c.req.query('kind') === 'credit_note' ? { corrects: id('corrects_invoice_id') } : null,
        ),
      )
    },
  )
  addDocumentRoutes(app, deps, 'supplier_invoice')
  app.get(
    '/:id',
    route({
      summary: 'An invoice with its lines’ match, orders, dispute, circuit and actions',
      tags: TAGS,
      responses: { 200: { description: 'The invoice', schema: Invoice } },
    }),
    (c) => withId(c, async (id) => respond(c, await getInvoice(deps, actor(c), id))),
  )
  app.put(
    '/:id',
    route({
      summary: 'Change a draft or refused invoice (its billing follows)',
      tags: TAGS,
      body: SupplierInvoiceInputSchema,
      responses: { 200: { description: 'Saved', schema: dataOf(z.object({ id: z.number().int() })) } },
    }),
    (c) => withId(c, async (id) => respond(c, await updateInvoice(deps, actor(c), id, await readBody(c)))),
  )
  app.post(
    '/:id/dispute',
    route({
      summary: 'Open, write in or close a dispute with the supplier (it blocks payment while ongoing)',
      tags: TAGS,
      body: DisputeInputSchema,
      responses: {
        200: {
          description: 'The dispute status',
          schema: dataOf(z.object({ id: z.number().int(), dispute_status: z.string() })),
        },
      },
    }),
    (c) => withId(c, async (id) => respond(c, await disputeInvoice(deps, actor(c), id, await readBody(c)))),
  )
  app.post(
    '/:id/:action',
    route({
      summary: 'A lifecycle action: submit, validate, refuse, back_to_draft, cancel',
      tags: TAGS,
      body: z.object({
        confirm: z.boolean().optional().describe('back_to_draft of an exported or paid invoice'),
        reason: z.string().optional().describe('refuse: why'),
        reason_code: z
          .string()
          .optional()
          .describe('refuse, on an e-invoice: the reason of the controlled list (210)'),
      }),
      responses: { 200: { description: 'The new status', schema: StatusChange } },
    }),
    (c) =>
      withId(c, async (id) => {
        const body = (await readBody(c)) as { confirm?: unknown; reason?: unknown; reason_code?: unknown }
        return respond(
          c,
          await applyInvoiceAction(deps, actor(c), id, c.req.param('action'), {
            confirm: body.confirm === true,
            reason: body.reason,
            reason_code: body.reason_code,
          }),
        )
      }),
  )
  return app
}

/** /bwapi/pending-invoices: the accounts-payable queue of what arrived. */
export const pendingInvoicesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  addListRoutes(app, '', {
    list: PENDING_INVOICE_LIST,
    row: PendingInvoiceAnswerSchema,
    tag: 'Invoices',
    sorts: PENDING_SORTS,
    queryFilters: PENDING_QUERY_FILTERS,
    read: (c, options) => (query) => listPendingInvoices(deps, actor(c), query, options),
    options: (c, field, search, value) =>
      pendingFilterOptions(deps, actor(c), field, search, c.get('language'), value),
  })
  app.post(
    '/',
    route({
      summary: 'Queue what arrived: the file (multipart `file`) with its supplier, number, date and totals',
      tags: TAGS,
      body: PendingInvoiceInputSchema,
      responses: { 201: { description: 'Queued', schema: dataOf(z.object({ id: z.number().int() })) } },
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? ''
      let fields: Record<string, unknown>
      let file = null
      if (type.startsWith('multipart/form-data')) {
        const form = await formOf(c)
        const text = (name: string) => {
          const value = formText(form, name)
          return value === null || value === '' ? undefined : value
        }
        const supplier = text('supplier_id')
        fields = {
          supplier_id: supplier === undefined ? undefined : Number(supplier),
          label: text('label'),
          invoice_date: text('invoice_date'),
          currency_code: text('currency_code'),
          amount_exctax: text('amount_exctax'),
          amount_inctax: text('amount_inctax'),
          comment: text('comment'),
        }
        file = await uploadedFile(form, 'file')
      } else fields = (await readBody(c)) as Record<string, unknown>
      return respond(c, await createPendingInvoice(deps, actor(c), fields, file, c.get('language')), 201)
    },
  )
  app.get(
    '/:id/file',
    route({
      summary: 'The file of a pending invoice, as received',
      tags: TAGS,
      responses: { 200: binary('application/octet-stream', 'The file') },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const file = await pendingInvoiceFile(deps, actor(c), id)
      return file.ok ? download(c, file.value.name, new Uint8Array(file.value.bytes)) : refuse(c, file.error)
    },
  )
  const QUEUE_ACTIONS = {
    hold: 'Put a pending invoice on hold, with the reason it waits (`{ reason }`)',
    release: 'Release a pending invoice on hold back into the queue',
    reject:
      'Take a pending invoice out of the queue (not an invoice to pay); an e-invoice is refused to its seller (210) with `{ reason_code, reason }`',
  } as const
  for (const [action, summary] of Object.entries(QUEUE_ACTIONS) as [keyof typeof QUEUE_ACTIONS, string][])
    app.post(
      `/:id/${action}`,
      route({
        summary,
        tags: TAGS,
        ...(action === 'hold' ? { body: PendingInvoiceHoldSchema } : {}),
        ...(action === 'reject' ? { body: PendingInvoiceRejectSchema } : {}),
        responses: { 200: { description: 'The new status', schema: StatusChange } },
      }),
      async (c) => {
        const id = idParam(c)
        return id === null
          ? refuse(c, { code: 'NOT_FOUND' })
          : respond(
              c,
              await actOnPendingInvoice(
                deps,
                actor(c),
                id,
                action,
                action === 'release' ? {} : await readBody(c),
              ),
            )
      },
    )
  return app
}
