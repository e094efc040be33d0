import { getConnInfo } from '@hono/node-server/conninfo'
import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { clearSessionCookie, readXsrfCookie, setSessionCookies, setXsrfCookie } from '../http/cookies'
import { linkBaseOf } from '../http/link-base'
import { refuse, respond } from '../http/respond'
import { login } from '../services/auth/login'
import { requestPasswordReset, resetPassword } from '../services/auth/password-reset'
import { deleteSession, loadSession } from '../services/auth/session'
import { newToken } from '../services/auth/tokens'
import { writeTrace } from '../services/trace'
import { currentUserView } from '../services/users/current'

/** The client's address, for throttling. Behind a proxy, configure it to pass the real one. */
const clientAddress = (c: Context): string => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Bodies are JSON; anything else reads as an empty object, which the schema then refuses. */
export const readBody = async (c: Context): Promise<unknown> => {
  try {
    return await c.req.json()
  } catch {
    return {}
  }
}

/** GET /sanctum/csrf-cookie, POST /login, POST /logout. */
export const authRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/sanctum/csrf-cookie', (c) => {
      const session = c.get('session')
      if (session !== null) setXsrfCookie(c, session.csrf_token)
      else if (readXsrfCookie(c) === undefined) setXsrfCookie(c, newToken())
      return c.body(null, 204)
    })
    .post('/login', async (c) => {
      const result = await login(
        { db: deps.db, clock: deps.clock, basePath: deps.basePath },
        await readBody(c),
        clientAddress(c),
        c.get('session')?.hash ?? null,
      )
      if (!result.ok) {
        const seconds = result.error.code === 'TOO_MANY_ATTEMPTS' ? result.error.params?.seconds : undefined
        return refuse(c, result.error, seconds === undefined ? {} : { 'retry-after': String(seconds) })
      }
      setSessionCookies(c, result.value)
      const session = await loadSession(deps.db, deps.clock, result.value.token)
      if (session === null) throw new Error('A session just created could not be loaded')
      return c.json({ redirect: result.value.redirect, user: currentUserView(session) })
    })
    .post('/forgot-password', async (c) =>
      respond(c, await requestPasswordReset(deps, await readBody(c), linkBaseOf(c, deps.basePath))),
    )
    .post('/reset-password', async (c) => respond(c, await resetPassword(deps, await readBody(c))))
    .post('/logout', async (c) => {
      const session = c.get('session')
      if (session !== null) {
        await deps.db.transaction(async (tx) => {
          await deleteSession(tx, session.hash)
          await writeTrace(tx, deps.clock, {
            action: 'logout',
            message: `${session.real_user?.label ?? session.user.login} signed out`,
            model: 'user',
            model_id: session.real_user?.id ?? session.user.id,
            user_id: session.real_user?.id ?? session.user.id,
          })
        })
      }
      clearSessionCookie(c)
      setXsrfCookie(c, newToken())
      return c.json({ redirect: `${deps.basePath}/login` })
    })
