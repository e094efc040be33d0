import { rowsOf } from '@procura/core/answer'
import { can, checkCanListUsers, mainMenu } from '@procura/core/auth'
import { configurationPage } from '@procura/core/configuration'
import { parseWith } from '@procura/core/errors'
import {
  ActionsToDoAnswerSchema,
  ConfigurationPageAnswerSchema,
  HeaderInfosAnswerSchema,
  HtmlModalAnswerSchema,
  InitInfosAnswerSchema,
  MainMenuAnswerSchema,
} from '@procura/core/shell'
import {
  BuyerAnswerSchema,
  CurrencyChangeSchema,
  LanguageChangeSchema,
  PriceDisplaySchema,
  RoleAnswerSchema,
  RolePermissionsSchema,
} from '@procura/core/user'
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { users } from '../db/schema'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { dataOf, Ok } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { actionsToDo } from '../services/actions-to-do'
import { actorOf } from '../services/auth/session'
import { initInfos } from '../services/init-infos'
import { getServerMessages } from '../services/maintenance'
import { loadSettings } from '../services/settings'
import { changeOwnPreference } from '../services/users/edit'
import { rolesWithPermissions, updateRolePermissions } from '../services/users/roles'
import { readBody } from './auth'

const ABOUT = {
  en: {
    title: 'About Procura',
    text: 'Open-source procure-to-pay: requests, orders, deliveries, invoices, payments and stock.',
  },
  es: {
    title: 'Acerca de Procura',
    text: 'Compras de código abierto: solicitudes, pedidos, recepciones, facturas, pagos y stock.',
  },
  fr: {
    title: 'À propos de Procura',
    text: 'Achats open source : demandes, commandes, livraisons, factures, paiements et stock.',
  },
} as const

/** GET /bwapi/about: an HTML modal's answer (title, body, size). */
const aboutPage = (language: keyof typeof ABOUT) => ({
  title: ABOUT[language].title,
  body: `<p>${ABOUT[language].text}</p><p><strong>Procura 0.1.0</strong> — MIT</p>`,
  size: 'small',
})

const ENVIRONMENT_TEXT = {
  test: { en: 'Test environment', es: 'Entorno de pruebas', fr: 'Environnement de test' },
  demo: { en: 'Demo', es: 'Demostración', fr: 'Démonstration' },
  development: { en: 'Development', es: 'Desarrollo', fr: 'Développement' },
} as const

/** The shell's calls (spec §7 "Layout"), GET /bwapi/config and the test socket. */
export const layoutRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const { db } = deps

  app.get(
    '/init-infos',
    route({
      summary: 'Instance data for the shell: languages, currencies, formats, colours, modules',
      tags: ['Layout'],
      public: true,
      responses: { 200: { description: 'The instance data', schema: InitInfosAnswerSchema } },
    }),
    async (c) =>
      c.json(
        await initInfos(db, { language: c.get('language'), basePath: deps.basePath, wsPort: deps.wsPort }),
      ),
  )
  app.get(
    '/config',
    route({
      summary: 'The configuration page (administrators)',
      tags: ['Layout'],
      responses: {
        200: {
          description: 'Title, icon, breadcrumbs and items',
          schema: ConfigurationPageAnswerSchema,
        },
      },
    }),
    (c) =>
      can(actorOf(sessionOf(c)), 'admin_menu')
        ? c.json(configurationPage(c.get('language')))
        : refuse(c, { code: 'FORBIDDEN' }),
  )
  app.get(
    '/main-menu',
    route({
      summary: 'The left menu of this user',
      tags: ['Layout'],
      responses: { 200: { description: 'Menu items and logo', schema: MainMenuAnswerSchema } },
    }),
    async (c) =>
      c.json({
        items: mainMenu(actorOf(sessionOf(c)), c.get('language'), (await loadSettings(deps.db)).modules),
        logo: null,
      }),
  )
  app.get(
    '/header-infos',
    route({
      summary: 'Environment badge and server messages',
      tags: ['Layout'],
      responses: {
        200: {
          description: 'Header data',
          schema: HeaderInfosAnswerSchema,
        },
      },
    }),
    async (c) => {
      const settings = await loadSettings(db)
      const environment = settings.customer.environment
      const messages = await getServerMessages(db, deps.clock.now())
      return c.json({
        env:
          environment === 'production'
            ? null
            : { type: environment, text: ENVIRONMENT_TEXT[environment][c.get('language')] },
        messages,
      })
    },
  )
  app.get(
    '/actions-to-do',
    route({
      summary: 'What waits on this user, with counters',
      tags: ['Layout'],
      responses: {
        200: {
          description: 'Actions to do',
          schema: ActionsToDoAnswerSchema,
        },
      },
    }),
    async (c) => c.json(await actionsToDo(db, sessionOf(c).user, c.get('language'))),
  )
  app.post(
    '/language/change',
    route({
      summary: 'Change this user’s language',
      tags: ['Layout'],
      body: LanguageChangeSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const parsed = parseWith(LanguageChangeSchema, await readBody(c))
      if (!parsed.ok) return refuse(c, parsed.error)
      const result = await changeOwnPreference(deps, actorOf(sessionOf(c)), { language: parsed.value.code })
      if (result.ok) c.set('language', parsed.value.code)
      return respond(c, result)
    },
  )
  app.post(
    '/currency/change',
    route({
      summary: 'Change this user’s display currency',
      tags: ['Layout'],
      body: CurrencyChangeSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const parsed = parseWith(CurrencyChangeSchema, await readBody(c))
      if (!parsed.ok) return refuse(c, parsed.error)
      return respond(
        c,
        await changeOwnPreference(deps, actorOf(sessionOf(c)), { currency_code: parsed.value.code }),
      )
    },
  )
  app.post(
    '/change-price-display',
    route({
      summary: 'Show prices excluding or including tax',
      tags: ['Layout'],
      body: PriceDisplaySchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    async (c) => {
      const parsed = parseWith(PriceDisplaySchema, await readBody(c))
      if (!parsed.ok) return refuse(c, parsed.error)
      return respond(
        c,
        await changeOwnPreference(deps, actorOf(sessionOf(c)), {
          price_display_inctax: parsed.value.price_display_inctax,
        }),
      )
    },
  )
  app.get(
    '/buyers',
    route({
      summary: 'Active buyers (for request forms)',
      tags: ['Layout'],
      responses: {
        200: {
          description: 'Buyers',
          schema: rowsOf(BuyerAnswerSchema),
        },
      },
    }),
    async (c) =>
      c.json({
        data: await db
          .select({ id: users.id, label: users.label, buyer: users.buyer })
          .from(users)
          .where(and(eq(users.buyer, true), eq(users.active, true))),
      }),
  )
  app.get(
    '/about',
    route({
      summary: 'The About modal (title, HTML body, size)',
      tags: ['Layout'],
      responses: { 200: { description: 'HTML modal', schema: HtmlModalAnswerSchema } },
    }),
    (c) => c.json(aboutPage(c.get('language'))),
  )
  app.get(
    '/roles',
    route({
      summary: 'Roles with their permissions (user managers); ?validators=1: those offered as validators',
      tags: ['Layout'],
      responses: {
        200: {
          description: 'Roles',
          schema: rowsOf(RoleAnswerSchema),
        },
      },
    }),
    async (c) => {
      const allowed = checkCanListUsers(actorOf(sessionOf(c)))
      if (!allowed.ok) return refuse(c, allowed.error)
      const all = await rolesWithPermissions(db, c.get('language'))
      if (c.req.query('validators') !== '1') return c.json({ data: all })
      // The validator drop-downs offer the roles the settings name (spec §6), every role when none.
      const offered = (await loadSettings(db)).misc.validator_roles
      return c.json({ data: offered.length === 0 ? all : all.filter((r) => offered.includes(r.code)) })
    },
  )
  app.put(
    '/roles/:code/permissions',
    route({
      summary: 'Set what a role allows (user managers; traced)',
      tags: ['Layout'],
      body: RolePermissionsSchema,
      responses: {
        200: {
          description: 'The role’s permissions',
          schema: dataOf(z.object({ code: z.string(), permissions: z.array(z.string()) })),
        },
      },
    }),
    async (c) =>
      respond(
        c,
        await updateRolePermissions(deps, actorOf(sessionOf(c)), c.req.param('code'), await readBody(c)),
      ),
  )
  app.get(
    '/test-socket/:id',
    route({
      summary: 'Push a test event to a user’s WebSocket connections',
      tags: ['Layout'],
      responses: {
        200: { description: 'How many connections got it', schema: z.object({ sent: z.number().int() }) },
      },
    }),
    (c) => {
      const id = idParam(c)
      if (id === null) return refuse(c, { code: 'NOT_FOUND' })
      const actor = actorOf(sessionOf(c))
      if (id !== actor.id && !can(actor, 'manage_users')) return refuse(c, { code: 'FORBIDDEN' })
      const sent =
        deps.notifyUser?.(id, { type: 'test', payload: { at: deps.clock.now().toISOString() } }) ?? 0
      return c.json({ sent })
    },
  )
  return app
}
