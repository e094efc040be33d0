import { configurationPage } from '@procura/core/configuration'
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { initInfos } from '../services/init-infos'

/** GET /bwapi/config and GET /bwapi/init-infos. */
export const configRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/config', (c) => c.json(configurationPage(c.get('language'))))
    .get('/init-infos', async (c) =>
      c.json(
        await initInfos(deps.db, {
          language: c.get('language'),
          basePath: deps.basePath,
          wsPort: deps.wsPort,
        }),
      ),
    )
