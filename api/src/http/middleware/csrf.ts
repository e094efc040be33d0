import { createMiddleware } from 'hono/factory'
import { sameToken } from '../../services/auth/tokens'
import type { AppEnv } from '../context'
import { readXsrfCookie } from '../cookies'
import { refuse } from '../respond'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Every state-changing call carries X-XSRF-TOKEN. Signed in, it must equal the session's token;
 * as a guest (sign-in, password reset), the XSRF-TOKEN cookie it was read from (double submit:
 * another site can neither read that cookie nor set the header). Refused with 419.
 */
export const csrfGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE.has(c.req.method)) return next()
  const header = c.req.header('x-xsrf-token')
  const session = c.get('session')
  const expected = session === null ? readXsrfCookie(c) : session.csrf_token
  if (header === undefined || expected === undefined || expected === '' || !sameToken(header, expected)) {
    return refuse(c, { code: 'CSRF_MISMATCH' })
  }
  return next()
})
