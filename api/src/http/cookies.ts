import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { NewSession } from '../services/auth/session'

export const SESSION_COOKIE = 'procura_session'
/** Readable by the app's script, which sends it back in X-XSRF-TOKEN (double submit). */
export const XSRF_COOKIE = 'XSRF-TOKEN'

const secure = (c: Context) => new URL(c.req.url).protocol === 'https:'

export const readSessionToken = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE)
export const readXsrfCookie = (c: Context): string | undefined => getCookie(c, XSRF_COOKIE)

export const setXsrfCookie = (c: Context, token: string) =>
  setCookie(c, XSRF_COOKIE, token, { path: '/', sameSite: 'Lax', secure: secure(c), httpOnly: false })

/** HttpOnly, SameSite=Lax; a browser-session cookie unless "remember me" asked for 30 days. */
export const setSessionCookies = (c: Context, session: NewSession) => {
  setCookie(c, SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    ...(session.remember ? { expires: session.expires_at } : {}),
  })
  setXsrfCookie(c, session.csrf_token)
}

export const clearSessionCookie = (c: Context) => deleteCookie(c, SESSION_COOKIE, { path: '/' })
