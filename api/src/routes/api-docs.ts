import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../http/context'
import { openApiDocument, route } from '../http/openapi'

const require = createRequire(import.meta.url)
const SCALAR = require.resolve('@scalar/api-reference/browser/standalone.js')

/** The reference page: Scalar, served from this server (no CDN), reading the document below. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Procura API reference</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <script id="api-reference" data-url="openapi.json" data-configuration='{"withDefaultFonts":false,"hideClientButton":true,"telemetry":false,"showDeveloperTools":"never","agent":{"disabled":true},"documentDownloadType":"json"}'></script>
    <script src="docs/scalar.js"></script>
  </body>
</html>`

/** Scalar renders with inline styles; everything else stays on this origin. */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ')

const tags = ['API contract'] as const

/**
 * GET /bwapi/openapi.json (the OpenAPI 3.1 document of every declared route) and /bwapi/docs
 * (its browsable reference). Both are public: the contract is no secret, the data is.
 */
export const apiDocsRoutes = (documented: () => Hono<AppEnv>) => {
  const app = new Hono<AppEnv>()
  let document: Promise<unknown> | null = null
  app.get(
    '/openapi.json',
    route({
      summary: 'The OpenAPI 3.1 document of this API',
      tags,
      public: true,
      responses: {
        200: { description: 'The document', schema: z.looseObject({ openapi: z.literal('3.1.0') }) },
      },
    }),
    async (c) => {
      document ??= openApiDocument(documented())
      return c.json(await document)
    },
  )
  app.get(
    '/docs',
    route({
      summary: 'The browsable API reference (Scalar)',
      tags,
      public: true,
      responses: { 200: { description: 'An HTML page', contentType: 'text/html' } },
    }),
    (c) => {
      c.header('Content-Security-Policy', DOCS_POLICY)
      return c.html(
        PAGE.replace('data-url="openapi.json"', 'data-url="/bwapi/openapi.json"').replace(
          'src="docs/scalar.js"',
          'src="/bwapi/docs/scalar.js"',
        ),
      )
    },
  )
  app.get(
    '/docs/scalar.js',
    route({
      summary: 'The reference page’s script',
      tags,
      public: true,
      responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=86400')
      return c.body(await readFile(SCALAR, 'utf8'), 200, { 'content-type': 'text/javascript; charset=utf-8' })
    },
  )
  return app
}
