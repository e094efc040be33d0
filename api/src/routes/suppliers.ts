import { rowsOf } from '@procura/core/answer'
import { isoDateIn } from '@procura/core/calendar'
import { ImportAnswerSchema } from '@procura/core/import'
import { ok } from '@procura/core/result'
import {
  ForcedStatusInputSchema,
  SUPPLIER_LIST,
  SupplierAnswerSchema,
  SupplierApprovalAnswerSchema,
  SupplierApprovedAnswerSchema,
  SupplierFileAnswerSchema,
  SupplierInputSchema,
  SupplierRowAnswerSchema,
} from '@procura/core/supplier'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { refuse, respond } from '../http/respond'
import { binary, Created, dataOf, Ok, SearchQuery } from '../http/schemas'
import { csvUpload, download, formOf, formText, uploadedFile } from '../http/upload'
import { searchSuppliers } from '../services/purchase-orders/form-data'
import {
  approveSupplier,
  forceSupplierStatus,
  removeForcedStatus,
  supplierApproval,
} from '../services/suppliers/supplier-approval'
import {
  addSupplierFile,
  listSupplierFiles,
  readSupplierFile,
  removeSupplierFile,
  validateSupplierFile,
} from '../services/suppliers/supplier-files'
import { importSuppliers } from '../services/suppliers/supplier-import'
import {
  listSuppliers,
  SUPPLIER_FILTERS,
  SUPPLIER_SORTS,
  supplierFilterOptions,
  suppliersIndex,
} from '../services/suppliers/supplier-list'
import { createSupplier, updateSupplier } from '../services/suppliers/supplier-write'
import { getSupplier, supplierHeader } from '../services/suppliers/suppliers'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListRoutes } from './list-routes'
import { addSupplierContractRoutes } from './supplier-contract-routes'
import { addSupplierFigureRoutes } from './supplier-figure-routes'
import { actor, withFile, withId } from './supplier-params'

/** /bwapi/suppliers: search (spec §7), and the minimal administration orders need. */
export const suppliersRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const { db } = deps
  app.get(
    '/search',
    route({
      summary: 'Suppliers matching a text (for comboboxes)',
      tags: ['Suppliers'],
      query: SearchQuery,
      responses: {
        200: { description: 'Matches', schema: dataOf(z.array(z.looseObject({ id: z.number().int() }))) },
      },
    }),
    async (c) =>
      c.json({ data: await searchSuppliers(db, c.req.query('search') ?? '', isoDateIn(deps.clock.now())) }),
  )
  addListRoutes(app, '', {
    list: SUPPLIER_LIST,
    row: SupplierRowAnswerSchema,
    tag: 'Suppliers',
    sorts: SUPPLIER_SORTS,
    queryFilters: SUPPLIER_FILTERS,
    index: (c) => ok(suppliersIndex(c.get('language'))),
    read: () => (query) => listSuppliers(db, query),
    options: async (c, field, search, value) =>
      ok(await supplierFilterOptions(db, field, search, c.get('language'), value)),
  })
  app.post(
    '/import',
    route({
      summary:
        'Import suppliers from a CSV file (multipart file, or a text/csv body); all or nothing; ?dry_run=1 checks only',
      tags: ['Suppliers'],
      body: 'multipart',
      responses: {
        200: {
          description: 'Summary and errors per line',
          schema: ImportAnswerSchema,
        },
      },
    }),
    async (c) => {
      return respond(
        c,
        await importSuppliers(deps, actor(c), csvUpload(c), c.get('language'), {
          dryRun: c.req.query('dry_run') === '1',
        }),
      )
    },
  )
  app.post(
    '/',
    route({
      summary: 'Create a supplier (buyers, administrators)',
      tags: ['Suppliers'],
      body: SupplierInputSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await createSupplier(deps, actor(c), await readBody(c)), 201),
  )
  app.get(
    '/:id',
    route({
      summary: 'A supplier with its contacts',
      tags: ['Suppliers'],
      responses: {
        200: {
          description: 'The supplier',
          schema: dataOf(SupplierAnswerSchema),
        },
      },
    }),
    (c) => withId(c, async (id) => respond(c, await getSupplier(db, actor(c), id))),
  )
  app.put(
    '/:id',
    route({
      summary: 'Edit a supplier',
      tags: ['Suppliers'],
      body: SupplierInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) => withId(c, async (id) => respond(c, await updateSupplier(deps, actor(c), id, await readBody(c)))),
  )
  app.get(
    '/:id/header',
    route({
      summary: 'The header of the supplier page',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Header', schema: dataOf(z.looseObject({})) } },
    }),
    (c) => withId(c, async (id) => respond(c, await supplierHeader(db, actor(c), id))),
  )
  app.get(
    '/:id/approval',
    route({
      summary: 'Where the supplier’s approval stands: status today, until when, what stops it, who approves',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Approval', schema: dataOf(SupplierApprovalAnswerSchema) } },
    }),
    (c) => withId(c, async (id) => respond(c, await supplierApproval(deps, actor(c), id, c.get('language')))),
  )
  app.post(
    '/:id/approve',
    route({
      summary: 'Approve (or renew) a supplier: every missing item is named at once',
      tags: ['Suppliers'],
      responses: {
        200: { description: 'Approved', schema: SupplierApprovedAnswerSchema },
      },
    }),
    (c) => withId(c, async (id) => respond(c, await approveSupplier(deps, actor(c), id, c.get('language')))),
  )
  app.post(
    '/:id/force-status',
    route({
      summary: 'Force a supplier’s status until a date (within the maximum duration)',
      tags: ['Suppliers'],
      body: ForcedStatusInputSchema,
      responses: { 200: { description: 'Forced', schema: Ok } },
    }),
    (c) =>
      withId(c, async (id) => respond(c, await forceSupplierStatus(deps, actor(c), id, await readBody(c)))),
  )
  app.post(
    '/:id/remove-forced-status',
    route({
      summary: 'Remove a supplier’s forced status',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) => withId(c, async (id) => respond(c, await removeForcedStatus(deps, actor(c), id))),
  )
  app.get(
    '/:id/files',
    route({
      summary: 'The supplier’s documents, each with its state today',
      tags: ['Suppliers'],
      responses: {
        200: {
          description: 'Documents',
          schema: rowsOf(SupplierFileAnswerSchema),
        },
      },
    }),
    (c) => withId(c, async (id) => respond(c, await listSupplierFiles(deps, actor(c), id))),
  )
  app.post(
    '/:id/files',
    route({
      summary: 'Add a document (multipart: file, type_id or category_id and label, document_date)',
      tags: ['Suppliers'],
      body: 'multipart',
      responses: { 201: { description: 'Added', schema: Created } },
    }),
    (c) =>
      withId(c, async (id) => {
        const form = await formOf(c)
        const fields = Object.fromEntries(
          ['type_id', 'category_id', 'label', 'document_date'].map((name) => [name, formText(form, name)]),
        )
        const upload = { file: await uploadedFile(form, 'file'), fields }
        return respond(c, await addSupplierFile(deps, actor(c), id, upload, c.get('language')), 201)
      }),
  )
  app.get(
    '/:id/files/:file',
    route({
      summary: 'Download a supplier document',
      tags: ['Suppliers'],
      responses: { 200: binary('application/octet-stream', 'The file, with its name') },
    }),
    (c) =>
      withFile(c, async (id, fileId) => {
        const file = await readSupplierFile(deps, actor(c), id, fileId)
        return file.ok ? download(c, file.value.name, file.value.bytes) : refuse(c, file.error)
      }),
  )
  app.post(
    '/:id/files/:file/validate',
    route({
      summary: 'Validate a supplier document (its category’s validator role)',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Validated', schema: Ok } },
    }),
    (c) =>
      withFile(c, async (id, fileId) => respond(c, await validateSupplierFile(deps, actor(c), id, fileId))),
  )
  app.delete(
    '/:id/files/:file',
    route({
      summary: 'Remove a supplier document',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Removed', schema: Ok } },
    }),
    (c) =>
      withFile(c, async (id, fileId) => respond(c, await removeSupplierFile(deps, actor(c), id, fileId))),
  )
  addSupplierFigureRoutes(app, deps)
  addSupplierContractRoutes(app, deps)
  return app
}

/** /bwapi/supplier-contracts/{id}/attachments: a contract's files (the signed copy, its amendments), for buyers. */
export const supplierContractFilesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  addDocumentRoutes(app, deps, 'supplier_contract', { comments: false })
  return app
}
