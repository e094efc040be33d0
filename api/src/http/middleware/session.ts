import { createMiddleware } from 'hono/factory'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { createSessionCache } from '../../services/auth/session-cache'
import type { AppEnv } from '../context'
import { readSessionToken } from '../cookies'

/**
 * Loads the session of the cookie, if any, and the maintenance mode, from the app's session cache
 * (one small query while nothing changed); a signed-in user's own language wins.
 */
export const sessionMiddleware = (db: Db, clock: Clock) => {
  const cache = createSessionCache(db, clock)
  return createMiddleware<AppEnv>(async (c, next) => {
    const { session, maintenance } = await cache.identityOf(readSessionToken(c))
    c.set('session', session)
    c.set('maintenance', maintenance)
    if (session !== null) c.set('language', session.user.language)
    await next()
  })
}
