import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

/**
 * The Content-Security-Policy of every answer: scripts, styles, fonts and frames from this origin
 * only (no inline script, no eval), images also as data: and blob: URLs (previews), and the
 * real-time WebSocket on its own port of the same host. An answer that sets its own policy
 * (the API reference page) keeps it.
 */
export const contentSecurityPolicy =
  (wsPort: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next()
    if (c.res.headers.has('Content-Security-Policy')) return
    c.res.headers.set('Content-Security-Policy', policyFor(hostOf(c.req.header('host')), wsPort))
  }

/** The host name of a Host header, without its port (IPv6 literals keep their brackets). */
export const hostOf = (host: string | undefined): string => {
  const value = (host ?? 'localhost').trim()
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1)
  return value.split(':')[0] || 'localhost'
}

/**
 * The policy for a host. `styleNonce`: the one-time nonce of the page (index.html) whose UI
 * library adds a <style> element (React Aria's press styles read it from a csp-nonce meta tag).
 */
export const policyFor = (host: string, wsPort: number, styleNonce?: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    styleNonce === undefined ? "style-src 'self'" : `style-src 'self' 'nonce-${styleNonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ws://${host}:${wsPort} wss://${host}:${wsPort}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
