import { mayCallApi } from '@procura/core/auth'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { refuse } from '../respond'

/** API paths a guest may call. */
export const PUBLIC_API_PATHS = new Set([
  '/bwapi/users/login-infos',
  '/bwapi/init-infos',
  '/bwapi/setup',
  '/bwapi/openapi.json',
  '/bwapi/docs',
  '/bwapi/docs/scalar.js',
])

/** API paths under which every call is a guest's (the decision links carry their own credential). */
export const PUBLIC_API_PREFIXES = ['/bwapi/decision-links/'] as const

export const isPublicApiPath = (path: string) =>
  PUBLIC_API_PATHS.has(path) || PUBLIC_API_PREFIXES.some((prefix) => path.startsWith(prefix))

/**
 * Every other /bwapi call needs a signed-in user (401 otherwise), and one their audience may
 * call: a supplier contact reaches only the portal's calls (403 otherwise, core's mayCallApi).
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (isPublicApiPath(c.req.path)) return next()
  const session = c.get('session')
  if (session === null) return refuse(c, { code: 'UNAUTHENTICATED' })
  if (!mayCallApi(session.user, c.req.path)) return refuse(c, { code: 'FORBIDDEN' })
  return next()
})
