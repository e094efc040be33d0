import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { refuse } from '../respond'

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A body sent as JSON that is not JSON is refused with 400 before any route reads it (a route
 * whose fields are all optional would otherwise read it as "nothing to change"). An empty body
 * stays allowed: actions without input send none. The parsed body is kept for the route.
 */
export const jsonBodyGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type') ?? ''
  if (!WRITES.has(c.req.method) || !/^application\/(.+\+)?json\b/i.test(type)) return next()
  const text = await c.req.text()
  if (text.trim() === '') return next()
  try {
    JSON.parse(text)
  } catch {
    return refuse(c, { code: 'UNREADABLE_JSON' })
  }
  return next()
}
