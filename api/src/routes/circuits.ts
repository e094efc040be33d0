import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { actorOf } from '../services/auth/session'
import {
  createDelegation,
  deleteDelegation,
  getChart,
  isDocumentType,
  listDelegations,
  replaceChart,
  testCircuit,
} from '../services/purchase-orders/administration'
import { readBody } from './auth'

/** /bwapi/circuits/{type} (administration, circuit test) and /bwapi/delegations. */
export const circuitRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.get('/circuits/:type', async (c) => {
    const type = c.req.param('type')
    return isDocumentType(type)
      ? respond(c, await getChart(deps.db, actorOf(sessionOf(c)), type))
      : refuse(c, { code: 'NOT_FOUND' })
  })
  app.put('/circuits/:type', async (c) => {
    const type = c.req.param('type')
    return isDocumentType(type)
      ? respond(c, await replaceChart(deps, actorOf(sessionOf(c)), type, await readBody(c)))
      : refuse(c, { code: 'NOT_FOUND' })
  })
  app.post('/circuits/:type/test', async (c) => {
    const type = c.req.param('type')
    return isDocumentType(type)
      ? respond(c, await testCircuit(deps.db, actorOf(sessionOf(c)), type, await readBody(c)))
      : refuse(c, { code: 'NOT_FOUND' })
  })
  app.get('/delegations', async (c) => respond(c, await listDelegations(deps.db, actorOf(sessionOf(c)))))
  app.post('/delegations', async (c) =>
    respond(c, await createDelegation(deps, actorOf(sessionOf(c)), await readBody(c)), 201),
  )
  app.delete('/delegations/:id', async (c) => {
    const id = idParam(c)
    return id === null
      ? refuse(c, { code: 'NOT_FOUND' })
      : respond(c, await deleteDelegation(deps, actorOf(sessionOf(c)), id))
  })
  return app
}
