import { Readable } from 'node:stream'
import {
  ACCOUNTING_ENTRY_LIST,
  ACCOUNTING_EXPORT_LIST,
  ACCOUNTING_VAT_ENTRY_LIST,
  AccountingAccountAnswerSchema,
  AccountingCheckAnswerSchema,
  AccountingEntryInputSchema,
  AccountingExportedAnswerSchema,
  AccountingExportInputSchema,
  AccountingExportRowAnswerSchema,
  AccountingSettingsAnswerSchema,
  AccountingSettingsSchema,
  AccountingVatEntryInputSchema,
} from '@procura/core/accounting'
import type { ListDefinition } from '@procura/core/list'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { binary, Created, dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import {
  accountFamilies,
  accountingEntriesAdmin,
  accountingVatEntriesAdmin,
} from '../services/accounting/entries'
import {
  accountingExportFile,
  cancelAccountingExport,
  previewAccountingExport,
} from '../services/accounting/export-actions'
import {
  EXPORT_QUERY_FILTERS,
  EXPORT_SORTS,
  exportFilterOptions,
  listAccountingExports,
} from '../services/accounting/export-list'
import { runAccountingExport } from '../services/accounting/export-run'
import { getAccountingSettings, saveAccountingSettings } from '../services/accounting/settings'
import { actorOf } from '../services/auth/session'
import { readBody } from './auth'
import { addListRoutes } from './list-routes'

const TAGS = ['Accounting']

/** An administration list of accounts: list, create, change, disable, enable, delete (refused while used). */
const entryRoutes = (
  app: Hono<AppEnv>,
  deps: AppDeps,
  base: string,
  admin: typeof accountingEntriesAdmin,
  list: ListDefinition,
  body: typeof AccountingEntryInputSchema | typeof AccountingVatEntryInputSchema,
  what: string,
) => {
  const actor = (c: Context<AppEnv>) => actorOf(sessionOf(c))
  addListRoutes(app, base, {
    list,
    row: AccountingAccountAnswerSchema,
    tag: TAGS[0] as string,
    sorts: ['code', 'label'],
    queryFilters: ['active'],
    read: (c, options) => (query) => admin.list(deps.db, actor(c), query, options),
    options: async (c, field, search) => admin.options(actor(c), field, search, c.get('language')),
  })
  app.post(
    base,
    route({
      summary: `Add one of the ${what}`,
      tags: TAGS,
      body,
      responses: { 201: { description: 'Added', schema: Created } },
    }),
    async (c) => respond(c, await admin.save(deps, actor(c), null, await readBody(c)), 201),
  )
  app.put(
    `${base}/:id`,
    route({
      summary: `Change one of the ${what}`,
      tags: TAGS,
      body,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await admin.save(deps, actor(c), id, await readBody(c)))
    },
  )
  for (const action of ['disable', 'enable'] as const)
    app.post(
      `${base}/:id/${action}`,
      route({
        summary: `${action === 'disable' ? 'Disable' : 'Enable'} one of the ${what}`,
        tags: TAGS,
        responses: { 200: { description: 'Done', schema: Ok } },
      }),
      async (c) => {
        const id = idParam(c)
        return id === null
          ? refuse(c, { code: 'NOT_FOUND' })
          : respond(c, await admin.setActive(deps, actor(c), id, action === 'enable'))
      },
    )
  app.delete(
    `${base}/:id`,
    route({
      summary: `Delete one of the ${what} (refused while invoices or exports use it)`,
      tags: TAGS,
      responses: { 200: { description: 'Deleted', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await admin.remove(deps, actor(c), id))
    },
  )
}

/** /bwapi/accounting-entries, /bwapi/accounting-vat-entries, /bwapi/accounting-exports, /bwapi/accounting-settings. */
export const accountingRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => ({ ...actorOf(sessionOf(c)), buyer: sessionOf(c).user.buyer })
  app.get(
    '/accounting-entries/families',
    route({
      summary: 'The product families an expense account may be for',
      tags: TAGS,
      responses: {
        200: {
          description: 'Families',
          schema: dataOf(z.array(z.object({ value: z.string(), label: z.string() }))),
        },
      },
    }),
    async (c) => respond(c, await accountFamilies(deps.db, actor(c))),
  )
  entryRoutes(
    app,
    deps,
    '/accounting-entries',
    accountingEntriesAdmin,
    ACCOUNTING_ENTRY_LIST,
    AccountingEntryInputSchema,
    'expense accounts',
  )
  entryRoutes(
    app,
    deps,
    '/accounting-vat-entries',
    accountingVatEntriesAdmin,
    ACCOUNTING_VAT_ENTRY_LIST,
    AccountingVatEntryInputSchema,
    'VAT accounts',
  )
  app.get(
    '/accounting-settings',
    route({
      summary: 'The accounting export settings (administrators)',
      tags: TAGS,
      responses: { 200: { description: 'Settings', schema: dataOf(AccountingSettingsAnswerSchema) } },
    }),
    async (c) => respond(c, await getAccountingSettings(deps.db, actor(c))),
  )
  app.put(
    '/accounting-settings',
    route({
      summary: 'Change the accounting export settings (the prefix cannot change once an export exists)',
      tags: TAGS,
      body: AccountingSettingsSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => respond(c, await saveAccountingSettings(deps, actor(c), await readBody(c))),
  )
  addListRoutes(app, '/accounting-exports', {
    list: ACCOUNTING_EXPORT_LIST,
    row: AccountingExportRowAnswerSchema,
    tag: TAGS[0] as string,
    sorts: EXPORT_SORTS,
    queryFilters: EXPORT_QUERY_FILTERS,
    read: (c, options) => (query) => listAccountingExports(deps, actor(c), query, options),
    options: (c, field, search) => exportFilterOptions(deps.db, actor(c), field, search, c.get('language')),
  })
  app.post(
    '/accounting-exports/check',
    route({
      summary: 'What an export would take and the problems that would refuse it, before running',
      tags: TAGS,
      body: AccountingExportInputSchema,
      responses: {
        200: { description: 'The invoices and the problems', schema: dataOf(AccountingCheckAnswerSchema) },
      },
    }),
    async (c) =>
      respond(c, await previewAccountingExport(deps, actor(c), await readBody(c), c.get('language'))),
  )
  app.post(
    '/accounting-exports',
    route({
      summary: 'Export validated invoices as journal entries (CSV or FEC), one export at a time per company',
      tags: TAGS,
      body: AccountingExportInputSchema,
      responses: {
        201: {
          description: 'The export made',
          schema: AccountingExportedAnswerSchema,
        },
      },
    }),
    async (c) => respond(c, await runAccountingExport(deps, actor(c), await readBody(c)), 201),
  )
  app.get(
    '/accounting-exports/:id/file',
    route({
      summary: 'The file of an export, as it was made',
      tags: TAGS,
      responses: { 200: binary('text/csv', 'The file') },
    }),
    async (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const file = await accountingExportFile(deps, actor(c), id)
      if (!file.ok) return refuse(c, file.error)
      return c.body(Readable.toWeb(file.value.open()) as ReadableStream, 200, {
        'content-type': file.value.contentType,
        'content-disposition': `attachment; filename="${file.value.name}"`,
        'x-content-type-options': 'nosniff',
      })
    },
  )
  app.post(
    '/accounting-exports/:id/cancel',
    route({
      summary: 'Cancel an export as a whole (with confirmation): its invoices can be exported again',
      tags: TAGS,
      body: z.object({ confirm: z.boolean().optional() }),
      responses: { 200: { description: 'Cancelled', schema: Ok } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(
            c,
            await cancelAccountingExport(deps, actor(c), id, (await readBody(c)) as { confirm?: unknown }),
          )
    },
  )
  return app
}
