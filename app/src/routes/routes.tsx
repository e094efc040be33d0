import { Navigate, type RouteObject, useParams } from 'react-router'
import { withTexts } from '../i18n/area-texts'
import { GuestOnly, RequireAuth } from '../session/session'
import { Shell } from '../shell/shell'
import { LoginPage } from './login'
import { NotFound } from './not-found'
import { onDemand, recordAreas } from './on-demand'

/**
 * Every area's pages load on demand, with their texts: the first page carries the shell, the
 * sign-in and the dashboard only, within its size budget (docs/benchmarks.md).
 */
// The dashboard too: its charts are the largest module, and the sign-in page needs none of it.
const LazyDashboard = onDemand(() => import('./dashboard').then((m) => ({ default: m.Dashboard })))
const LazyForgotPassword = onDemand(() =>
  import('./password').then((m) => ({ default: m.ForgotPasswordPage })),
)
const LazyResetPassword = onDemand(() => import('./password').then((m) => ({ default: m.ResetPasswordPage })))
const LazyAddInWarehouse = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.AddInWarehouse })),
)
const LazyAddToCart = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.AddToCart })),
)
const LazyArticleForm = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.ArticleForm })),
)
const LazyArticleImport = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.ArticleImport })),
)
const LazyArticleShow = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.ArticleShow })),
)
const LazyArticlesPage = onDemand(() =>
  import('./catalogue/articles-page').then((m) => ({ default: m.ArticlesPage })),
)
const LazyWarehousesIndex = onDemand(() =>
  import('./catalogue/articles-page').then((m) => ({ default: m.WarehousesIndex })),
)
const LazyStockInPage = onDemand(() =>
  import('./catalogue/stock-pages').then((m) => ({ default: m.StockInPage })),
)
const LazyTransferPage = onDemand(() =>
  import('./catalogue/stock-pages').then((m) => ({ default: m.TransferPage })),
)
const LazyConfigPage = onDemand(() => import('./config').then((m) => ({ default: m.ConfigPage })))
const LazyNeedPage = onDemand(() => import('./needs/need-page').then((m) => ({ default: m.NeedPage })))
const LazyNeedsList = onDemand(() => import('./needs/needs-list').then((m) => ({ default: m.NeedsList })))
const LazyOrderForm = onDemand(() => import('./orders/order-form').then((m) => ({ default: m.OrderForm })))
const LazyOrderPage = onDemand(() => import('./orders/order-page').then((m) => ({ default: m.OrderPage })))
const LazyOrdersList = onDemand(() => import('./orders/orders-list').then((m) => ({ default: m.OrdersList })))
const LazyRolesPage = onDemand(() => import('./roles').then((m) => ({ default: m.RolesPage })))
const LazySupplierPage = onDemand(() =>
  import('./suppliers/supplier-page').then((m) => ({ default: m.SupplierPage })),
)
const LazySupplierSettings = onDemand(() =>
  import('./suppliers/supplier-settings').then((m) => ({ default: m.SupplierSettings })),
)
const LazySupplierGroups = onDemand(() =>
  import('./suppliers/supplier-settings').then((m) => ({ default: m.SupplierGroups })),
)
const LazySuppliersList = onDemand(() =>
  import('./suppliers/suppliers-list').then((m) => ({ default: m.SuppliersList })),
)
const LazySupplierImport = onDemand(() =>
  import('./suppliers/supplier-import').then((m) => ({ default: m.SupplierImport })),
)
const LazyUserCreate = onDemand(() => import('./users/user-create').then((m) => ({ default: m.UserCreate })))
const LazyNotificationsTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.NotificationsTab })),
)
const LazyPasswordTab = onDemand(() => import('./users/user-page').then((m) => ({ default: m.PasswordTab })))
const LazyPermissionsTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.PermissionsTab })),
)
const LazyPreferencesTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.PreferencesTab })),
)
const LazyProfileTab = onDemand(() => import('./users/user-page').then((m) => ({ default: m.ProfileTab })))
const LazyUserPage = onDemand(() => import('./users/user-page').then((m) => ({ default: m.UserPage })))
const LazyUsersList = onDemand(() => import('./users/users-list').then((m) => ({ default: m.UsersList })))
const LazyNeedForm = onDemand(() => import('./needs/need-form').then((m) => ({ default: m.NeedForm })))
const LazyDelegations = onDemand(() => import('./delegations').then((m) => ({ default: m.DelegationsPage })))
const LazyCircuits = onDemand(() => import('./circuits').then((m) => ({ default: m.CircuitsPage })))
const LazyDeliveriesList = onDemand(() =>
  import('./deliveries/deliveries-list').then((m) => ({ default: m.DeliveriesList })),
)
const LazyDeliveryPage = onDemand(() =>
  import('./deliveries/delivery-page').then((m) => ({ default: m.DeliveryPage })),
)
const LazyInvoicesList = onDemand(() =>
  import('./invoices/invoices-list').then((m) => ({ default: m.InvoicesList })),
)
const LazyInvoiceForm = onDemand(() =>
  import('./invoices/invoice-form').then((m) => ({ default: m.InvoiceForm })),
)
const LazyInvoicePage = onDemand(() =>
  import('./invoices/invoice-page').then((m) => ({ default: m.InvoicePage })),
)
const LazyPaymentsList = onDemand(() =>
  import('./payments/payments-list').then((m) => ({ default: m.PaymentsList })),
)
const LazyPaymentPage = onDemand(() =>
  import('./payments/payment-page').then((m) => ({ default: m.PaymentPage })),
)
const LazyPaymentProposal = onDemand(() =>
  import('./payments/payment-proposal').then((m) => ({ default: m.PaymentProposal })),
)
const LazyPayingAccounts = onDemand(() =>
  import('./payments/paying-accounts').then((m) => ({ default: m.PayingAccounts })),
)
const LazyNotificationsPage = onDemand(() =>
  import('./notifications').then((m) => ({ default: m.NotificationsPage })),
)
const LazyBudgetsList = onDemand(() => import('./budgets/budgets').then((m) => ({ default: m.BudgetsList })))
const LazyBudgetPage = onDemand(() =>
  import('./budgets/budget-page').then((m) => ({ default: m.BudgetPage })),
)
const LazyNewBudget = onDemand(() => import('./budgets/budget-form').then((m) => ({ default: m.NewBudget })))
const LazyBudgetSettings = onDemand(() =>
  import('./budgets/budget-settings').then((m) => ({ default: m.BudgetSettings })),
)
const LazyBudgetAnalysis = onDemand(() =>
  import('./budgets/budget-analysis').then((m) => ({ default: m.BudgetAnalysis })),
)
const expenses = () => import('./expenses/expenses')
const reports = () => import('./expenses/expense-reports')
const LazyExpensesList = onDemand(() => expenses().then((m) => ({ default: m.ExpensesList })))
const LazyNewExpense = onDemand(() => expenses().then((m) => ({ default: m.NewExpense })))
const LazyExpensePage = onDemand(() => expenses().then((m) => ({ default: m.ExpensePage })))
const LazyExpenseReportsList = onDemand(() => reports().then((m) => ({ default: m.ExpenseReportsList })))
const LazyNewExpenseReport = onDemand(() => reports().then((m) => ({ default: m.NewExpenseReport })))
const LazyExpenseReportPage = onDemand(() => reports().then((m) => ({ default: m.ExpenseReportPage })))
const LazyExpenseSettings = onDemand(() =>
  import('./expenses/expense-settings').then((m) => ({ default: m.ExpenseSettings })),
)
const charges = () => import('./invoices/external-charges')
const LazyExternalCharges = onDemand(() => charges().then((m) => ({ default: m.ExternalChargesList })))
const LazyNewExternalCharge = onDemand(() => charges().then((m) => ({ default: m.NewExternalCharge })))
const LazyEditExternalCharge = onDemand(() => charges().then((m) => ({ default: m.EditExternalCharge })))
const admin = () => import('./admin/admin-lists')
const LazyReferenceLists = onDemand(() => admin().then((m) => ({ default: m.ReferenceLists })))
const LazySettings = onDemand(() => import('./admin/settings').then((m) => ({ default: m.SettingsPage })))
const agreements = () => import('./sourcing/agreements')
const LazyAgreementsList = onDemand(() => agreements().then((m) => ({ default: m.AgreementsList })))
const LazyNewAgreement = onDemand(() => agreements().then((m) => ({ default: m.NewAgreement })))
const LazyAgreementPage = onDemand(() => agreements().then((m) => ({ default: m.AgreementPage })))
const rfqs = () => import('./sourcing/rfqs')
const LazyApiTokens = onDemand(() => import('./admin/api-tokens').then((m) => ({ default: m.ApiTokensPage })))
const LazyRfqsList = onDemand(() => rfqs().then((m) => ({ default: m.RfqsList })))
const LazyNewRfq = onDemand(() => import('./sourcing/rfq-new').then((m) => ({ default: m.NewRfq })))
const LazyRfqPage = onDemand(() => import('./sourcing/rfq-page').then((m) => ({ default: m.RfqPage })))
const LazyCurrencies = onDemand(() =>
  import('./admin/currencies').then((m) => ({ default: m.CurrenciesPage })),
)
const LazyMailTemplates = onDemand(() =>
  import('./admin/mail-templates').then((m) => ({ default: m.MailTemplatesPage })),
)
const LazyMaintenance = onDemand(() =>
  import('./admin/maintenance').then((m) => ({ default: m.MaintenancePage })),
)
const adminList = (path: string) =>
  onDemand(() => admin().then((m) => ({ default: () => <m.AdminList path={path} /> })))
const ADMIN_LIST_PATHS = [
  'fiscal-periods',
  'companies',
  'departments',
  'allocation1s',
  'allocation2s',
  'allocation3s',
  'allocation4s',
  'product-family-types',
  'product-families',
  'product-subfamilies',
  // The code lists (core/organisation CODE_LISTS, codeListPath), named here to keep zod out of the first page.
  'regions',
  'request-types',
  'countries',
  'incoterms',
  'units',
  'purchase-types',
  'tags',
  'custom-fields',
]
const LazyAdminLists = ADMIN_LIST_PATHS.map((path) => ({ path, Page: adminList(path) }))
const LazyTracesList = onDemand(() => import('./traces').then((m) => ({ default: m.TracesList })))
const LazyTracePage = onDemand(() => import('./traces').then((m) => ({ default: m.TracePage })))
const LazyAccountingExports = onDemand(() =>
  import('./accounting/accounting-exports').then((m) => ({ default: m.AccountingExports })),
)
const LazyEntriesAdmin = onDemand(() =>
  import('./accounting/accounts-admin').then((m) => ({ default: () => <m.AccountsAdmin kind="entries" /> })),
)
const LazyVatEntriesAdmin = onDemand(() =>
  import('./accounting/accounts-admin').then((m) => ({ default: () => <m.AccountsAdmin kind="vat" /> })),
)
const LazyPendingInvoices = onDemand(() =>
  import('./invoices/pending-invoices').then((m) => ({ default: m.PendingInvoices })),
)
const LazyDeliveryForm = onDemand(() =>
  import('./deliveries/delivery-form').then((m) => ({ default: m.DeliveryForm })),
)

const ToProfile = () => <Navigate to={`/users/${useParams().id}/profile`} replace />

/** The signed-in pages, inside the shell (menu, header); each area's pages load ahead when its menu entry shows. */
const shellPages: RouteObject[] = [
  { index: true, element: <LazyDashboard /> },
  { path: 'config', element: <LazyConfigPage />, handle: { crumb: 'config.title' } },
  {
    path: 'roles',
    element: withTexts(['users'], <LazyRolesPage />),
    handle: { crumb: 'roles.title' },
  },
  {
    path: 'circuits',
    element: withTexts(['circuits', 'needs', 'orders', 'payments', 'expenses'], <LazyCircuits />),
    handle: { crumb: 'circuits.title' },
  },
  {
    path: 'delegations',
    element: withTexts(['circuits'], <LazyDelegations />),
    handle: { crumb: 'delegations.title' },
  },
  {
    path: 'needs',
    handle: { crumb: 'needs.title' },
    children: [
      { index: true, element: withTexts(['needs', 'orders'], <LazyNeedsList />) },
      { path: 'new', element: withTexts(['needs', 'orders'], <LazyNeedForm />) },
      { path: ':id', element: withTexts(['needs', 'orders', 'budgets'], <LazyNeedPage />) },
      { path: ':id/edit', element: withTexts(['needs', 'orders'], <LazyNeedForm />) },
    ],
  },
  {
    path: 'purchase-orders',
    handle: { crumb: 'orders.title' },
    children: [
      { index: true, element: withTexts(['orders'], <LazyOrdersList />) },
      { path: 'new', element: withTexts(['orders', 'deliveries', 'needs'], <LazyOrderForm />) },
      {
        path: ':id',
        element: withTexts(
          ['orders', 'deliveries', 'invoices', 'needs', 'payments', 'budgets'],
          <LazyOrderPage />,
        ),
      },
      { path: ':id/edit', element: withTexts(['orders', 'deliveries', 'needs'], <LazyOrderForm />) },
      { path: ':id/receive', element: withTexts(['deliveries', 'orders'], <LazyDeliveryForm />) },
    ],
  },
  {
    path: 'supplier-invoices',
    handle: { crumb: 'invoices.title' },
    children: [
      { index: true, element: withTexts(['invoices'], <LazyInvoicesList />) },
      { path: 'new', element: withTexts(['invoices', 'orders'], <LazyInvoiceForm />) },
      {
        path: ':id',
        element: withTexts(['invoices', 'accounting', 'needs', 'orders'], <LazyInvoicePage />),
      },
      { path: ':id/edit', element: withTexts(['invoices', 'orders'], <LazyInvoiceForm />) },
    ],
  },
  {
    path: 'external-charges',
    handle: { crumb: 'invoices.charges.title' },
    children: [
      { index: true, element: withTexts(['invoices'], <LazyExternalCharges />) },
      { path: 'create', element: withTexts(['invoices'], <LazyNewExternalCharge />) },
      {
        path: ':id',
        element: withTexts(['invoices', 'accounting', 'needs', 'orders'], <LazyInvoicePage />),
      },
      { path: ':id/edit', element: withTexts(['invoices'], <LazyEditExternalCharge />) },
    ],
  },
  {
    path: 'payments',
    handle: { crumb: 'payments.title' },
    children: [
      { index: true, element: withTexts(['payments'], <LazyPaymentsList />) },
      { path: 'new', element: withTexts(['payments', 'suppliers'], <LazyPaymentProposal />) },
      { path: 'accounts', element: withTexts(['payments', 'suppliers'], <LazyPayingAccounts />) },
      { path: ':id', element: withTexts(['payments', 'suppliers', 'needs'], <LazyPaymentPage />) },
    ],
  },
  {
    path: 'notifications',
    handle: { crumb: 'notifications.title' },
    element: <LazyNotificationsPage />,
  },
  {
    path: 'budgets',
    handle: { crumb: 'budgets.title' },
    children: [
      { index: true, element: withTexts(['budgets'], <LazyBudgetsList />) },
      { path: 'new', element: withTexts(['budgets'], <LazyNewBudget />) },
      { path: ':id', element: withTexts(['budgets', 'orders'], <LazyBudgetPage />) },
    ],
  },
  {
    path: 'expenses',
    handle: { crumb: 'expenses.title' },
    children: [
      { index: true, element: withTexts(['expenses'], <LazyExpensesList />) },
      { path: 'new', element: withTexts(['expenses'], <LazyNewExpense />) },
      { path: ':id', element: withTexts(['expenses'], <LazyExpensePage />) },
    ],
  },
  {
    path: 'expense-reports',
    handle: { crumb: 'expenses.reports.title' },
    children: [
      { index: true, element: withTexts(['expenses'], <LazyExpenseReportsList />) },
      { path: 'new', element: withTexts(['expenses'], <LazyNewExpenseReport />) },
      { path: ':id', element: withTexts(['expenses', 'payments'], <LazyExpenseReportPage />) },
    ],
  },
  {
    path: 'settings',
    handle: { crumb: 'admin.settings.title' },
    element: withTexts(['admin'], <LazySettings />),
  },
  {
    path: 'framework-agreements',
    handle: { crumb: 'sourcing.agreements.title' },
    children: [
      { index: true, element: withTexts(['sourcing'], <LazyAgreementsList />) },
      { path: 'new', element: withTexts(['sourcing', 'orders', 'needs'], <LazyNewAgreement />) },
      { path: ':id', element: withTexts(['sourcing'], <LazyAgreementPage />) },
    ],
  },
  {
    path: 'rfqs',
    handle: { crumb: 'sourcing.rfqs.title' },
    children: [
      { index: true, element: withTexts(['sourcing'], <LazyRfqsList />) },
      { path: 'new', element: withTexts(['sourcing', 'orders', 'needs'], <LazyNewRfq />) },
      { path: ':id', element: withTexts(['sourcing', 'orders'], <LazyRfqPage />) },
    ],
  },
  {
    path: 'currencies',
    handle: { crumb: 'admin.currencies.title' },
    element: withTexts(['admin'], <LazyCurrencies />),
  },
  {
    path: 'api-tokens',
    handle: { crumb: 'admin.apiTokens.title' },
    element: withTexts(['admin'], <LazyApiTokens />),
  },
  {
    path: 'mail-templates',
    handle: { crumb: 'admin.mails.title' },
    element: withTexts(['admin'], <LazyMailTemplates />),
  },
  {
    path: 'maintenance',
    handle: { crumb: 'admin.maintenance.title' },
    element: withTexts(['admin'], <LazyMaintenance />),
  },
  {
    path: 'reference-lists',
    handle: { crumb: 'admin.lists.title' },
    element: withTexts(['admin'], <LazyReferenceLists />),
  },
  ...LazyAdminLists.map(({ path, Page }) => ({
    path,
    handle: { crumb: `admin.lists.${path}` },
    children: [
      { index: true, element: withTexts(['admin'], <Page />) },
      { path: ':id/:action', element: withTexts(['admin'], <Page />) },
    ],
  })),
  {
    path: 'expense-settings',
    handle: { crumb: 'expenses.settings.title' },
    element: withTexts(['expenses'], <LazyExpenseSettings />),
  },
  {
    path: 'budget-analysis',
    handle: { crumb: 'budgets.analysis' },
    element: withTexts(['budgets'], <LazyBudgetAnalysis />),
  },
  {
    path: 'budget-settings',
    handle: { crumb: 'budgets.settings' },
    element: withTexts(['budgets'], <LazyBudgetSettings />),
  },
  {
    path: 'traces',
    handle: { crumb: 'traces.title' },
    children: [
      { index: true, element: <LazyTracesList /> },
      { path: ':id', element: <LazyTracePage /> },
    ],
  },
  {
    path: 'accounting-exports',
    element: withTexts(['accounting', 'invoices'], <LazyAccountingExports />),
    handle: { crumb: 'accounting.exportsTitle' },
  },
  {
    path: 'accounting-entries',
    element: withTexts(['accounting', 'invoices'], <LazyEntriesAdmin />),
    handle: { crumb: 'accounting.entriesTitle' },
  },
  {
    path: 'accounting-vat-entries',
    element: withTexts(['accounting', 'invoices'], <LazyVatEntriesAdmin />),
    handle: { crumb: 'accounting.vatTitle' },
  },
  {
    path: 'pending-invoices',
    element: withTexts(['invoices'], <LazyPendingInvoices />),
    handle: { crumb: 'invoices.pendingTitle' },
  },
  {
    path: 'deliveries',
    handle: { crumb: 'deliveries.title' },
    children: [
      { index: true, element: withTexts(['deliveries'], <LazyDeliveriesList />) },
      { path: ':id', element: withTexts(['deliveries', 'orders'], <LazyDeliveryPage />) },
    ],
  },
  {
    path: 'warehouses',
    handle: { crumb: 'catalogue.title' },
    children: [
      {
        index: true,
        element: withTexts(['catalogue', 'needs', 'users', 'orders'], <LazyWarehousesIndex />),
      },
      {
        path: 'transfer',
        element: withTexts(['catalogue', 'orders'], <LazyTransferPage />),
        handle: { crumb: 'catalogue.transfer' },
      },
      {
        path: 'transfer/:purchaseOrder/edit',
        element: withTexts(['catalogue', 'orders'], <LazyTransferPage />),
        handle: { crumb: 'catalogue.transfer' },
      },
      {
        path: ':warehouseId/stock-in',
        element: withTexts(['catalogue', 'orders'], <LazyStockInPage />),
        handle: { crumb: 'catalogue.stockIn' },
      },
      {
        // articles_stock; its modal children: article_stock ({article_id}/show) and the others
        path: ':warehouseId/articles',
        element: withTexts(['catalogue', 'needs', 'users', 'orders'], <LazyArticlesPage />),
        children: [
          { path: 'create', element: <LazyArticleForm /> },
          { path: 'import', element: <LazyArticleImport /> },
          { path: ':articleId/show', element: <LazyArticleShow /> },
          { path: ':articleId/edit', element: <LazyArticleForm /> },
          { path: ':articleId/add-to-cart', element: <LazyAddToCart /> },
          { path: ':articleId/add-in-warehouse', element: <LazyAddInWarehouse /> },
        ],
      },
    ],
  },
  {
    path: 'suppliers',
    handle: { crumb: 'suppliers.title' },
    children: [
      {
        path: '',
        element: withTexts(['suppliers', 'orders'], <LazySuppliersList />),
        children: [{ path: 'import', element: <LazySupplierImport /> }],
      },
      { path: 'new', element: withTexts(['suppliers', 'orders'], <LazySupplierPage />) },
      { path: ':id', element: withTexts(['suppliers', 'orders'], <LazySupplierPage />) },
    ],
  },
  {
    path: 'supplier-groups',
    handle: { crumb: 'suppliers.settings.groups' },
    element: withTexts(['suppliers'], <LazySupplierGroups />),
  },
  {
    path: 'supplier-settings',
    handle: { crumb: 'suppliers.settings.title' },
    element: withTexts(['suppliers'], <LazySupplierSettings />),
  },
  {
    path: 'users',
    handle: { crumb: 'users.title' },
    children: [
      {
        path: '',
        element: withTexts(['users'], <LazyUsersList />),
        children: [{ path: 'create', element: <LazyUserCreate /> }],
      },
      {
        path: ':id',
        element: withTexts(['users'], <LazyUserPage />),
        children: [
          { index: true, element: <ToProfile /> },
          { path: 'profile', element: <LazyProfileTab /> },
          { path: 'permissions', element: <LazyPermissionsTab /> },
          { path: 'notifications', element: <LazyNotificationsTab /> },
          { path: 'preferences', element: <LazyPreferencesTab /> },
          { path: 'password', element: <LazyPasswordTab /> },
        ],
      },
    ],
  },
]
recordAreas(shellPages)

/** The route table. Paths are relative to the base path (BASE_PATH, "/app" by default). */
export const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/password-forgotten', element: withTexts(['users'], <LazyForgotPassword />) },
      { path: '/password-reset/:token', element: withTexts(['users'], <LazyResetPassword />) },
    ],
  },
  {
    element: <RequireAuth loading={<p role="status">…</p>} />,
    children: [
      {
        path: '/',
        element: <Shell />,
        handle: { crumb: 'shell.dashboard' },
        children: shellPages,
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]
