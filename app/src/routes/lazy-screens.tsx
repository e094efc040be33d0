import { onDemand } from './on-demand'

/**
 * Every area's pages load on demand, with their texts: the first page carries the shell, the
 * sign-in and the dashboard only, within its size budget (docs/benchmarks.md).
 */
// The dashboard too: its charts are the largest module, and the sign-in page needs none of it.
export const LazyDashboard = onDemand(() => import('./dashboard').then((m) => ({ default: m.Dashboard })))
export const LazyForgotPassword = onDemand(() =>
  import('./password').then((m) => ({ default: m.ForgotPasswordPage })),
)
export const LazyResetPassword = onDemand(() =>
  import('./password').then((m) => ({ default: m.ResetPasswordPage })),
)
export const LazySetup = onDemand(() => import('./setup').then((m) => ({ default: m.SetupPage })))
export const LazyDecide = onDemand(() => import('./decide').then((m) => ({ default: m.DecidePage })))
export const LazyAddInWarehouse = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.AddInWarehouse })),
)
export const LazyAddToCart = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.AddToCart })),
)
export const LazyArticleForm = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.ArticleForm })),
)
export const LazyArticleImport = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.ArticleImport })),
)
export const LazyArticleShow = onDemand(() =>
  import('./catalogue/article-modals').then((m) => ({ default: m.ArticleShow })),
)
export const LazyArticlesPage = onDemand(() =>
  import('./catalogue/articles-page').then((m) => ({ default: m.ArticlesPage })),
)
export const LazyWarehousesIndex = onDemand(() =>
  import('./catalogue/articles-page').then((m) => ({ default: m.WarehousesIndex })),
)
export const LazyStockInPage = onDemand(() =>
  import('./catalogue/stock-pages').then((m) => ({ default: m.StockInPage })),
)
export const LazyTransferPage = onDemand(() =>
  import('./catalogue/stock-pages').then((m) => ({ default: m.TransferPage })),
)
export const LazyConfigPage = onDemand(() => import('./config').then((m) => ({ default: m.ConfigPage })))
export const LazyNeedPage = onDemand(() => import('./needs/need-page').then((m) => ({ default: m.NeedPage })))
export const LazyNeedsList = onDemand(() =>
  import('./needs/needs-list').then((m) => ({ default: m.NeedsList })),
)
export const LazyOrderForm = onDemand(() =>
  import('./orders/order-form').then((m) => ({ default: m.OrderForm })),
)
export const LazyOrderPage = onDemand(() =>
  import('./orders/order-page').then((m) => ({ default: m.OrderPage })),
)
export const LazyOrdersList = onDemand(() =>
  import('./orders/orders-list').then((m) => ({ default: m.OrdersList })),
)
export const LazyRolesPage = onDemand(() => import('./roles').then((m) => ({ default: m.RolesPage })))
export const LazySupplierPage = onDemand(() =>
  import('./suppliers/supplier-page').then((m) => ({ default: m.SupplierPage })),
)
export const LazySupplierSettings = onDemand(() =>
  import('./suppliers/supplier-settings').then((m) => ({ default: m.SupplierSettings })),
)
export const LazySupplierGroups = onDemand(() =>
  import('./suppliers/supplier-settings').then((m) => ({ default: m.SupplierGroups })),
)
export const LazySuppliersList = onDemand(() =>
  import('./suppliers/suppliers-list').then((m) => ({ default: m.SuppliersList })),
)
export const LazySupplierImport = onDemand(() =>
  import('./suppliers/supplier-import').then((m) => ({ default: m.SupplierImport })),
)
export const LazyUserCreate = onDemand(() =>
  import('./users/user-create').then((m) => ({ default: m.UserCreate })),
)
export const LazyNotificationsTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.NotificationsTab })),
)
export const LazyPasswordTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.PasswordTab })),
)
export const LazyPermissionsTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.PermissionsTab })),
)
export const LazyPreferencesTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.PreferencesTab })),
)
export const LazyProfileTab = onDemand(() =>
  import('./users/user-page').then((m) => ({ default: m.ProfileTab })),
)
export const LazyUserPage = onDemand(() => import('./users/user-page').then((m) => ({ default: m.UserPage })))
export const LazyUsersList = onDemand(() =>
  import('./users/users-list').then((m) => ({ default: m.UsersList })),
)
export const LazyNeedForm = onDemand(() => import('./needs/need-form').then((m) => ({ default: m.NeedForm })))
export const LazyDelegations = onDemand(() =>
  import('./delegations').then((m) => ({ default: m.DelegationsPage })),
)
export const LazyCircuits = onDemand(() => import('./circuits').then((m) => ({ default: m.CircuitsPage })))
export const LazyDeliveriesList = onDemand(() =>
  import('./deliveries/deliveries-list').then((m) => ({ default: m.DeliveriesList })),
)
export const LazyDeliveryPage = onDemand(() =>
  import('./deliveries/delivery-page').then((m) => ({ default: m.DeliveryPage })),
)
export const LazyInvoicesList = onDemand(() =>
  import('./invoices/invoices-list').then((m) => ({ default: m.InvoicesList })),
)
export const LazyInvoiceForm = onDemand(() =>
  import('./invoices/invoice-form').then((m) => ({ default: m.InvoiceForm })),
)
export const LazyInvoicePage = onDemand(() =>
  import('./invoices/invoice-page').then((m) => ({ default: m.InvoicePage })),
)
export const LazyPaymentsList = onDemand(() =>
  import('./payments/payments-list').then((m) => ({ default: m.PaymentsList })),
)
export const LazyPaymentPage = onDemand(() =>
  import('./payments/payment-page').then((m) => ({ default: m.PaymentPage })),
)
export const LazyPaymentProposal = onDemand(() =>
  import('./payments/payment-proposal').then((m) => ({ default: m.PaymentProposal })),
)
export const LazyPayingAccounts = onDemand(() =>
  import('./payments/paying-accounts').then((m) => ({ default: m.PayingAccounts })),
)
export const LazyNotificationsPage = onDemand(() =>
  import('./notifications').then((m) => ({ default: m.NotificationsPage })),
)
export const LazyBudgetsList = onDemand(() =>
  import('./budgets/budgets').then((m) => ({ default: m.BudgetsList })),
)
export const LazyBudgetPage = onDemand(() =>
  import('./budgets/budget-page').then((m) => ({ default: m.BudgetPage })),
)
export const LazyNewBudget = onDemand(() =>
  import('./budgets/budget-form').then((m) => ({ default: m.NewBudget })),
)
export const LazyBudgetSettings = onDemand(() =>
  import('./budgets/budget-settings').then((m) => ({ default: m.BudgetSettings })),
)
export const LazyBudgetAnalysis = onDemand(() =>
  import('./budgets/budget-analysis').then((m) => ({ default: m.BudgetAnalysis })),
)
export const expenses = () => import('./expenses/expenses')
export const reports = () => import('./expenses/expense-reports')
export const LazyExpensesList = onDemand(() => expenses().then((m) => ({ default: m.ExpensesList })))
export const LazyNewExpense = onDemand(() => expenses().then((m) => ({ default: m.NewExpense })))
export const LazyExpensePage = onDemand(() => expenses().then((m) => ({ default: m.ExpensePage })))
export const LazyExpenseReportsList = onDemand(() =>
  reports().then((m) => ({ default: m.ExpenseReportsList })),
)
export const LazyNewExpenseReport = onDemand(() => reports().then((m) => ({ default: m.NewExpenseReport })))
export const LazyExpenseReportPage = onDemand(() => reports().then((m) => ({ default: m.ExpenseReportPage })))
export const LazyExpenseSettings = onDemand(() =>
  import('./expenses/expense-settings').then((m) => ({ default: m.ExpenseSettings })),
)
export const charges = () => import('./invoices/external-charges')
export const LazyExternalCharges = onDemand(() => charges().then((m) => ({ default: m.ExternalChargesList })))
export const LazyNewExternalCharge = onDemand(() => charges().then((m) => ({ default: m.NewExternalCharge })))
export const LazyEditExternalCharge = onDemand(() =>
  charges().then((m) => ({ default: m.EditExternalCharge })),
)
export const admin = () => import('./admin/admin-lists')
export const LazyReferenceLists = onDemand(() => admin().then((m) => ({ default: m.ReferenceLists })))
export const LazySettings = onDemand(() =>
  import('./admin/settings').then((m) => ({ default: m.SettingsPage })),
)
export const agreements = () => import('./sourcing/agreements')
export const LazyAgreementsList = onDemand(() => agreements().then((m) => ({ default: m.AgreementsList })))
export const LazyNewAgreement = onDemand(() => agreements().then((m) => ({ default: m.NewAgreement })))
export const LazyAgreementPage = onDemand(() => agreements().then((m) => ({ default: m.AgreementPage })))
export const rfqs = () => import('./sourcing/rfqs')
export const LazyApiTokens = onDemand(() =>
  import('./admin/api-tokens').then((m) => ({ default: m.ApiTokensPage })),
)
export const LazyRfqsList = onDemand(() => rfqs().then((m) => ({ default: m.RfqsList })))
export const LazyNewRfq = onDemand(() => import('./sourcing/rfq-new').then((m) => ({ default: m.NewRfq })))
export const LazyRfqPage = onDemand(() => import('./sourcing/rfq-page').then((m) => ({ default: m.RfqPage })))
export const LazyCurrencies = onDemand(() =>
  import('./admin/currencies').then((m) => ({ default: m.CurrenciesPage })),
)
export const LazyMailTemplates = onDemand(() =>
  import('./admin/mail-templates').then((m) => ({ default: m.MailTemplatesPage })),
)
export const LazyMaintenance = onDemand(() =>
  import('./admin/maintenance').then((m) => ({ default: m.MaintenancePage })),
)
export const adminList = (path: string) =>
  onDemand(() => admin().then((m) => ({ default: () => <m.AdminList path={path} /> })))
export const ADMIN_LIST_PATHS = [
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
export const LazyAdminLists = ADMIN_LIST_PATHS.map((path) => ({ path, Page: adminList(path) }))
export const LazyTracesList = onDemand(() => import('./traces').then((m) => ({ default: m.TracesList })))
export const LazyTracePage = onDemand(() => import('./traces').then((m) => ({ default: m.TracePage })))
export const LazyAccountingExports = onDemand(() =>
  import('./accounting/accounting-exports').then((m) => ({ default: m.AccountingExports })),
)
export const LazyEntriesAdmin = onDemand(() =>
  import('./accounting/accounts-admin').then((m) => ({ default: () => <m.AccountsAdmin kind="entries" /> })),
)
export const LazyVatEntriesAdmin = onDemand(() =>
  import('./accounting/accounts-admin').then((m) => ({ default: () => <m.AccountsAdmin kind="vat" /> })),
)
export const LazyPendingInvoices = onDemand(() =>
  import('./invoices/pending-invoices').then((m) => ({ default: m.PendingInvoices })),
)
export const LazyDeliveryForm = onDemand(() =>
  import('./deliveries/delivery-form').then((m) => ({ default: m.DeliveryForm })),
)
