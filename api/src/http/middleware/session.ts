import { createMiddleware } from 'hono/factory'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { loadSession } from '../../services/auth/session'
import type { AppEnv } from '../context'
import { readSessionToken } from '../cookies'

/** Loads the session of the cookie, if any; a signed-in user's own language wins. */
export const sessionMiddleware = (db: Db, clock: Clock) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionToken(c)
    const session = token === undefined ? null : await loadSession(db, clock, token)
    c.set('session', session)
    if (session !== null) c.set('language', session.user.language)
    await next()
  })
