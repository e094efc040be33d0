import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import { ImportAnswerSchema } from '@procura/core/import'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import {
  AccountingTurnoverChartSchema,
  AdditionalRatingChartSchema,
  AnnualRatingChartSchema,
  CertificationChartSchema,
  ContractInputSchema,
  ForcedStatusInputSchema,
  PerformanceChartSchema,
  RatingInputSchema,
  SafetyInputSchema,
  SecurityChartSchema,
  SUPPLIER_LIST,
  SupplierContactInputSchema,
  SupplierInputSchema,
  SupplierMonitoringSchema,
  TurnoverChartSchema,
  TurnoverInputSchema,
} from '@procura/core/supplier'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { linkBaseOf } from '../http/link-base'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import {
  binary,
  Created,
  dataOf,
  FilterOptions,
  ListIndex,
  listOf,
  listQuery,
  Ok,
  SearchQuery,
  SupplierRow,
} from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { csvUpload, download, formOf, formText, uploadedFile } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import { searchSuppliers } from '../services/purchase-orders/form-data'
import { inviteContact } from '../services/suppliers/contact-invitation'
import {
  approveSupplier,
  forceSupplierStatus,
  removeForcedStatus,
  supplierApproval,
} from '../services/suppliers/supplier-approval'
import {
  accountingTurnoverChart,
  additionalRatingChart,
  annualRatingChart,
  certificationChart,
  performanceChart,
  SUPPLIER_CHARTS,
  securityChart,
  turnoverChart,
} from '../services/suppliers/supplier-charts'
import { listContracts, removeContract, saveContract } from '../services/suppliers/supplier-contracts'
import {
  addRating,
  declareTurnover,
  recordSafety,
  supplierMonitoring,
} from '../services/suppliers/supplier-figures'
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
import {
  createSupplier,
  deleteSupplierContact,
  saveSupplierContact,
  updateSupplier,
} from '../services/suppliers/supplier-write'
import { getSupplier, supplierHeader } from '../services/suppliers/suppliers'
import { readBody } from './auth'
import { addDocumentRoutes } from './documents'
import { addListExport } from './list-export'

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
  const withFile = (c: Context<AppEnv>, work: (id: number, fileId: number) => Promise<Response>) => {
    const id = idParam(c)
    const fileId = idParam(c, 'file')
    return id === null || fileId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id, fileId)
  }

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
  app.get(
    '/',
    route({
      summary: 'Suppliers, one page',
      tags: ['Suppliers'],
      query: listQuery(SUPPLIER_SORTS, SUPPLIER_FILTERS),
      responses: { 200: { description: 'A page of suppliers', schema: listOf(SupplierRow) } },
    }),
    async (c) => respond(c, await listSuppliers(db, c.req.query())),
  )
  app.get(
    '/index',
    route({
      summary: 'Columns, filters and bulk actions of the suppliers list',
      tags: ['Suppliers'],
      responses: { 200: { description: 'List index', schema: ListIndex } },
    }),
    (c) => c.json(suppliersIndex(c.get('language'))),
  )
  app.get(
    '/filter-list/:field',
    route({
      summary: 'The options of one filter of the suppliers list',
      tags: ['Suppliers'],
      query: SearchQuery,
      responses: { 200: { description: 'Options', schema: FilterOptions } },
    }),
    async (c) => {
      const options = await supplierFilterOptions(
        db,
        c.req.param('field'),
        c.req.query('search') ?? '',
        c.get('language'),
        c.req.query('value'),
      )
      return options === null ? refuse(c, { code: 'NOT_FOUND' }) : c.json({ data: options })
    },
  )
  addListExport(app, SUPPLIER_LIST, 'Suppliers', () => (query) => listSuppliers(db, query))
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
          schema: dataOf(
            SupplierRow.extend({
              contacts: z.array(z.looseObject({ id: z.number().int(), name: z.string(), email: z.string() })),
            }),
          ),
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
      responses: { 200: { description: 'Approval', schema: dataOf(z.looseObject({ status: z.string() })) } },
    }),
    (c) => withId(c, async (id) => respond(c, await supplierApproval(deps, actor(c), id, c.get('language')))),
  )
  app.post(
    '/:id/approve',
    route({
      summary: 'Approve (or renew) a supplier: every missing item is named at once',
      tags: ['Suppliers'],
      responses: {
        200: { description: 'Approved', schema: dataOf(z.looseObject({ approved_until: z.string() })) },
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
          schema: dataOf(z.array(z.looseObject({ id: z.number().int(), state: z.string() }))),
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
  const chart = (
    name: string,
    summary: string,
    schema: z.ZodType,
    read: (deps: AppDeps, actor: OrderActor, id: number) => Promise<Result<{ data: unknown }, DomainError>>,
  ) =>
    app.get(
      `/:id/charts/${name}`,
      route({
        summary,
        tags: ['Supplier charts'],
        responses: { 200: { description: 'The chart’s figures', schema: dataOf(schema) } },
      }),
      (c) => withId(c, async (id) => respond(c, await read(deps, actor(c), id))),
    )
  const figure = (
    name: string,
    summary: string,
    body: z.ZodType,
    write: (
      deps: AppDeps,
      actor: OrderActor,
      id: number,
      input: unknown,
    ) => Promise<Result<unknown, DomainError>>,
  ) =>
    app.post(
      `/:id/charts/${name}`,
      route({
        summary,
        tags: ['Supplier charts'],
        body,
        responses: { 201: { description: 'Recorded', schema: Created } },
      }),
      (c) => withId(c, async (id) => respond(c, await write(deps, actor(c), id, await readBody(c)), 201)),
    )
  app.get(
    '/:id/charts',
    route({
      summary: 'The supplier’s charts: which exist and where their figures are',
      tags: ['Supplier charts'],
      responses: {
        200: { description: 'Charts', schema: dataOf(z.array(z.looseObject({ name: z.string() }))) },
      },
    }),
    (c) =>
      withId(c, async (id) =>
        c.json({
          data: SUPPLIER_CHARTS.map((name) => ({ name, path: `/bwapi/suppliers/${id}/charts/${name}` })),
        }),
      ),
  )
  chart(
    'turnover',
    'Ordered from it month by month over 24 months, and the turnover it declared',
    TurnoverChartSchema,
    turnoverChart,
  )
  chart(
    'annual_rating',
    'The last three years’ OTD, OQD, HSE, rating and overall score',
    AnnualRatingChartSchema,
    annualRatingChart,
  )
  chart(
    'additional_rating',
    'The buyers’ ratings and each criterion’s mean over 12 months',
    AdditionalRatingChartSchema,
    additionalRatingChart,
  )
  chart(
    'certification',
    'Its documents in the certification chart: valid, expiring, expired',
    CertificationChartSchema,
    certificationChart,
  )
  chart(
    'performance',
    'On-time and on-quality deliveries over 12 rolling months',
    PerformanceChartSchema,
    performanceChart,
  )
  chart('security', 'TF1, TF2, TG and HSE over 12 rolling months', SecurityChartSchema, securityChart)
  chart(
    'accounting_turnover',
    'What it invoiced month by month over 24 months',
    AccountingTurnoverChartSchema,
    accountingTurnoverChart,
  )
  figure('additional_rating', 'Rate the supplier on a criterion (1 to 5)', RatingInputSchema, addRating)
  figure('security', 'Record a month’s safety figures', SafetyInputSchema, recordSafety)
  figure('turnover', 'Record the turnover it declared for a year', TurnoverInputSchema, declareTurnover)
  app.get(
    '/:id/monitoring',
    route({
      summary:
        'What the statistics job kept of the supplier’s 12 months, each surveilled figure against its objective',
      tags: ['Supplier charts'],
      responses: { 200: { description: 'Its monitoring', schema: dataOf(SupplierMonitoringSchema) } },
    }),
    (c) => withId(c, async (id) => respond(c, await supplierMonitoring(deps, actor(c), id))),
  )
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
          schema: dataOf(z.array(z.looseObject({ id: z.number().int(), state: z.string() }))),
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
  return app
}

/** /bwapi/supplier-contracts/{id}/attachments: a contract's files (the signed copy, its amendments), for buyers. */
export const supplierContractFilesRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  addDocumentRoutes(app, deps, 'supplier_contract', { comments: false })
  return app
}
