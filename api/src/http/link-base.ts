import type { Context } from 'hono'
import { loadSettings } from '../services/settings'
import type { AppEnv } from './context'

/** An address without its trailing slashes. */
export const withoutSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * The app's address for links in e-mails: the instance's public address (settings `instance.public_url`,
 * behind a reverse proxy) or else the origin the browser reached, then the base path.
 */
export const linkBaseOf = (c: Context<AppEnv>, basePath: string) =>
  `${withoutSlash(c.get('publicUrl') ?? new URL(c.req.url).origin)}${basePath}`

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Reads the public address for the calls that may send a mail (those that change something). */
export const publicUrlMiddleware =
  (db: Parameters<typeof loadSettings>[0]) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
    if (!SAFE.has(c.req.method)) c.set('publicUrl', (await loadSettings(db)).instance.public_url)
    await next()
  }
