import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import {
  needBulkAction,
  needContextualMenu,
  needFilterOptions,
  needsIndex,
} from '../services/needs/list-conventions'
import {
  applyNeedAction,
  createNeed,
  duplicateNeed,
  getNeed,
  listNeeds,
  mergeNeeds,
  transformNeeds,
  updateNeed,
} from '../services/needs/needs'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'

/** /bwapi/needs: purchase requests. */
export const needsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  /** Actions may e-mail validators: their link points where the browser reached the app. */
  const withLink = (c: Context<AppEnv>) => ({ ...deps, linkBase: linkBaseOf(c, deps.basePath) })
  app.get('/', async (c) => respond(c, await listNeeds(deps.db, orderActorOf(sessionOf(c)), c.req.query())))
  app.post('/', async (c) =>
    respond(c, await createNeed(deps, orderActorOf(sessionOf(c)), await readBody(c)), 201),
  )
  app.get('/index', (c) => c.json(needsIndex(c.get('language'))))
  app.get('/filter-list/:field', (c) => {
    const options = needFilterOptions(c.req.param('field'), c.req.query('search') ?? '', c.get('language'))
    return options === null ? refuse(c, { code: 'NOT_FOUND' }) : c.json({ data: options })
  })
  app.post('/do-bulk-action', async (c) =>
    respond(
      c,
      await needBulkAction(withLink(c), orderActorOf(sessionOf(c)), await readBody(c), c.get('language')),
    ),
  )
  app.get('/:id/contextual-menu', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await needContextualMenu(deps, orderActorOf(sessionOf(c)), id, c.get('language')))
  })
  app.post('/merge', async (c) =>
    respond(c, await mergeNeeds(deps, orderActorOf(sessionOf(c)), await readBody(c))),
  )
  app.post('/transform', async (c) =>
    respond(c, await transformNeeds(deps, orderActorOf(sessionOf(c)), await readBody(c)), 201),
  )
  app.get('/:id', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await getNeed(deps.db, orderActorOf(sessionOf(c)), id))
  })
  app.put('/:id', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await updateNeed(deps, orderActorOf(sessionOf(c)), id, await readBody(c)))
  })
  app.post('/:id/duplicate', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await duplicateNeed(deps, orderActorOf(sessionOf(c)), id), 201)
  })
  addDocumentRoutes(app, deps, 'need')
  app.post('/:id/:action', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await applyNeedAction(withLink(c), orderActorOf(sessionOf(c)), id, c.req.param('action')))
  })
  return app
}
