import { rowsOf } from '@procura/core/answer'
import {
  ContractInputSchema,
  SupplierContactInputSchema,
  SupplierContractAnswerSchema,
} from '@procura/core/supplier'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { Created, dataOf, Ok } from '../http/schemas'
import { inviteContact } from '../services/suppliers/contact-invitation'
import { listContracts, removeContract, saveContract } from '../services/suppliers/supplier-contracts'
import { deleteSupplierContact, saveSupplierContact } from '../services/suppliers/supplier-write'
import { readBody } from './auth'
/** /bwapi/suppliers: search (spec §7), and the minimal administration orders need. */
import { actor, withId } from './supplier-params'

/** A supplier's contracts: listed, written, renewed and ended. */
export const addSupplierContractRoutes = (app: Hono<AppEnv>, deps: AppDeps) => {
  const withContract = (c: Context<AppEnv>, work: (id: number, contractId: number) => Promise<Response>) => {
    const id = idParam(c)
    const contractId = idParam(c, 'contract')
    return id === null || contractId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id, contractId)
  }
  app.get(
    '/:id/contracts',
    route({
      summary: 'The supplier’s contracts, with their notice deadline and state today',
      tags: ['Suppliers'],
      responses: {
        200: {
          description: 'Contracts',
          schema: rowsOf(SupplierContractAnswerSchema),
        },
      },
    }),
    (c) => withId(c, async (id) => respond(c, await listContracts(deps, actor(c), id))),
  )
  app.post(
    '/:id/contracts',
    route({
      summary: 'Add a contract (buyers, administrators)',
      tags: ['Suppliers'],
      body: ContractInputSchema,
      responses: { 201: { description: 'Added', schema: Created } },
    }),
    (c) =>
      withId(c, async (id) =>
        respond(c, await saveContract(deps, actor(c), id, null, await readBody(c)), 201),
      ),
  )
  app.put(
    '/:id/contracts/:contract',
    route({
      summary: 'Edit a contract',
      tags: ['Suppliers'],
      body: ContractInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withContract(c, async (id, contractId) =>
        respond(c, await saveContract(deps, actor(c), id, contractId, await readBody(c))),
      ),
  )
  app.delete(
    '/:id/contracts/:contract',
    route({
      summary: 'Remove a contract',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) =>
      withContract(c, async (id, contractId) =>
        respond(c, await removeContract(deps, actor(c), id, contractId)),
      ),
  )
  app.post(
    '/:id/contacts',
    route({
      summary: 'Add a contact to a supplier',
      tags: ['Suppliers'],
      body: SupplierContactInputSchema,
      responses: { 201: { description: 'Added', schema: Created } },
    }),
    (c) =>
      withId(c, async (id) =>
        respond(c, await saveSupplierContact(deps, actor(c), id, null, await readBody(c)), 201),
      ),
  )
  app.put(
    '/:id/contacts/:contact',
    route({
      summary: 'Edit a supplier’s contact',
      tags: ['Suppliers'],
      body: SupplierContactInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withId(c, async (id, contactId) =>
        respond(c, await saveSupplierContact(deps, actor(c), id, contactId, await readBody(c))),
      ),
  )
  app.post(
    '/:id/contacts/:contact/invite',
    route({
      summary: 'Invite a contact to the supplier portal (an e-mail with a link to choose its password)',
      tags: ['Suppliers'],
      responses: {
        200: { description: 'Invited', schema: dataOf(z.looseObject({ user_id: z.number().int() })) },
      },
    }),
    (c) =>
      withId(c, async (id, contactId) =>
        respond(
          c,
          await inviteContact({ ...deps, linkBase: linkBaseOf(c, deps.basePath) }, actor(c), id, contactId),
        ),
      ),
  )
  app.delete(
    '/:id/contacts/:contact',
    route({
      summary: 'Remove a contact no order names',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) =>
      withId(c, async (id, contactId) =>
        respond(c, await deleteSupplierContact(deps, actor(c), id, contactId)),
      ),
  )
}
