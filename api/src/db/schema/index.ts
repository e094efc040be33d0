/**
 * The tables services query. Each is declared once (./tables, SQLite's column kinds); when the
 * database is PostgreSQL, `useEngine('postgresql')` swaps every binding below for its derived
 * twin (../pg-schema.ts) before any query runs, so services and routes never ask which engine
 * they run on. ES module bindings are live: importers see the swap.
 */
import * as tables from './tables'

export { DOCUMENT_MODELS, type DocumentModel, STOCK_MOVEMENT_TYPES } from './tables'

export let loginAttempts = tables.loginAttempts
export let passwordResets = tables.passwordResets
export let userAuthorizations = tables.userAuthorizations
export let articleAffiliations = tables.articleAffiliations
export let articleFavorites = tables.articleFavorites
export let articleFeatures = tables.articleFeatures
export let articles = tables.articles
export let cartItems = tables.cartItems
export let productFamilies = tables.productFamilies
export let productFamilyTypes = tables.productFamilyTypes
export let productSubfamilies = tables.productSubfamilies
export let stockMovements = tables.stockMovements
export let stocks = tables.stocks
export let supplierArticles = tables.supplierArticles
export let warehouses = tables.warehouses
export let bankAccounts = tables.bankAccounts
export let pieceCounters = tables.pieceCounters
export let deliveries = tables.deliveries
export let deliveryLines = tables.deliveryLines
export let deliveryReservations = tables.deliveryReservations
export let attachments = tables.attachments
export let comments = tables.comments
export let invoiceDisputeMessages = tables.invoiceDisputeMessages
export let pendingInvoices = tables.pendingInvoices
export let supplierInvoiceLines = tables.supplierInvoiceLines
export let supplierInvoices = tables.supplierInvoices
export let needLines = tables.needLines
export let paymentGroups = tables.paymentGroups
export let paymentLines = tables.paymentLines
export let paymentExports = tables.paymentExports
export let accountingEntries = tables.accountingEntries
export let accountingVatEntries = tables.accountingVatEntries
export let accountingExports = tables.accountingExports
export let needs = tables.needs
export let companies = tables.companies
export let departments = tables.departments
export let circuitRows = tables.circuitRows
export let delegations = tables.delegations
export let purchaseOrderLines = tables.purchaseOrderLines
export let purchaseOrders = tables.purchaseOrders
export let supplierContacts = tables.supplierContacts
export let suppliers = tables.suppliers
export let currencies = tables.currencies
export let languages = tables.languages
export let settings = tables.settings
export let traces = tables.traces
export let notifications = tables.notifications
export let orderSums = tables.orderSums
export let orderFamilySums = tables.orderFamilySums
export let notificationPreferences = tables.notificationPreferences
export let permissions = tables.permissions
export let rolePermissions = tables.rolePermissions
export let roles = tables.roles
export let sessions = tables.sessions
export let userPermissions = tables.userPermissions
export let users = tables.users
export let listViews = tables.listViews
export let listLayouts = tables.listLayouts
export let geographicSectors = tables.geographicSectors
export let supplierSectors = tables.supplierSectors
export let supplierFamilies = tables.supplierFamilies
export let supplierFileCategories = tables.supplierFileCategories
export let supplierFileTypes = tables.supplierFileTypes
export let supplierFiles = tables.supplierFiles
export let supplierApprovalRoles = tables.supplierApprovalRoles
export let supplierApprovals = tables.supplierApprovals
export let supplierGroups = tables.supplierGroups
export let supplierContracts = tables.supplierContracts
export let supplierRatings = tables.supplierRatings
export let supplierTurnovers = tables.supplierTurnovers
export let supplierSafety = tables.supplierSafety
export let supplierStatistics = tables.supplierStatistics

export type Engine = 'sqlite' | 'postgresql'

/** Points every table binding at the given engine's tables (`derived`: the PostgreSQL twins by export name). */
export const useTables = (derived: Record<string, unknown>) => {
  const pick = <T>(name: string, fallback: T): T => (derived[name] ?? fallback) as T
  loginAttempts = pick('loginAttempts', tables.loginAttempts)
  passwordResets = pick('passwordResets', tables.passwordResets)
  userAuthorizations = pick('userAuthorizations', tables.userAuthorizations)
  articleAffiliations = pick('articleAffiliations', tables.articleAffiliations)
  articleFavorites = pick('articleFavorites', tables.articleFavorites)
  articleFeatures = pick('articleFeatures', tables.articleFeatures)
  articles = pick('articles', tables.articles)
  cartItems = pick('cartItems', tables.cartItems)
  productFamilies = pick('productFamilies', tables.productFamilies)
  productFamilyTypes = pick('productFamilyTypes', tables.productFamilyTypes)
  productSubfamilies = pick('productSubfamilies', tables.productSubfamilies)
  stockMovements = pick('stockMovements', tables.stockMovements)
  stocks = pick('stocks', tables.stocks)
  supplierArticles = pick('supplierArticles', tables.supplierArticles)
  warehouses = pick('warehouses', tables.warehouses)
  bankAccounts = pick('bankAccounts', tables.bankAccounts)
  pieceCounters = pick('pieceCounters', tables.pieceCounters)
  deliveries = pick('deliveries', tables.deliveries)
  deliveryLines = pick('deliveryLines', tables.deliveryLines)
  deliveryReservations = pick('deliveryReservations', tables.deliveryReservations)
  attachments = pick('attachments', tables.attachments)
  comments = pick('comments', tables.comments)
  invoiceDisputeMessages = pick('invoiceDisputeMessages', tables.invoiceDisputeMessages)
  pendingInvoices = pick('pendingInvoices', tables.pendingInvoices)
  supplierInvoiceLines = pick('supplierInvoiceLines', tables.supplierInvoiceLines)
  supplierInvoices = pick('supplierInvoices', tables.supplierInvoices)
  needLines = pick('needLines', tables.needLines)
  paymentGroups = pick('paymentGroups', tables.paymentGroups)
  paymentLines = pick('paymentLines', tables.paymentLines)
  paymentExports = pick('paymentExports', tables.paymentExports)
  accountingEntries = pick('accountingEntries', tables.accountingEntries)
  accountingVatEntries = pick('accountingVatEntries', tables.accountingVatEntries)
  accountingExports = pick('accountingExports', tables.accountingExports)
  needs = pick('needs', tables.needs)
  companies = pick('companies', tables.companies)
  departments = pick('departments', tables.departments)
  circuitRows = pick('circuitRows', tables.circuitRows)
  delegations = pick('delegations', tables.delegations)
  purchaseOrderLines = pick('purchaseOrderLines', tables.purchaseOrderLines)
  purchaseOrders = pick('purchaseOrders', tables.purchaseOrders)
  supplierContacts = pick('supplierContacts', tables.supplierContacts)
  suppliers = pick('suppliers', tables.suppliers)
  currencies = pick('currencies', tables.currencies)
  languages = pick('languages', tables.languages)
  settings = pick('settings', tables.settings)
  traces = pick('traces', tables.traces)
  notifications = pick('notifications', tables.notifications)
  orderSums = pick('orderSums', tables.orderSums)
  orderFamilySums = pick('orderFamilySums', tables.orderFamilySums)
  notificationPreferences = pick('notificationPreferences', tables.notificationPreferences)
  permissions = pick('permissions', tables.permissions)
  rolePermissions = pick('rolePermissions', tables.rolePermissions)
  roles = pick('roles', tables.roles)
  sessions = pick('sessions', tables.sessions)
  userPermissions = pick('userPermissions', tables.userPermissions)
  users = pick('users', tables.users)
  listViews = pick('listViews', tables.listViews)
  listLayouts = pick('listLayouts', tables.listLayouts)
  geographicSectors = pick('geographicSectors', tables.geographicSectors)
  supplierSectors = pick('supplierSectors', tables.supplierSectors)
  supplierFamilies = pick('supplierFamilies', tables.supplierFamilies)
  supplierFileCategories = pick('supplierFileCategories', tables.supplierFileCategories)
  supplierFileTypes = pick('supplierFileTypes', tables.supplierFileTypes)
  supplierFiles = pick('supplierFiles', tables.supplierFiles)
  supplierApprovalRoles = pick('supplierApprovalRoles', tables.supplierApprovalRoles)
  supplierApprovals = pick('supplierApprovals', tables.supplierApprovals)
  supplierGroups = pick('supplierGroups', tables.supplierGroups)
  supplierContracts = pick('supplierContracts', tables.supplierContracts)
  supplierRatings = pick('supplierRatings', tables.supplierRatings)
  supplierTurnovers = pick('supplierTurnovers', tables.supplierTurnovers)
  supplierSafety = pick('supplierSafety', tables.supplierSafety)
  supplierStatistics = pick('supplierStatistics', tables.supplierStatistics)
}
