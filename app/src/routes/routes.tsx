import { Navigate, type RouteObject, useParams } from 'react-router'
import { withTexts } from '../i18n/area-texts'
import { GuestOnly, RequireAuth } from '../session/session'
import { Shell } from '../shell/shell'
import {
  LazyAccountingExports,
  LazyAddInWarehouse,
  LazyAddToCart,
  LazyAdminLists,
  LazyAgreementPage,
  LazyAgreementsList,
  LazyApiTokens,
  LazyArticleForm,
  LazyArticleImport,
  LazyArticleShow,
  LazyArticlesPage,
  LazyBudgetAnalysis,
  LazyBudgetPage,
  LazyBudgetSettings,
  LazyBudgetsList,
  LazyCircuits,
  LazyConfigPage,
  LazyCurrencies,
  LazyDashboard,
  LazyDecide,
  LazyDelegations,
  LazyDeliveriesList,
  LazyDeliveryForm,
  LazyDeliveryPage,
  LazyEditExternalCharge,
  LazyEntriesAdmin,
  LazyExpensePage,
  LazyExpenseReportPage,
  LazyExpenseReportsList,
  LazyExpenseSettings,
  LazyExpensesList,
  LazyExternalCharges,
  LazyForgotPassword,
  LazyInvoiceForm,
  LazyInvoicePage,
  LazyInvoicesList,
  LazyMailTemplates,
  LazyMaintenance,
  LazyNeedForm,
  LazyNeedPage,
  LazyNeedsList,
  LazyNewAgreement,
  LazyNewBudget,
  LazyNewExpense,
  LazyNewExpenseReport,
  LazyNewExternalCharge,
  LazyNewRfq,
  LazyNotificationsPage,
  LazyNotificationsTab,
  LazyOrderForm,
  LazyOrderPage,
  LazyOrdersList,
  LazyPasswordTab,
  LazyPayingAccounts,
  LazyPaymentPage,
  LazyPaymentProposal,
  LazyPaymentsList,
  LazyPendingInvoices,
  LazyPermissionsTab,
  LazyPreferencesTab,
  LazyProfileTab,
  LazyReferenceLists,
  LazyResetPassword,
  LazyRfqPage,
  LazyRfqsList,
  LazyRolesPage,
  LazySettings,
  LazySetup,
  LazyStockInPage,
  LazySupplierGroups,
  LazySupplierImport,
  LazySupplierPage,
  LazySupplierSettings,
  LazySuppliersList,
  LazyTracePage,
  LazyTracesList,
  LazyTransferPage,
  LazyUserCreate,
  LazyUserPage,
  LazyUsersList,
  LazyVatEntriesAdmin,
  LazyWarehousesIndex,
} from './lazy-screens'
import { LoginPage } from './login'
import { NotFound } from './not-found'
import { recordAreas } from './on-demand'

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
      { path: '/setup', element: withTexts(['users'], <LazySetup />) },
    ],
  },
  // A validation mail's link: signed in or not, the link is the reader's credential for one decision.
  { path: '/decide/:token', element: withTexts(['circuits'], <LazyDecide />) },
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
