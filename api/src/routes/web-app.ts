import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { hostOf, policyFor } from '../http/middleware/csp'

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The built app is made with relative asset paths; the server tells it where it lives by
 * inserting a <base> element and the base path, so BASE_PATH can change without a rebuild.
 */
export const injectBasePath = (html: string, basePath: string): string =>
  html.replace(
    /<head>/i,
    `<head>\n    <base href="${escapeAttribute(basePath)}/" />\n    <meta name="procura-base-path" content="${escapeAttribute(basePath)}" />`,
  )

/**
 * The page language is the one negotiated for this request (cookie, then Accept-Language): the
 * app's default-language rule reads it when local storage holds no choice.
 */
export const withPageLanguage = (html: string, language: string): string =>
  html.replace(/<html(\s[^>]*)?>/i, (tag) =>
    /\slang=/i.test(tag)
      ? tag.replace(/\slang="[^"]*"/i, ` lang="${language}"`)
      : tag.replace(/>$/, ` lang="${language}">`),
  )

/** The page's style nonce, where React Aria looks for it (`<meta name="csp-nonce">`). */
export const withStyleNonce = (html: string, nonce: string): string =>
  html.replace(/<head>/i, `<head>\n    <meta name="csp-nonce" nonce="${nonce}" />`)

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Procura</title></head>
<body><h1>The web app is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload.</p></body></html>`

/**
 * Serves the web app under the base path: files of app/dist as they are (hashed assets cached
 * for a year), and index.html for every other path, so history-mode URLs survive a reload.
 */
export const webAppRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const { appDist, basePath } = deps
  let index: Promise<string | null> | null = null
  const isIndexPath = (path: string) =>
    path === basePath || path.endsWith('/') || path.endsWith('/index.html')
  const loadIndex = () => {
    if (appDist === null) return Promise.resolve(null)
    index ??= readFile(join(appDist, 'index.html'), 'utf8').then(
      (html) => injectBasePath(html, basePath),
      () => {
        index = null
        return null
      },
    )
    return index
  }

  if (appDist !== null && existsSync(appDist)) {
    app.use(`${basePath}/assets/*`, async (c, next) => {
      await next()
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    const files = serveStatic({
      root: appDist,
      rewriteRequestPath: (path) => path.slice(basePath.length),
    })
    // index.html is never served raw: it needs the base path inserted (see sendIndex).
    app.use(`${basePath}/*`, (c, next) => (isIndexPath(c.req.path) ? next() : files(c, next)))
  }

  const sendIndex = async (c: Context<AppEnv>) => {
    const html = await loadIndex()
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Accept-Language, Cookie')
    if (html === null) return c.html(NOT_BUILT, 503)
    // A nonce for this page only: the styles its components add are allowed, no other inline style.
    const nonce = randomBytes(16).toString('base64')
    c.header('Content-Security-Policy', policyFor(hostOf(c.req.header('host')), deps.wsPort, nonce))
    return c.html(withStyleNonce(withPageLanguage(html, c.get('language')), nonce))
  }

  app.get(basePath === '' ? '/' : basePath, sendIndex)
  app.get(`${basePath}/*`, async (c, next) => {
    // A missing file with an extension (a stale asset) is a real 404, not the app.
    if (!isIndexPath(c.req.path) && /\.[a-z0-9]+$/i.test(c.req.path)) return next()
    return sendIndex(c)
  })
  return app
}
