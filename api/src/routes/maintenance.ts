import { can } from '@procura/core/auth'
import { ok } from '@procura/core/result'
import {
  BackupsAnswerSchema,
  BackupVerificationAnswerSchema,
  DataCheckAnswerSchema,
  MaintenanceSchema,
  MaintenanceScreenAnswerSchema,
  OrderDeletionInputSchema,
  ServerMessageSchema,
} from '@procura/core/settings'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { refuse, respond } from '../http/respond'
import { dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { actorOf } from '../services/auth/session'
import { CRON_NAMES, type CronName, jobStatuses, runCrons } from '../services/crons'
import { runDataCheck } from '../services/data-check'
import {
  changeServerMessages,
  getMaintenance,
  getServerMessages,
  setMaintenance,
} from '../services/maintenance'
import { listBackups, verifyListedBackup } from '../services/operations/scheduled-backups'
import { deleteOrderForGood, previewOrderDeletion } from '../services/purchase-orders/order-deletion'
import { readBody } from './auth'

/**
 * The maintenance screen (spec §2 "maintenance": crons, delete purchase orders, data accuracy
 * check, messages) for administrators, and the server message every signed-in person reads.
 */
export const maintenanceRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => actorOf(sessionOf(c))
  const admin = (c: Context<AppEnv>) => can(actor(c), 'admin_menu')
  app.get(
    '/maintenance',
    route({
      summary:
        'Maintenance mode, the server message and the jobs with their last and next run (administrators)',
      tags: ['Maintenance'],
      responses: { 200: { description: 'The screen', schema: dataOf(MaintenanceScreenAnswerSchema) } },
    }),
    async (c) => {
      if (!admin(c)) return refuse(c, { code: 'FORBIDDEN' })
      const now = deps.clock.now()
      return c.json({
        data: {
          mode: await getMaintenance(deps.db),
          server_messages: await getServerMessages(deps.db, now),
          jobs: await jobStatuses(deps.db, now),
        },
      })
    },
  )
  app.put(
    '/maintenance/mode',
    route({
      summary:
        'Turn maintenance mode on or off, with its message and retry delay (administrators still get in)',
      tags: ['Maintenance'],
      body: MaintenanceSchema,
      responses: { 200: { description: 'Saved', schema: dataOf(MaintenanceSchema) } },
    }),
    async (c) => {
      if (!admin(c)) return refuse(c, { code: 'FORBIDDEN' })
      const saved = await setMaintenance(deps.db, deps.clock, await readBody(c), actor(c).id)
      return respond(c, saved.ok ? ok({ data: saved.value }) : saved)
    },
  )
  app.post(
    '/maintenance/server-messages',
    route({
      summary: 'Put up a message above every page (until taken down or its end)',
      tags: ['Maintenance'],
      body: ServerMessageSchema,
      responses: { 200: { description: 'The messages shown', schema: dataOf(z.array(ServerMessageSchema)) } },
    }),
    async (c) => {
      if (!admin(c)) return refuse(c, { code: 'FORBIDDEN' })
      const saved = await changeServerMessages(deps.db, deps.clock, { add: await readBody(c) }, actor(c).id)
      return respond(c, saved.ok ? ok({ data: saved.value }) : saved)
    },
  )
  app.delete(
    '/maintenance/server-messages/:index',
    route({
      summary: 'Take down the message at this position (0 first)',
      tags: ['Maintenance'],
      responses: { 200: { description: 'The messages shown', schema: dataOf(z.array(ServerMessageSchema)) } },
    }),
    async (c) => {
      if (!admin(c)) return refuse(c, { code: 'FORBIDDEN' })
      const index = Number(c.req.param('index'))
      if (!Number.isInteger(index) || index < 0) return refuse(c, { code: 'NOT_FOUND' })
      const saved = await changeServerMessages(deps.db, deps.clock, { remove: index }, actor(c).id)
      return respond(c, saved.ok ? ok({ data: saved.value }) : saved)
    },
  )
  app.post(
    '/maintenance/jobs/:name/run',
    route({
      summary: 'Run one scheduled job now; its run (or its error) becomes the last run',
      tags: ['Maintenance'],
      responses: {
        200: {
          description: 'What it changed, or its error',
          schema: dataOf(
            z.object({ name: z.string(), changed: z.number().nullable(), error: z.string().nullable() }),
          ),
        },
      },
    }),
    async (c) => {
      if (!admin(c)) return refuse(c, { code: 'FORBIDDEN' })
      const name = c.req.param('name')
      if (!(CRON_NAMES as string[]).includes(name)) return refuse(c, { code: 'NOT_FOUND' })
      try {
        const results = await runCrons(
          {
            db: deps.db,
            clock: deps.clock,
            mailer: deps.mailer,
            storageDir: deps.storageDir,
            ...(deps.databaseUrl === undefined ? {} : { databaseUrl: deps.databaseUrl }),
          },
          [name as CronName],
        )
        return c.json({ data: { name, changed: results[name] ?? 0, error: null } })
      } catch (error) {
        c.get('log').error(`Job ${name} failed`, error)
        return c.json({
          data: { name, changed: null, error: error instanceof Error ? error.message : String(error) },
        })
      }
    },
  )
  app.get(
    '/maintenance/backups',
    route({
      summary: 'The scheduled backup’s archives, newest first, with their size',
      tags: ['Maintenance'],
      responses: { 200: { description: 'The folder and its archives', schema: dataOf(BackupsAnswerSchema) } },
    }),
    async (c) => (admin(c) ? c.json(await listBackups(deps.db)) : refuse(c, { code: 'FORBIDDEN' })),
  )
  app.post(
    '/maintenance/backups/:name/verify',
    route({
      summary: 'Check one archive: its files and their checksums, its database (procura db verify)',
      tags: ['Maintenance'],
      responses: {
        200: {
          description: 'What is wrong (nothing: sound)',
          schema: dataOf(BackupVerificationAnswerSchema),
        },
      },
    }),
    async (c) =>
      admin(c)
        ? respond(c, await verifyListedBackup(deps.db, c.req.param('name')))
        : refuse(c, { code: 'FORBIDDEN' }),
  )
  app.get(
    '/maintenance/data-check',
    route({
      summary: 'The data accuracy check: the totals that must agree, and what does not (nothing is changed)',
      tags: ['Maintenance'],
      responses: {
        200: { description: 'What was checked and what disagrees', schema: dataOf(DataCheckAnswerSchema) },
      },
    }),
    async (c) => respond(c, await runDataCheck(deps.db, actor(c))),
  )
  app.get(
    '/maintenance/purchase-orders/:code',
    route({
      summary: 'What deleting an order (every version) would remove, or why it may not be deleted',
      tags: ['Maintenance'],
      responses: { 200: { description: 'The order', schema: dataOf(z.looseObject({})) } },
    }),
    async (c) => respond(c, await previewOrderDeletion(deps.db, actor(c), c.req.param('code'))),
  )
  app.delete(
    '/maintenance/purchase-orders/:code',
    route({
      summary:
        'Delete an order for good (draft, refused, cancelled or obsolete, named by nothing): body { confirm: its code }',
      tags: ['Maintenance'],
      body: OrderDeletionInputSchema,
      responses: {
        200: { description: 'Deleted', schema: dataOf(z.object({ code: z.string(), versions: z.number() })) },
      },
    }),
    async (c) => {
      const body = (await readBody(c)) as { confirm?: unknown } | null
      return respond(c, await deleteOrderForGood(deps, actor(c), c.req.param('code'), body?.confirm))
    },
  )
  return app
}
