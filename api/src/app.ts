import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AppDeps, AppEnv } from './http/context'
import { languageMiddleware } from './http/middleware/language'
import { maintenanceGate } from './http/middleware/maintenance'
import { refuse } from './http/respond'
import { configRoutes } from './routes/config'
import { webAppRoutes } from './routes/web-app'

export type { AppDeps } from './http/context'

/**
 * The whole HTTP surface as a Hono app, without listening: server.ts listens, tests call
 * app.request() in-process.
 */
export const createApp = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const gate = maintenanceGate(deps.db)

  app.use(secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: false }))
  app.use(languageMiddleware)
  for (const path of ['/bwapi/*', '/login', '/logout', '/sanctum/*']) app.use(path, gate)

  app.route('/bwapi', configRoutes(deps))

  app.all('/bwapi/*', (c) => refuse(c, { code: 'NOT_FOUND' }))
  if (deps.basePath !== '') app.get('/', (c) => c.redirect(`${deps.basePath}/`, 302))
  app.route('/', webAppRoutes(deps))

  app.notFound((c) => refuse(c, { code: 'NOT_FOUND' }))
  app.onError((error, c) => {
    deps.logger.error(`${c.req.method} ${c.req.path} failed`, error)
    return refuse(c, { code: 'SERVER_ERROR' })
  })
  return app
}

export type App = ReturnType<typeof createApp>
