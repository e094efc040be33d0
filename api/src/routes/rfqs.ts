import {
  AwardInputSchema,
  QuoteInputSchema,
  RFQ_LIST,
  RfqAnswerSchema,
  RfqAwardedAnswerSchema,
  RfqComparisonAnswerSchema,
  RfqFromNeedsAnswerSchema,
  RfqInputSchema,
  RfqRowAnswerSchema,
} from '@procura/core/sourcing'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { binary, Created, dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { download, formOf, uploadedFile } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import { fileStore } from '../services/documents/file-store'
import { applyRfqAction } from '../services/sourcing/rfq-actions'
import { awardRfq } from '../services/sourcing/rfq-award'
import { listRfqs, RFQ_QUERY_FILTERS, RFQ_SORTS, rfqFilterOptions } from '../services/sourcing/rfq-list'
import { attachQuoteFile, quoteFile, saveQuote } from '../services/sourcing/rfq-quotes'
import { getComparison, getRfq } from '../services/sourcing/rfq-read'
import { sendRfq } from '../services/sourcing/rfq-send'
import { createRfq, rfqLinesFromNeeds, updateRfq } from '../services/sourcing/rfq-write'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'

const Loose = dataOf(z.looseObject({ id: z.number().int() }))
const StatusAnswer = dataOf(z.looseObject({ id: z.number().int(), status: z.string() }))

/** Requests for quotation: docs/domain/sourcing.md. */
export const rfqRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
  const tags = ['Requests for quotation']
  const linkBase = (c: Context<AppEnv>) => linkBaseOf(c, deps.basePath)
  const withId = (c: Context<AppEnv>, run: (id: number) => Promise<Response>) => {
    const id = idParam(c)
    return id === null ? refuse(c, { code: 'NOT_FOUND' }) : run(id)
  }
  const withIds = (c: Context<AppEnv>, run: (id: number, supplierId: number) => Promise<Response>) => {
    const id = idParam(c)
    const supplierId = idParam(c, 'supplier')
    return id === null || supplierId === null ? refuse(c, { code: 'NOT_FOUND' }) : run(id, supplierId)
  }
  addListRoutes(app, '', {
    list: RFQ_LIST,
    row: RfqRowAnswerSchema,
    tag: 'Requests for quotation',
    sorts: RFQ_SORTS,
    queryFilters: RFQ_QUERY_FILTERS,
    read: (c, options) => (query) => listRfqs(deps, actor(c), query, options),
    options: (c, field) => rfqFilterOptions(field, c.get('language')),
  })
  app.get(
    '/from-needs',
    route({
      summary: 'The lines of approved requests (?ids=1,2) as a new RFQ’s lines',
      tags,
      responses: {
        200: { description: 'Title and lines', schema: RfqFromNeedsAnswerSchema },
      },
    }),
    async (c) =>
      respond(
        c,
        await rfqLinesFromNeeds(
          deps,
          actor(c),
          (c.req.query('ids') ?? '')
            .split(',')
            .filter((v) => /^[1-9]\d{0,15}$/.test(v))
            .map(Number),
        ),
      ),
  )
  app.post(
    '/',
    route({
      summary: 'A buyer writes a draft RFQ: lines, invited suppliers, reply day',
      tags,
      body: RfqInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await createRfq(deps, actor(c), await readBody(c)), 201),
  )
  app.get(
    '/:id',
    route({
      summary:
        'An RFQ: lines, invited suppliers and their answers (prices sealed until closed; a contact sees its own)',
      tags,
      responses: { 200: { description: 'RFQ', schema: dataOf(RfqAnswerSchema) } },
    }),
    (c) => withId(c, async (id) => respond(c, await getRfq(deps, actor(c), id))),
  )
  app.put(
    '/:id',
    route({
      summary: 'Rewrite a draft RFQ (lines and suppliers replaced)',
      tags,
      body: RfqInputSchema,
      responses: { 200: { description: 'Saved', schema: Loose } },
    }),
    async (c) => withId(c, async (id) => respond(c, await updateRfq(deps, actor(c), id, await readBody(c)))),
  )
  app.get(
    '/:id/comparison',
    route({
      summary:
        'Lines × suppliers once closed: best price and lead time, totals, cheapest basket and per line',
      tags,
      responses: {
        200: { description: 'Comparison', schema: dataOf(RfqComparisonAnswerSchema) },
      },
    }),
    (c) => withId(c, async (id) => respond(c, await getComparison(deps, actor(c), id))),
  )
  app.put(
    '/:id/quotes/:supplier',
    route({
      summary: 'A supplier’s answer, by its contact (portal) or a buyer, while answers are open',
      tags,
      body: QuoteInputSchema,
      responses: {
        200: {
          description: 'Saved',
          schema: dataOf(z.looseObject({ id: z.number().int(), lines: z.number().int() })),
        },
      },
    }),
    async (c) =>
      withIds(c, async (id, supplierId) =>
        respond(
          c,
          await saveQuote({ ...deps, linkBase: linkBase(c) }, actor(c), id, supplierId, await readBody(c)),
        ),
      ),
  )
  app.post(
    '/:id/quotes/:supplier/file',
    route({
      summary: 'The received quote’s file (multipart: file), while answers are open',
      tags,
      body: 'multipart',
      responses: { 200: { description: 'Attached', schema: Loose } },
    }),
    (c) =>
      withIds(c, async (id, supplierId) => {
        const file = await uploadedFile(await formOf(c), 'file')
        return respond(c, await attachQuoteFile(deps, actor(c), id, supplierId, file, c.get('language')))
      }),
  )
  app.get(
    '/:id/quotes/:supplier/file',
    route({
      summary: 'Download a supplier’s quote file',
      tags,
      responses: { 200: binary('application/octet-stream', 'The file, with its name') },
    }),
    (c) =>
      withIds(c, async (id, supplierId) => {
        const file = await quoteFile(deps, actor(c), id, supplierId)
        return file.ok
          ? download(c, file.value.name, await fileStore(deps).read(file.value.path))
          : refuse(c, file.error)
      }),
  )
  app.post(
    '/:id/award',
    route({
      summary:
        'Award a closed RFQ, whole or per line (a reason when not the cheapest): one draft order per winner',
      tags,
      body: AwardInputSchema,
      responses: { 200: { description: 'Awarded, with its orders', schema: RfqAwardedAnswerSchema } },
    }),
    async (c) =>
      withId(c, async (id) =>
        respond(c, await awardRfq({ ...deps, linkBase: linkBase(c) }, actor(c), id, await readBody(c))),
      ),
  )
  // The discussion and files, before the actions' catch-all route.
  addDocumentRoutes(app, deps, 'rfq')
  app.post(
    '/:id/:action',
    route({
      summary: 'send (e-mails each invited supplier its PDF), close (answers end), cancel',
      tags,
      responses: { 200: { description: 'Its new status', schema: StatusAnswer } },
    }),
    (c) =>
      withId(c, async (id) => {
        const action = c.req.param('action')
        return respond(
          c,
          action === 'send'
            ? await sendRfq({ ...deps, linkBase: linkBase(c) }, actor(c), id)
            : await applyRfqAction(deps, actor(c), id, action),
        )
      }),
  )
  return app
}
