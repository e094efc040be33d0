import type { Context } from 'hono'
import type { LoadedSession } from '../services/auth/session'
import type { AppEnv } from './context'

/** The session of a route behind requireUser: its absence there is a bug. */
export const sessionOf = (c: Context<AppEnv>): LoadedSession => {
  const session = c.get('session')
  if (session === null) throw new Error(`${c.req.path} is not behind requireUser`)
  return session
}
