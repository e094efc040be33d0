import { rowsOf } from '@procura/core/answer'
import { can } from '@procura/core/auth'
import {
  ChartInputSchema,
  CircuitRowAnswerSchema,
  CircuitSavedAnswerSchema,
  CircuitTestSchema,
  DelegationInputSchema,
  isDocumentType,
} from '@procura/core/circuit'
import { ImportAnswerSchema } from '@procura/core/import'
import { DelegationAnswerSchema } from '@procura/core/user'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { csvFile } from '../http/csv-file'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { csvUpload } from '../http/upload'
import { actorOf, orderActorOf } from '../services/auth/session'
import {
  createDelegation,
  deleteDelegation,
  getChart,
  listDelegations,
  replaceChart,
  testCircuit,
} from '../services/purchase-orders/administration'
import { exportCircuits, importCircuits } from '../services/purchase-orders/circuit-import'
import { readBody } from './auth'

/** /bwapi/circuits/{type} (administration, circuit test) and /bwapi/delegations. */
export const circuitRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.get(
    '/circuits/file',
    route({
      summary: 'Every validation chart as the import reads it (CSV, semicolons; criteria as key=value, …)',
      tags: ['Validation circuits'],
      responses: { 200: { description: 'circuits.csv', schema: z.string() } },
    }),
    async (c) =>
      can(actorOf(sessionOf(c)), 'admin_menu')
        ? csvFile(c, exportCircuits(deps.db), 'circuits.csv')
        : refuse(c, { code: 'FORBIDDEN' }),
  )
  app.post(
    '/circuits/import',
    route({
      summary:
        'Replace the validation charts a CSV file names (the columns of GET /circuits/file); all or nothing; ?dry_run=1 checks only',
      tags: ['Validation circuits'],
      body: 'multipart',
      responses: { 200: { description: 'Summary and errors per line', schema: ImportAnswerSchema } },
    }),
    async (c) => {
      return respond(
        c,
        await importCircuits(deps, orderActorOf(sessionOf(c)), csvUpload(c), c.get('language'), {
          dryRun: c.req.query('dry_run') === '1',
        }),
      )
    },
  )
  app.get(
    '/circuits/:type',
    route({
      summary: 'The validation chart of a document type (need, purchase_order, payment)',
      tags: ['Validation circuits'],
      responses: {
        200: {
          description: 'Chart rows',
          schema: rowsOf(CircuitRowAnswerSchema),
        },
      },
    }),
    async (c) => {
      const type = c.req.param('type')
      return isDocumentType(type)
        ? respond(c, await getChart(deps.db, actorOf(sessionOf(c)), type))
        : refuse(c, { code: 'NOT_FOUND' })
    },
  )
  app.put(
    '/circuits/:type',
    route({
      summary: 'Replace the validation chart of a document type (administrators)',
      tags: ['Validation circuits'],
      body: ChartInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const type = c.req.param('type')
      return isDocumentType(type)
        ? respond(c, await replaceChart(deps, actorOf(sessionOf(c)), type, await readBody(c)))
        : refuse(c, { code: 'NOT_FOUND' })
    },
  )
  app.post(
    '/circuits/:type/test',
    route({
      summary: 'Who would validate a document with these attributes',
      tags: ['Validation circuits'],
      body: CircuitTestSchema,
      responses: {
        200: {
          description: 'The steps',
          schema: CircuitSavedAnswerSchema,
        },
      },
    }),
    async (c) => {
      const type = c.req.param('type')
      return isDocumentType(type)
        ? respond(c, await testCircuit(deps.db, actorOf(sessionOf(c)), type, await readBody(c)))
        : refuse(c, { code: 'NOT_FOUND' })
    },
  )
  app.get(
    '/delegations',
    route({
      summary: 'The delegations this user gave and received',
      tags: ['Delegations'],
      responses: { 200: { description: 'Delegations', schema: rowsOf(DelegationAnswerSchema) } },
    }),
    async (c) => respond(c, await listDelegations(deps.db, actorOf(sessionOf(c)))),
  )
  app.post(
    '/delegations',
    route({
      summary: 'Delegate validations for a period',
      tags: ['Delegations'],
      body: DelegationInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await createDelegation(deps, actorOf(sessionOf(c)), await readBody(c)), 201),
  )
  app.delete(
    '/delegations/:id',
    route({
      summary: 'End a delegation (its delegator)',
      tags: ['Delegations'],
      responses: { 200: { description: 'Ended', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await deleteDelegation(deps, actorOf(sessionOf(c)), id))
    },
  )
  return app
}
