import { translate } from '@procura/core/errors'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppDeps, AppEnv } from '../http/context'
import { setSessionCookies } from '../http/cookies'
import { finishSso, type SsoAttempt, startSso } from '../services/auth/sso'

const ATTEMPT_COOKIE = 'procura_sso'

const callbackUrl = (c: Context) => `${new URL(c.req.url).origin}/sso/callback`

const readAttempt = (c: Context): SsoAttempt | null => {
  const raw = getCookie(c, ATTEMPT_COOKIE)
  if (raw === undefined) return null
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<SsoAttempt>
    return typeof parsed.verifier === 'string' &&
      typeof parsed.state === 'string' &&
      typeof parsed.nonce === 'string' &&
      typeof parsed.redirect === 'string'
      ? (parsed as SsoAttempt)
      : null
  } catch {
    return null
  }
}

/**
 * Single sign-on with OpenID Connect (module single_sign_on): GET /sso/login sends the browser to
 * the provider (authorization code with PKCE), GET /sso/callback comes back with the code, opens a
 * session and goes on to the page asked for; a refusal goes back to the sign-in page with its
 * message. The attempt (PKCE verifier, state, nonce) waits in an httpOnly cookie for ten minutes.
 */
export const ssoRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/sso/login', async (c) => {
      const started = await startSso(deps, callbackUrl(c), c.req.query('redirect') ?? null)
      if (!started.ok) return backToLogin(c, deps, started.error)
      setCookie(c, ATTEMPT_COOKIE, Buffer.from(JSON.stringify(started.value.attempt)).toString('base64url'), {
        path: '/sso',
        httpOnly: true,
        sameSite: 'Lax',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: 600,
      })
      return c.redirect(started.value.url, 302)
    })
    .get('/sso/callback', async (c) => {
      const attempt = readAttempt(c)
      deleteCookie(c, ATTEMPT_COOKIE, { path: '/sso' })
      const done = await finishSso(deps, new URL(c.req.url), attempt, c.get('session')?.hash ?? null)
      if (!done.ok) return backToLogin(c, deps, done.error)
      setSessionCookies(c, done.value)
      // The sign-in page takes the session up (the app keeps its own signed-in flag) and goes on.
      return c.redirect(
        `${deps.basePath}/login?sso=done&redirect=${encodeURIComponent(done.value.redirect)}`,
        302,
      )
    })

/** The sign-in page, with the refusal's message in the reader's language. */
const backToLogin = (
  c: Context<AppEnv>,
  deps: AppDeps,
  error: { code: Parameters<typeof translate>[0]; params?: Parameters<typeof translate>[1] },
) =>
  c.redirect(
    `${deps.basePath}/login?sso_error=${encodeURIComponent(translate(error.code, error.params, c.get('language')))}`,
    302,
  )
