import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { searchSuppliers } from '../services/purchase-orders/form-data'
import {
  createSupplier,
  deleteSupplierContact,
  getSupplier,
  listSuppliers,
  saveSupplierContact,
  supplierHeader,
  updateSupplier,
} from '../services/suppliers/suppliers'
import { readBody } from './auth'

/** /bwapi/suppliers: search (spec §7), and the minimal administration orders need. */
export const suppliersRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const { db } = deps
  const withId = (c: Context<AppEnv>, work: (id: number, contactId: number) => Promise<Response>) => {
    const id = idParam(c)
    const contactId = c.req.param('contact') === undefined ? 0 : idParam(c, 'contact')
    return id === null || contactId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id, contactId)
  }
  const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))

  app.get('/search', async (c) => c.json({ data: await searchSuppliers(db, c.req.query('search') ?? '') }))
  app.get('/', async (c) => respond(c, await listSuppliers(db, c.req.query())))
  app.post('/', async (c) => respond(c, await createSupplier(deps, actor(c), await readBody(c)), 201))
  app.get('/:id', (c) => withId(c, async (id) => respond(c, await getSupplier(db, id))))
  app.put('/:id', (c) =>
    withId(c, async (id) => respond(c, await updateSupplier(deps, actor(c), id, await readBody(c)))),
  )
  app.get('/:id/header', (c) => withId(c, async (id) => respond(c, await supplierHeader(db, id))))
  app.post('/:id/contacts', (c) =>
    withId(c, async (id) =>
      respond(c, await saveSupplierContact(deps, actor(c), id, null, await readBody(c)), 201),
    ),
  )
  app.put('/:id/contacts/:contact', (c) =>
    withId(c, async (id, contactId) =>
      respond(c, await saveSupplierContact(deps, actor(c), id, contactId, await readBody(c))),
    ),
  )
  app.delete('/:id/contacts/:contact', (c) =>
    withId(c, async (id, contactId) =>
      respond(c, await deleteSupplierContact(deps, actor(c), id, contactId)),
    ),
  )
  return app
}
