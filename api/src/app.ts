import { translate } from '@procura/core/errors'
import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { referenceScope } from './db/reference-cache'
import { uniqueViolationError } from './db/unique'
import type { AppDeps, AppEnv } from './http/context'
import { publicUrlMiddleware } from './http/link-base'
import { createMetrics } from './http/metrics'
import { contentSecurityPolicy } from './http/middleware/csp'
import { csrfGuard } from './http/middleware/csrf'
import { jsonBodyGuard } from './http/middleware/json-body'
import { languageMiddleware } from './http/middleware/language'
import { maintenanceGate } from './http/middleware/maintenance'
import { requireUser } from './http/middleware/require-user'
import { sessionMiddleware } from './http/middleware/session'
import { checkResponses } from './http/openapi'
import { refuse } from './http/respond'
import { UnreadableUpload } from './http/upload'
import { accountingRoutes } from './routes/accounting'
import { adminListRoutes } from './routes/admin-lists'
import { apiDocsRoutes } from './routes/api-docs'
import { articlesRoutes } from './routes/articles'
import { authRoutes } from './routes/auth'
import { bankAccountsRoutes } from './routes/bank-accounts'
import { budgetReferenceRoutes, budgetsRoutes } from './routes/budgets'
import { circuitRoutes } from './routes/circuits'
import { dashboardRoutes } from './routes/dashboard'
import { decisionLinksRoutes } from './routes/decision-links'
import { deliveriesRoutes } from './routes/deliveries'
import { expenseReferenceRoutes, expenseReportsRoutes, expensesRoutes } from './routes/expenses'
import { externalChargesRoutes } from './routes/external-charges'
import { frameworkAgreementRoutes } from './routes/framework-agreements'
import { pendingInvoicesRoutes, supplierInvoicesRoutes } from './routes/invoices'
import { layoutRoutes } from './routes/layout'
import { listViewRoutes } from './routes/list-views'
import { maintenanceRoutes } from './routes/maintenance'
import { needsRoutes } from './routes/needs'
import { notificationsRoutes } from './routes/notifications'
import { operationsRoutes } from './routes/operations'
import { paymentGroupsRoutes } from './routes/payment-groups'
import { apiTokenRoutes, platformRoutes } from './routes/platform'
import { punchoutBrowserRoutes, punchoutSettingsRoutes } from './routes/punchout'
import { purchaseOrderRoutes } from './routes/purchase-orders'
import { rfqRoutes } from './routes/rfqs'
import { setupRoutes } from './routes/setup'
import { ssoRoutes } from './routes/sso'
import { supplierReferenceRoutes } from './routes/supplier-references'
import { supplierContractFilesRoutes, suppliersRoutes } from './routes/suppliers'
import { tracesRoutes } from './routes/traces'
import { usersRoutes } from './routes/users'
import { warehousesRoutes } from './routes/warehouses'
import { webAppRoutes } from './routes/web-app'

export type { AppDeps } from './http/context'

/**
 * The whole HTTP surface as a Hono app, without listening: server.ts listens, tests call
 * app.request() in-process.
 */
export const createApp = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const gate = maintenanceGate(deps.db)
  const metrics = (deps.metricsToken ?? null) === null ? null : createMetrics(deps.db, () => deps.clock.now())

  if (deps.responseProblems !== undefined) app.use('/bwapi/*', checkResponses(deps.responseProblems))
  app.use(requestId({ headerName: 'X-Request-Id' }))
  app.use(async (c, next) => {
    const log = deps.logger.child({ request_id: c.get('requestId') })
    c.set('log', log)
    const started = performance.now()
    await next()
    const ms = performance.now() - started
    log.info(`${c.req.method} ${c.req.path} ${c.res.status}`, { ms: Math.round(ms * 10) / 10 })
    metrics?.observe(c, c.res.status, ms / 1000)
  })
  app.use(contentSecurityPolicy(deps.wsPort))
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: false }))
  app.use(languageMiddleware)
  // Each API call reads reference data from the per-process cache, under the version read with its session.
  app.use('/bwapi/*', (_c, next) => referenceScope(deps.db, next))
  const session = sessionMiddleware(deps.db, deps.clock)
  const publicUrl = publicUrlMiddleware(deps.db)
  for (const path of [
    '/bwapi/*',
    '/login',
    '/logout',
    '/sanctum/*',
    '/forgot-password',
    '/reset-password',
    '/sso/*',
  ]) {
    app.use(path, session)
    app.use(path, gate)
    app.use(path, csrfGuard)
    app.use(path, publicUrl)
  }
  app.use('/bwapi/*', requireUser)
  // A body sent as JSON must be JSON (after who is asking is known: a stranger gets 401 first).
  for (const path of ['/bwapi/*', '/login', '/forgot-password', '/reset-password', '/platform/*'])
    app.use(path, jsonBodyGuard)

  app.route('/', operationsRoutes(deps, metrics))
  app.route('/platform', platformRoutes(deps))
  app.route('/', authRoutes(deps))
  app.route('/', ssoRoutes(deps))
  app.route('/bwapi', layoutRoutes(deps))
  app.route('/bwapi', maintenanceRoutes(deps))
  app.route('/bwapi/setup', setupRoutes(deps))
  app.route('/bwapi/decision-links', decisionLinksRoutes(deps))
  // A supplier's PunchOut shop: the way there (OCI, for the session's user) and the basket's way back (docs/domain/punchout.md).
  app.use('/punchout/go/*', session)
  app.route('/punchout', punchoutBrowserRoutes(deps))
  app.route('/bwapi/users', usersRoutes(deps))
  app.route('/bwapi/dashboard', dashboardRoutes(deps))
  app.route('/bwapi/traces', tracesRoutes(deps))
  app.route('/bwapi/budgets', budgetsRoutes(deps))
  app.route('/bwapi', budgetReferenceRoutes(deps))
  app.route('/bwapi/expenses', expensesRoutes(deps))
  app.route('/bwapi/expense-reports', expenseReportsRoutes(deps))
  app.route('/bwapi', expenseReferenceRoutes(deps))
  app.route('/bwapi/notifications', notificationsRoutes(deps))
  app.route('/bwapi/purchase-orders', purchaseOrderRoutes(deps))
  app.route('/bwapi/framework-agreements', frameworkAgreementRoutes(deps))
  app.route('/bwapi/rfqs', rfqRoutes(deps))
  app.route('/bwapi/api-tokens', apiTokenRoutes(deps))
  app.route('/bwapi/deliveries', deliveriesRoutes(deps))
  app.route('/bwapi/supplier-invoices', supplierInvoicesRoutes(deps))
  app.route('/bwapi/pending-invoices', pendingInvoicesRoutes(deps))
  app.route('/bwapi/external-charges', externalChargesRoutes(deps))
  app.route('/bwapi/payment-groups', paymentGroupsRoutes(deps))
  app.route('/bwapi', circuitRoutes(deps))
  app.route('/bwapi/needs', needsRoutes(deps))
  app.route('/bwapi/suppliers', punchoutSettingsRoutes(deps))
  app.route('/bwapi/suppliers', suppliersRoutes(deps))
  app.route('/bwapi/supplier-contracts', supplierContractFilesRoutes(deps))
  app.route('/bwapi', supplierReferenceRoutes(deps))
  app.route('/bwapi/list-views', listViewRoutes(deps))
  app.route('/bwapi', bankAccountsRoutes(deps))
  app.route('/bwapi', adminListRoutes(deps))
  app.route('/bwapi', accountingRoutes(deps))
  app.route('/bwapi/warehouses', warehousesRoutes(deps))
  app.route('/bwapi/articles', articlesRoutes(deps))
  app.route(
    '/bwapi',
    apiDocsRoutes(() => app),
  )

  app.all('/bwapi/*', (c) => refuse(c, { code: 'NOT_FOUND' }))
  if (deps.basePath !== '') app.get('/', (c) => c.redirect(`${deps.basePath}/`, 302))
  app.route('/', webAppRoutes(deps))

  app.notFound((c) => refuse(c, { code: 'NOT_FOUND' }))
  app.onError((error, c) => {
    // Two requests racing past a uniqueness check: the database refused the second one.
    const duplicate = uniqueViolationError(error)
    if (duplicate !== null) return refuse(c, duplicate)
    if (error instanceof UnreadableUpload) return refuse(c, { code: 'UNREADABLE_UPLOAD' })
    const log = c.get('log') ?? deps.logger
    log.error(`${c.req.method} ${c.req.path} failed`, error)
    return c.json(
      {
        message: translate('SERVER_ERROR', undefined, c.get('language') ?? 'en'),
        request_id: c.get('requestId'),
      },
      500,
    )
  })
  return app
}

export type App = ReturnType<typeof createApp>
