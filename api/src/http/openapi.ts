import type { Context, Hono, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { describeRoute, generateSpecs, resolver } from 'hono-openapi'
import { z } from 'zod'
import type { AppEnv, ResponseProblem } from './context'

/**
 * How each route is declared for the API contract: a summary, a tag, its request (query, JSON
 * body, or a multipart/CSV upload) and its answers with their zod schemas. `route(spec)` is a
 * middleware placed before the handler; the OpenAPI 3.1 document (/bwapi/openapi.json) is
 * generated from these declarations by hono-openapi, and in tests `checkResponses` compares every
 * JSON answer with the schema its route declares for that status.
 */
export type ResponseSpec = { description: string; schema?: z.ZodType; contentType?: string }
export type RouteSpec = {
  summary: string
  tags: readonly string[]
  description?: string
  query?: z.ZodObject
  body?: z.ZodType | 'multipart' | 'csv'
  responses: Readonly<Partial<Record<200 | 201 | 204 | 302, ResponseSpec>>>
  /** Answers a guest may get (the public calls): no 401. */
  public?: boolean
}

const ROUTE_SPEC = Symbol('procura-route-spec')

/** The refusal bodies of the brief: a message, a stable code for business refusals, per-field errors. */
export const ProblemSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
    /** 503: the maintenance delay and message. */
    retry_after: z.number().int().optional(),
    extra_message: z.string().optional(),
  })
  .strict()
  .meta({ id: 'Problem' })

const REFUSALS: Record<number, string> = {
  400: 'The body cannot be read: sent as JSON but not JSON, or a malformed multipart upload.',
  401: 'Not signed in.',
  403: 'This action is not allowed (role, permission, or not the portal of a supplier contact).',
  404: 'This page does not exist, or the document is not visible to this user.',
  409: 'A state conflict: the document is not in a status that allows this.',
  419: 'The CSRF token is missing or does not match (send X-XSRF-TOKEN).',
  422: 'The form has errors (per field), or a business rule refused the action (message and code).',
  500: 'Server error; the answer carries the request id of the log lines.',
  503: 'Maintenance: retry after the Retry-After delay.',
}

const json = (schema: z.ZodType, contentType = 'application/json') => ({
  [contentType]: { schema: resolver(schema) },
})

/** A zod object of query parameters as OpenAPI parameters (their input types). */
const queryParameters = (query: z.ZodObject) => {
  const schema = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, object>
    required?: string[]
  }
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query' as const,
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }))
}

const requestBody = (body: RouteSpec['body']) => {
  if (body === undefined) return undefined
  if (body === 'multipart')
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object' as const,
            properties: { file: { type: 'string' as const, format: 'binary' } },
          },
        },
      },
    }
  if (body === 'csv')
    return { required: true, content: { 'text/csv': { schema: { type: 'string' as const } } } }
  return { required: true, content: json(body) }
}

/** An operation's answers, with the refusals every route may give (but 401 on a public one). */
const operationResponses = (spec: RouteSpec) => {
  const responses: Record<string, object> = {}
  for (const [status, answer] of Object.entries(spec.responses)) {
    if (answer === undefined) continue
    responses[status] = {
      description: answer.description,
      ...(answer.schema === undefined ? {} : { content: json(answer.schema, answer.contentType) }),
    }
  }
  for (const [status, description] of Object.entries(REFUSALS)) {
    if (status === '401' && spec.public === true) continue
    responses[status] = { description, content: json(ProblemSchema) }
  }
  return responses
}

/** A value computed at its first read, then kept. */
const once = <T>(make: () => T) => {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: make() }
    return made.value
  }
}

/**
 * The declaration of one route: documents it and, in tests, checks its answers. Its OpenAPI
 * operation (JSON schemas of the query, the body and the answers) is built when the document is
 * first asked for, not at every createApp: an app has some 400 routes.
 */
export const route = (spec: RouteSpec): MiddlewareHandler<AppEnv> => {
  type Operation = Parameters<typeof describeRoute>[0]
  const operation: Record<string, unknown> = {
    summary: spec.summary,
    tags: [...spec.tags],
    ...(spec.description === undefined ? {} : { description: spec.description }),
  }
  const lazily = (key: string, make: () => unknown) =>
    Object.defineProperty(operation, key, { enumerable: true, get: once(make) })
  const { query, body } = spec
  if (query !== undefined) lazily('parameters', () => queryParameters(query))
  if (body !== undefined) lazily('requestBody', () => requestBody(body))
  lazily('responses', () => operationResponses(spec))
  const middleware = describeRoute(operation as Operation)
  return Object.assign(middleware, { [ROUTE_SPEC]: spec })
}

const specOf = (handler: unknown): RouteSpec | undefined =>
  (handler as { [ROUTE_SPEC]?: RouteSpec })[ROUTE_SPEC]

/** The OpenAPI 3.1 document of the app's declared routes. */
export const openApiDocument = (app: Hono<AppEnv>) =>
  generateSpecs(app, {
    documentation: {
      info: {
        title: 'Procura API',
        version: '0.1.0',
        description:
          'The JSON API of Procura. Sign in with `GET /sanctum/csrf-cookie` then `POST /login`; send the session cookie, `X-Requested-With: XMLHttpRequest`, and on state-changing calls the `XSRF-TOKEN` cookie back in `X-XSRF-TOKEN`. Amounts are decimal strings. Messages are in the language of the `procura_language` cookie or `Accept-Language`; codes never change.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'procura_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
      security: [{ session: [], csrf: [] }],
    },
    exclude: [/^\/app/, /^\/$/],
    excludeStaticFile: false,
  })

/** The routes of the app, as method and OpenAPI path, with whether each is declared. */
export const declaredRoutes = (app: Hono<AppEnv>) => {
  const byRoute = new Map<string, boolean>()
  for (const r of app.routes) {
    if (r.method === 'ALL') continue
    const key = `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`
    byRoute.set(key, (byRoute.get(key) ?? false) || specOf(r.handler) !== undefined)
  }
  return byRoute
}

/**
 * Test-only middleware: every JSON answer of a declared route must match the schema declared
 * for its status (refusals: the Problem schema). What does not is recorded for the test to fail.
 */
export const checkResponses =
  (problems: ResponseProblem[]): MiddlewareHandler<AppEnv> =>
  async (c: Context<AppEnv>, next) => {
    await next()
    const matched = matchedRoutes(c).find((r) => specOf(r.handler) !== undefined)
    const spec = matched === undefined ? undefined : specOf(matched.handler)
    if (matched === undefined || spec === undefined) return
    const status = c.res.status
    const name = `${c.req.method} ${matched.path}`
    const declared = spec.responses[status as keyof RouteSpec['responses']]
    const isJson = (c.res.headers.get('content-type') ?? '').includes('application/json')
    const schema = declared?.schema ?? (status >= 400 ? ProblemSchema : undefined)
    if (declared === undefined && REFUSALS[status] === undefined) {
      problems.push({ route: name, status, issues: 'status not declared' })
      return
    }
    if (
      schema === undefined ||
      !isJson ||
      (declared?.contentType ?? 'application/json') !== 'application/json'
    )
      return
    const parsed = schema.safeParse(await c.res.clone().json())
    if (!parsed.success)
      problems.push({
        route: name,
        status,
        issues: parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; '),
      })
  }
