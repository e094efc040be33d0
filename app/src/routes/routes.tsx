import { type ComponentType, lazy, Suspense } from 'react'
import { Navigate, type RouteObject, useParams } from 'react-router'
import { withTexts } from '../i18n/area-texts'
import { GuestOnly, RequireAuth } from '../session/session'
import { Shell } from '../shell/shell'
import {
  AddInWarehouse,
  AddToCart,
  ArticleForm,
  ArticleImport,
  ArticleShow,
} from './catalogue/article-modals'
import { ArticlesPage, WarehousesIndex } from './catalogue/articles-page'
import { StockInPage, TransferPage } from './catalogue/stock-pages'
import { ConfigPage } from './config'
import { Dashboard } from './dashboard'
import { LoginPage } from './login'
import { NeedPage } from './needs/need-page'
import { NeedsList } from './needs/needs-list'
import { NotFound } from './not-found'
import { OrderForm } from './orders/order-form'
import { OrderPage } from './orders/order-page'
import { OrdersList } from './orders/orders-list'
import { ForgotPasswordPage, ResetPasswordPage } from './password'
import { RolesPage } from './roles'
import { SupplierPage } from './suppliers/supplier-page'
import { SuppliersList } from './suppliers/suppliers-list'
import { UserCreate } from './users/user-create'
import {
  NotificationsTab,
  PasswordTab,
  PermissionsTab,
  PreferencesTab,
  ProfileTab,
  UserPage,
} from './users/user-page'
import { UsersList } from './users/users-list'

/**
 * The request form, the circuits and the delegations load on demand: their pickers bring React Aria, which the first page
 * does not need (the first page's script stays within its size budget, docs/benchmarks.md).
 */
/** A page loaded on demand, with a status line while its script arrives. */
const onDemand = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load)
  return () => (
    <Suspense fallback={<p role="status">…</p>}>
      <Page />
    </Suspense>
  )
}
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

/** The route table. Paths are relative to the base path (BASE_PATH, "/app" by default). */
export const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/password-forgotten', element: withTexts(['users'], <ForgotPasswordPage />) },
      { path: '/password-reset/:token', element: withTexts(['users'], <ResetPasswordPage />) },
    ],
  },
  {
    element: <RequireAuth loading={<p role="status">…</p>} />,
    children: [
      {
        path: '/',
        element: <Shell />,
        handle: { crumb: 'shell.dashboard' },
        children: [
          { index: true, element: <Dashboard /> },
          { path: 'config', element: <ConfigPage />, handle: { crumb: 'config.title' } },
          { path: 'roles', element: withTexts(['users'], <RolesPage />), handle: { crumb: 'roles.title' } },
          {
            path: 'circuits',
            element: withTexts(['circuits', 'needs', 'orders', 'payments'], <LazyCircuits />),
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
              { index: true, element: withTexts(['needs', 'orders'], <NeedsList />) },
              { path: 'new', element: withTexts(['needs', 'orders'], <LazyNeedForm />) },
              { path: ':id', element: withTexts(['needs', 'orders'], <NeedPage />) },
              { path: ':id/edit', element: withTexts(['needs', 'orders'], <LazyNeedForm />) },
            ],
          },
          {
            path: 'purchase-orders',
            handle: { crumb: 'orders.title' },
            children: [
              { index: true, element: withTexts(['orders'], <OrdersList />) },
              { path: 'new', element: withTexts(['orders', 'deliveries', 'needs'], <OrderForm />) },
              {
                path: ':id',
                element: withTexts(['orders', 'deliveries', 'invoices', 'needs', 'payments'], <OrderPage />),
              },
              { path: ':id/edit', element: withTexts(['orders', 'deliveries', 'needs'], <OrderForm />) },
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
                element: withTexts(['catalogue', 'needs', 'users', 'orders'], <WarehousesIndex />),
              },
              {
                path: 'transfer',
                element: withTexts(['catalogue', 'orders'], <TransferPage />),
                handle: { crumb: 'catalogue.transfer' },
              },
              {
                path: 'transfer/:purchaseOrder/edit',
                element: withTexts(['catalogue', 'orders'], <TransferPage />),
                handle: { crumb: 'catalogue.transfer' },
              },
              {
                path: ':warehouseId/stock-in',
                element: withTexts(['catalogue', 'orders'], <StockInPage />),
                handle: { crumb: 'catalogue.stockIn' },
              },
              {
                // articles_stock; its modal children: article_stock ({article_id}/show) and the others
                path: ':warehouseId/articles',
                element: withTexts(['catalogue', 'needs', 'users', 'orders'], <ArticlesPage />),
                children: [
                  { path: 'create', element: <ArticleForm /> },
                  { path: 'import', element: <ArticleImport /> },
                  { path: ':articleId/show', element: <ArticleShow /> },
                  { path: ':articleId/edit', element: <ArticleForm /> },
                  { path: ':articleId/add-to-cart', element: <AddToCart /> },
                  { path: ':articleId/add-in-warehouse', element: <AddInWarehouse /> },
                ],
              },
            ],
          },
          {
            path: 'suppliers',
            handle: { crumb: 'suppliers.title' },
            children: [
              { index: true, element: withTexts(['suppliers', 'orders'], <SuppliersList />) },
              { path: 'new', element: withTexts(['suppliers', 'orders'], <SupplierPage />) },
              { path: ':id', element: withTexts(['suppliers', 'orders'], <SupplierPage />) },
            ],
          },
          {
            path: 'users',
            handle: { crumb: 'users.title' },
            children: [
              {
                path: '',
                element: withTexts(['users'], <UsersList />),
                children: [{ path: 'create', element: <UserCreate /> }],
              },
              {
                path: ':id',
                element: withTexts(['users'], <UserPage />),
                children: [
                  { index: true, element: <ToProfile /> },
                  { path: 'profile', element: <ProfileTab /> },
                  { path: 'permissions', element: <PermissionsTab /> },
                  { path: 'notifications', element: <NotificationsTab /> },
                  { path: 'preferences', element: <PreferencesTab /> },
                  { path: 'password', element: <PasswordTab /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]
