import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { refuse } from '../respond'

/** API paths a guest may call. */
export const PUBLIC_API_PATHS = new Set(['/bwapi/users/login-infos', '/bwapi/init-infos'])

/** Every other /bwapi call needs a signed-in user: 401 otherwise. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (PUBLIC_API_PATHS.has(c.req.path) || c.get('session') !== null) return next()
  return refuse(c, { code: 'UNAUTHENTICATED' })
})
