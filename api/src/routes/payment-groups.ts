import { rowsOf } from '@procura/core/answer'
import {
  BankAnswersReadAnswerSchema,
  PAYMENT_GROUP_LIST,
  PaymentGroupActionSchema,
  PaymentGroupAnswerSchema,
  PaymentGroupInputSchema,
  PaymentGroupMovedAnswerSchema,
  PaymentGroupRowAnswerSchema,
  ProposedPaymentAnswerSchema,
  SEPA_FORMATS,
  SepaExportedAnswerSchema,
} from '@procura/core/payment'
import { ok } from '@procura/core/result'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { binary, dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { download, formOf, uploadedFile } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import { importBankAnswer } from '../services/payments/bank-answers'
import { applyPaymentGroupAction } from '../services/payments/payment-actions'
import {
  listPaymentGroups,
  PAYMENT_GROUP_FILTERS,
  PAYMENT_GROUP_SORTS,
  paymentGroupFilterOptions,
  paymentGroupsIndex,
} from '../services/payments/payment-group-list'
import { getPaymentGroup } from '../services/payments/payment-group-read'
import { createPaymentGroup, paymentProposal } from '../services/payments/payment-group-write'
import { exportSepa, listSepaExports, sepaExportFile } from '../services/payments/sepa-export'
import { readBody } from './auth'
import { addListRoutes } from './list-routes'

const TAGS = ['Payments']

/** /bwapi/payment-groups: pay validated invoices (in full or in part), and the due-by proposal. */
export const paymentGroupsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  addListRoutes(app, '', {
    list: PAYMENT_GROUP_LIST,
    row: PaymentGroupRowAnswerSchema,
    tag: TAGS[0] as string,
    sorts: PAYMENT_GROUP_SORTS,
    queryFilters: PAYMENT_GROUP_FILTERS,
    index: (c) => ok(paymentGroupsIndex(c.get('language'))),
    read: (c) => (query) => listPaymentGroups(deps, actor(c), query),
    options: async (c, field, search) =>
      ok(await paymentGroupFilterOptions(deps, field, search, c.get('language'))),
  })
  app.get(
    '/proposal',
    route({
      summary:
        'What is due by a date: validated, undisputed invoices with something left to pay, one group per company and currency',
      tags: TAGS,
      query: z.object({ due_by: z.string() }),
      responses: { 200: { description: 'Proposed groups', schema: rowsOf(ProposedPaymentAnswerSchema) } },
    }),
    async (c) => respond(c, await paymentProposal(deps, actor(c), c.req.query('due_by') ?? '')),
  )
  app.post(
    '/',
    route({
      summary: 'Pay invoices of one company in one currency, each in full or in part',
      tags: TAGS,
      body: PaymentGroupInputSchema,
      responses: {
        201: {
          description: 'The group with its number and amount',
          schema: dataOf(z.object({ id: z.number().int(), code: z.string(), amount_inctax: z.string() })),
        },
      },
    }),
    async (c) => respond(c, await createPaymentGroup(deps, actor(c), await readBody(c)), 201),
  )
  app.post(
    '/bank-answers',
    route({
      summary:
        'Import a bank status report (pain.002, multipart `file` or the XML as the body): lines paid, rejected with the reason code, or blocked',
      tags: TAGS,
      responses: {
        200: {
          description: 'What moved',
          schema: BankAnswersReadAnswerSchema,
        },
      },
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? ''
      let xml = ''
      if (type.startsWith('multipart/form-data')) {
        const file = await uploadedFile(await formOf(c), 'file')
        xml = file === null ? '' : new TextDecoder().decode(file.bytes)
      } else xml = await c.req.text()
      return respond(c, await importBankAnswer(deps, actor(c), xml))
    },
  )
  app.post(
    '/:id/sepa',
    route({
      summary:
        'Export the validated lines as a SEPA credit-transfer file (pain.001.001.09 by default, or 03), validated against the official schema; the lines become planified',
      tags: TAGS,
      body: z.object({ format: z.enum(SEPA_FORMATS).optional() }),
      responses: {
        201: {
          description: 'The file made (download it from its exports)',
          schema: SepaExportedAnswerSchema,
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      return respond(
        c,
        await exportSepa(deps, actor(c), id, (await readBody(c)) as { format?: unknown }),
        201,
      )
    },
  )
  app.get(
    '/:id/exports',
    route({
      summary: 'The SEPA files made for a group, newest first',
      tags: TAGS,
      responses: {
        200: { description: 'Files', schema: dataOf(z.array(z.looseObject({ id: z.number().int() }))) },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await listSepaExports(deps, actor(c), id))
    },
  )
  app.get(
    '/:id/exports/:export/file',
    route({
      summary: 'A SEPA file, as it was handed out',
      tags: TAGS,
      responses: { 200: binary('application/xml', 'The pain.001 file') },
    }),
    async (c) => {
      const id = idParam(c)
      const exportId = Number(c.req.param('export'))
      if (id === null || !Number.isSafeInteger(exportId) || exportId <= 0)
        return refuse(c, { code: 'NOT_FOUND' })
      const file = await sepaExportFile(deps, actor(c), id, exportId)
      return file.ok
        ? download(
            c,
            file.value.name,
            new TextEncoder().encode(file.value.file) as Uint8Array<ArrayBuffer>,
            'application/xml',
          )
        : refuse(c, file.error)
    },
  )
  app.post(
    '/:id/:action',
    route({
      summary:
        'Submit the drafts to the payments circuit, validate or refuse them, mark lines paid by hand (named, or all), cancel lines',
      tags: TAGS,
      body: PaymentGroupActionSchema,
      responses: {
        200: {
          description: 'How many lines moved',
          schema: PaymentGroupMovedAnswerSchema,
        },
      },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      return respond(
        c,
        await applyPaymentGroupAction(withLink(c), actor(c), id, c.req.param('action'), await readBody(c)),
      )
    },
  )
  app.get(
    '/:id',
    route({
      summary: 'A payment group with its lines and their statuses',
      tags: TAGS,
      responses: {
        200: { description: 'The group', schema: dataOf(PaymentGroupAnswerSchema) },
      },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await getPaymentGroup(deps, actor(c), id))
    },
  )
  return app
}
