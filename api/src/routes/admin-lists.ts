import { rowsOf } from '@procura/core/answer'
import { CurrencyInputSchema, LanguageInputSchema } from '@procura/core/locale'
import {
  MailPreviewAnswerSchema,
  MailTemplateAnswerSchema,
  MailTemplateInputSchema,
} from '@procura/core/mail-template'
import { CODE_LISTS, CurrenciesAnswerSchema, codeListPath } from '@procura/core/organisation'
import { SettingsGroupsAnswerSchema, SettingsSchema } from '@procura/core/settings'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import {
  COMPANIES,
  codeList,
  DEPARTMENTS,
  PRODUCT_FAMILIES,
  PRODUCT_FAMILY_TYPES,
  PRODUCT_SUBFAMILIES,
  referenceFileOf,
} from '../services/admin-lists'
import { actorOf } from '../services/auth/session'
import {
  deleteCurrency,
  listCurrencies,
  listLanguages,
  saveCurrency,
  saveLanguage,
} from '../services/currencies'
import { CUSTOM_FIELDS } from '../services/custom-fields'
import {
  listMailTemplates,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
} from '../services/mail-templates'
import { getSettings, saveSettingsGroup } from '../services/settings-admin'
import { readBody } from './auth'
import { referenceRoutes } from './reference-routes'

/** The administration lists of spec §2, each from its one declaration (services/admin-lists). */
export const adminListRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.route('/companies', referenceRoutes(deps, COMPANIES, 'Organisation', referenceFileOf('companies')))
  app.route(
    '/departments',
    referenceRoutes(deps, DEPARTMENTS, 'Organisation', referenceFileOf('departments')),
  )
  app.route(
    '/product-family-types',
    referenceRoutes(deps, PRODUCT_FAMILY_TYPES, 'Catalogue', referenceFileOf('product-family-types')),
  )
  app.route(
    '/product-families',
    referenceRoutes(deps, PRODUCT_FAMILIES, 'Catalogue', referenceFileOf('product-families')),
  )
  app.route(
    '/product-subfamilies',
    referenceRoutes(deps, PRODUCT_SUBFAMILIES, 'Catalogue', referenceFileOf('product-subfamilies')),
  )
  app.route('/custom-fields', referenceRoutes(deps, CUSTOM_FIELDS, 'Custom fields'))
  for (const list of CODE_LISTS)
    app.route(
      `/${codeListPath(list)}`,
      referenceRoutes(deps, codeList(list), 'Reference lists', referenceFileOf(codeListPath(list))),
    )
  const actor = (c: Context<AppEnv>) => actorOf(sessionOf(c))
  app.get(
    '/settings',
    route({
      summary: 'The customer settings by group, with each field’s kind, bounds and choices (administrators)',
      tags: ['Settings'],
      responses: { 200: { description: 'Groups', schema: SettingsGroupsAnswerSchema } },
    }),
    async (c) => respond(c, await getSettings(deps.db, actor(c))),
  )
  app.put(
    '/settings/:group',
    route({
      summary: 'Change one group of settings (checked with its bounds; applies at once)',
      tags: ['Settings'],
      body: z.looseObject({}).describe(`One group of ${Object.keys(SettingsSchema.shape).join(', ')}`),
      responses: { 200: { description: 'Saved', schema: dataOf(z.object({ group: z.string() })) } },
    }),
    async (c) => respond(c, await saveSettingsGroup(deps, actor(c), c.req.param('group'), await readBody(c))),
  )
  app.get(
    '/currencies',
    route({
      summary: 'Currencies with their symbol, position, current rate and rate history (administrators)',
      tags: ['Currencies and languages'],
      responses: { 200: { description: 'Currencies', schema: CurrenciesAnswerSchema } },
    }),
    async (c) => respond(c, await listCurrencies(deps.db, actor(c))),
  )
  app.post(
    '/currencies',
    route({
      summary: 'Add a currency with its rate to the default currency',
      tags: ['Currencies and languages'],
      body: CurrencyInputSchema,
      responses: { 201: { description: 'Created', schema: Ok } },
    }),
    async (c) => respond(c, await saveCurrency(deps, actor(c), null, await readBody(c)), 201),
  )
  app.put(
    '/currencies/:code',
    route({
      summary: 'Change a currency; a new rate applies from rate_from (default today) and joins its history',
      tags: ['Currencies and languages'],
      body: CurrencyInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => respond(c, await saveCurrency(deps, actor(c), c.req.param('code'), await readBody(c))),
  )
  app.delete(
    '/currencies/:code',
    route({
      summary: 'Delete a currency nothing names (never the default one)',
      tags: ['Currencies and languages'],
      responses: { 200: { description: 'Deleted', schema: Ok } },
    }),
    async (c) => respond(c, await deleteCurrency(deps, actor(c), c.req.param('code'))),
  )
  app.get(
    '/languages',
    route({
      summary: 'Interface languages with their formats and active flag (administrators)',
      tags: ['Currencies and languages'],
      responses: { 200: { description: 'Languages', schema: dataOf(z.array(z.looseObject({}))) } },
    }),
    async (c) => respond(c, await listLanguages(deps.db, actor(c))),
  )
  app.put(
    '/languages/:code',
    route({
      summary: 'Change a language’s formats, or whether it is offered (the last active one stays)',
      tags: ['Currencies and languages'],
      body: LanguageInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => respond(c, await saveLanguage(deps, actor(c), c.req.param('code'), await readBody(c))),
  )
  const template = (c: Context<AppEnv>) => [c.req.param('key') ?? '', c.req.param('language') ?? ''] as const
  app.get(
    '/mail-templates',
    route({
      summary: 'Every mail Procura sends: its variables and, per language, the text in use (administrators)',
      tags: ['Mail templates'],
      responses: { 200: { description: 'Templates', schema: rowsOf(MailTemplateAnswerSchema) } },
    }),
    async (c) => respond(c, await listMailTemplates(deps.db, actor(c), c.get('language'))),
  )
  app.put(
    '/mail-templates/:key/:language',
    route({
      summary: 'Rewrite one mail in one language (only the variables it offers); used at once',
      tags: ['Mail templates'],
      body: MailTemplateInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => respond(c, await saveMailTemplate(deps, actor(c), ...template(c), await readBody(c))),
  )
  app.delete(
    '/mail-templates/:key/:language',
    route({
      summary: 'Back to the product’s own text of one mail in one language',
      tags: ['Mail templates'],
      responses: { 200: { description: 'Reset', schema: Ok } },
    }),
    async (c) => respond(c, await resetMailTemplate(deps, actor(c), ...template(c))),
  )
  app.post(
    '/mail-templates/:key/:language/preview',
    route({
      summary: 'The mail as this text would write it, with an example of each variable (nothing kept)',
      tags: ['Mail templates'],
      body: MailTemplateInputSchema,
      responses: {
        200: {
          description: 'Preview',
          schema: MailPreviewAnswerSchema,
        },
      },
    }),
    async (c) => respond(c, previewMailTemplate(actor(c), ...template(c), await readBody(c))),
  )
  return app
}
