import { NamedAnswerSchema, rowsOf } from '@procura/core/answer'
import { ImportAnswerSchema } from '@procura/core/import'
import { ApprovalRolesInputSchema } from '@procura/core/supplier'
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { csvUpload } from '../http/upload'
import { orderActorOf } from '../services/auth/session'
import { importBankAccounts } from '../services/payments/bank-account-import'
import { importContacts } from '../services/suppliers/contact-import'
import { approvalRoles, setApprovalRoles } from '../services/suppliers/supplier-approval'
import { FILE_CATEGORIES, FILE_TYPES, GROUPS, SECTORS } from '../services/suppliers/supplier-references'
import { readBody } from './auth'
import { referenceRoutes } from './reference-routes'

/** What suppliers are described with: sectors, groups, document categories and types, approvers. */
export const supplierReferenceRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.route('/geographic-sectors', referenceRoutes(deps, SECTORS, 'Geographic sectors'))
  app.route('/supplier-groups', referenceRoutes(deps, GROUPS, 'Supplier groups'))
  app.route('/supplier-file-categories', referenceRoutes(deps, FILE_CATEGORIES, 'Supplier documents'))
  app.route('/supplier-file-types', referenceRoutes(deps, FILE_TYPES, 'Supplier documents'))
  const Roles = rowsOf(NamedAnswerSchema)
  app.get(
    '/supplier-approval-roles',
    route({
      summary: 'The roles whose people approve suppliers (none: buyers and administrators)',
      tags: ['Suppliers'],
      responses: { 200: { description: 'Roles', schema: Roles } },
    }),
    async (c) => respond(c, await approvalRoles(deps.db)),
  )
  app.put(
    '/supplier-approval-roles',
    route({
      summary: 'Name the roles that approve suppliers (administrators)',
      tags: ['Suppliers'],
      body: ApprovalRolesInputSchema,
      responses: { 200: { description: 'Roles', schema: Roles } },
    }),
    async (c) => respond(c, await setApprovalRoles(deps, orderActorOf(sessionOf(c)), await readBody(c))),
  )
  // The contacts and bank accounts imports (one engine: all or nothing; ?dry_run=1 checks only).
  for (const [path, summary, run] of [
    ['/supplier-contacts/import', 'Import suppliers’ contacts from a CSV file', importContacts],
    [
      '/supplier-bank-accounts/import',
      'Import suppliers’ bank accounts from a CSV file (each to validate)',
      importBankAccounts,
    ],
  ] as const)
    app.post(
      path,
      route({
        summary: `${summary}; all or nothing; ?dry_run=1 checks only`,
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
          await run(deps, orderActorOf(sessionOf(c)), csvUpload(c), c.get('language'), {
            dryRun: c.req.query('dry_run') === '1',
          }),
        )
      },
    )
  return app
}
