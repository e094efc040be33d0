import { randomBytes } from 'node:crypto'
import { translate } from '@procura/core/errors'
import { PunchoutSettingsAnswerSchema, PunchoutSettingsSchema } from '@procura/core/punchout'
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { withoutSlash } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { escapeXml } from '../services/punchout/cxml'
import {
  ociForm,
  readPunchoutSettings,
  receiveBasket,
  savePunchoutSettings,
} from '../services/punchout/punchout'
import { readBody } from './auth'

/** GET and PUT /bwapi/suppliers/{id}/punchout: a supplier's PunchOut shop settings (docs/domain/punchout.md). */
export const punchoutSettingsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Parameters<typeof sessionOf>[0]) => orderActorOf(sessionOf(c))
  app.get(
    '/:id/punchout',
    route({
      summary: 'A supplier’s PunchOut shop settings (its secrets only said to be set)',
      tags: ['PunchOut'],
      responses: { 200: { description: 'The settings', schema: PunchoutSettingsAnswerSchema } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await readPunchoutSettings(deps, actor(c), id))
    },
  )
  app.put(
    '/:id/punchout',
    route({
      summary:
        'Set a supplier’s PunchOut shop: protocol (cxml, oci), address, identities, secrets, VAT of its lines',
      description: 'A secret sent empty keeps the one kept. Traced, without the secrets.',
      tags: ['PunchOut'],
      body: PunchoutSettingsSchema,
      responses: { 200: { description: 'The settings', schema: PunchoutSettingsAnswerSchema } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await savePunchoutSettings(deps, actor(c), id, await readBody(c)))
    },
  )
  return app
}

const originOf = (c: Parameters<typeof sessionOf>[0]) =>
  withoutSlash(c.get('publicUrl') ?? new URL(c.req.url).origin)

/**
 * /punchout/go/{cookie} and /punchout/return/{cookie}: the browser's way to an OCI shop (a page
 * posting its login form, with a policy allowing that one form target) and the way back for both
 * protocols — the basket posted by the shop's page, which then goes back to the catalogue.
 */
export const punchoutBrowserRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.get('/go/:cookie', async (c) => {
    const form = await ociForm(deps, c.get('session')?.user.id ?? null, c.req.param('cookie'), originOf(c))
    if (!form.ok) return refuse(c, form.error)
    const nonce = randomBytes(16).toString('base64')
    const inputs = Object.entries(form.value.fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeXml(name)}" value="${escapeXml(value)}">`)
      .join('')
    const label = translate('PUNCHOUT_GO', undefined, c.get('language'))
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(form.value.action).origin}; base-uri 'none'; frame-ancestors 'none'`,
    )
    c.header('Cache-Control', 'no-store')
    return c.html(
      `<!doctype html><html lang="${c.get('language')}"><head><meta charset="utf-8"><title>${escapeXml(label)}</title></head><body><form id="go" method="post" action="${escapeXml(form.value.action)}">${inputs}<button type="submit">${escapeXml(label)}</button></form><script nonce="${nonce}">document.getElementById('go').submit()</script></body></html>`,
    )
  })
  app.post('/return/:cookie', async (c) => {
    const body = await c.req.parseBody().catch(() => ({}))
    const form = Object.fromEntries(
      Object.entries(body).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
    )
    const received = await receiveBasket(deps, c.req.param('cookie'), form)
    const back = new URLSearchParams()
    if (received.ok) back.set('punchout', String(received.value.lines))
    else {
      c.get('log').warn(`PunchOut basket refused: ${received.error.code}`)
      back.set('punchout_error', received.error.code)
      for (const [name, value] of Object.entries(received.error.params ?? {}))
        back.set(`punchout_${name}`, String(value))
    }
    const warehouse = received.ok ? `warehouses/${received.value.warehouse_id}/articles` : 'warehouses'
    return c.redirect(`${deps.basePath}/${warehouse}?${back.toString()}`, 303)
  })
  return app
}
