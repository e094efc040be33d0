import { ApiTokenInputSchema } from '@procura/core/auth'
import { ApiTokenMadeAnswerSchema, ApiTokensAnswerSchema } from '@procura/core/settings'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { formOf, uploadedFile } from '../http/upload'
import { actorOf } from '../services/auth/session'
import { receivePlatformStatuses } from '../services/platform/inbound-statuses'
import {
  type ApiScope,
  acknowledgeStatuses,
  authenticateToken,
  createApiToken,
  listApiTokens,
  pendingStatuses,
  receiveEInvoice,
  revokeApiToken,
  type TokenClient,
} from '../services/platform/platform'
import { readBody } from './auth'

/** /bwapi/api-tokens: administrators create, list and revoke the machine clients' tokens. */
export const apiTokenRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>) => {
    const session = sessionOf(c)
    return actorOf(session)
  }
  const tags = ['API tokens']
  app.get(
    '/',
    route({
      summary: 'The API tokens (never their secret), their scopes and last use',
      tags,
      responses: {
        200: { description: 'Tokens', schema: ApiTokensAnswerSchema },
      },
    }),
    async (c) => respond(c, await listApiTokens(deps.db, actor(c))),
  )
  app.post(
    '/',
    route({
      summary: 'Create a token with its scopes: its secret is answered once',
      tags,
      body: ApiTokenInputSchema,
      responses: {
        201: {
          description: 'The token, once',
          schema: ApiTokenMadeAnswerSchema,
        },
      },
    }),
    async (c) => respond(c, await createApiToken(deps, actor(c), await readBody(c)), 201),
  )
  app.post(
    '/:id/revoke',
    route({
      summary: 'Revoke a token: refused from its next use',
      tags,
      responses: { 200: { description: 'Revoked', schema: Created } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null
        ? refuse(c, { code: 'NOT_FOUND' })
        : respond(c, await revokeApiToken(deps, actor(c), id))
    },
  )
  return app
}

/**
 * /platform: what an e-invoicing platform (or any integration) calls with its bearer token — hand
 * an e-invoice in, collect the lifecycle statuses and acknowledge them. No session, no CSRF: the
 * token is the credential, each use traced.
 */
export const platformRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const tags = ['E-invoicing platform']
  const withToken = async (
    c: Context<AppEnv>,
    scope: ApiScope,
    run: (client: TokenClient) => Promise<Response>,
  ) => {
    const client = await authenticateToken(
      deps,
      c.req.header('authorization'),
      scope,
      `${c.req.method} ${c.req.path}`,
    )
    if (client.ok) return run(client.value)
    const wait = client.error.code === 'API_RATE_LIMITED' ? client.error.params?.seconds : undefined
    return refuse(c, client.error, wait === undefined ? undefined : { 'retry-after': String(wait) })
  }
  app.post(
    '/e-invoices',
    route({
      summary:
        'Hand an e-invoice in (multipart file, or the raw PDF or XML with ?name=): it is queued, read and matched',
      tags,
      body: 'multipart',
      responses: { 201: { description: 'Queued as a pending invoice', schema: Created } },
    }),
    (c) =>
      withToken(c, 'e_invoices:write', async (client) => {
        const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/')
        const file = multipart
          ? await uploadedFile(await formOf(c), 'file')
          : await c.req.arrayBuffer().then((body) =>
              body.byteLength === 0
                ? null
                : {
                    name: c.req.query('name') ?? 'e-invoice',
                    size: body.byteLength,
                    bytes: new Uint8Array(body),
                  },
            )
        return respond(c, await receiveEInvoice(deps, client, file, c.get('language')), 201)
      }),
  )
  app.get(
    '/statuses',
    route({
      summary:
        "The lifecycle statuses not yet acknowledged, oldest first (?after=cursor&limit=; &format=cdar adds each one's CDAR D22B message)",
      tags,
      responses: {
        200: {
          description: 'Statuses, each with its idempotency key',
          schema: dataOf(z.array(z.looseObject({ id: z.number().int(), idempotency_key: z.string() }))),
        },
      },
    }),
    (c) =>
      withToken(c, 'statuses:read', async () =>
        respond(
          c,
          await pendingStatuses(deps.db, {
            after: c.req.query('after'),
            limit: c.req.query('limit'),
            format: c.req.query('format'),
          }),
        ),
      ),
  )
  app.post(
    '/statuses',
    route({
      summary:
        "Report the platform's statuses on received e-invoices (200–203, 209, 212, 213): a CDAR D22B message (application/xml) or their JSON",
      tags,
      responses: {
        201: {
          description:
            'Each status kept in its e-invoice’s lifecycle (repeated: already kept from an earlier delivery)',
          schema: dataOf(z.array(z.looseObject({ id: z.number().int(), repeated: z.boolean() }))),
        },
      },
    }),
    (c) =>
      withToken(c, 'e_invoices:write', async (client) => {
        const xml = /xml/i.test(c.req.header('content-type') ?? '')
        const body = xml ? { xml: await c.req.text() } : { json: await readBody(c) }
        return respond(c, await receivePlatformStatuses(deps, client, body), 201)
      }),
  )
  app.post(
    '/statuses/ack',
    route({
      summary: 'Acknowledge statuses by id: they are not answered again',
      tags,
      body: z.object({ ids: z.array(z.number().int()) }),
      responses: {
        200: { description: 'How many', schema: dataOf(z.object({ acknowledged: z.number().int() })) },
      },
    }),
    (c) =>
      withToken(c, 'statuses:read', async () =>
        respond(c, await acknowledgeStatuses(deps, await readBody(c))),
      ),
  )
  return app
}
