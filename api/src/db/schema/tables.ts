export { accountingEntries, accountingExports, accountingVatEntries } from './accounting'
export { decisionLinks, instanceKeys, loginAttempts, passwordResets, userAuthorizations } from './auth'
export { bankAccounts } from './bank-accounts'
export { allocations, budgetMoves, budgets, fiscalPeriods } from './budgets'
export {
  articleAffiliations,
  articleFavorites,
  articleFeatures,
  articles,
  cartItems,
  productFamilies,
  productFamilyTypes,
  productSubfamilies,
  punchoutSessions,
  STOCK_MOVEMENT_TYPES,
  stockMovements,
  stocks,
  supplierArticles,
  supplierPunchouts,
  warehouses,
} from './catalogue'
export { pieceCounters } from './counters'
export { customFields, customValues } from './custom-fields'
export { deliveries, deliveryLines, deliveryReservations } from './deliveries'
export { attachments, comments, DOCUMENT_MODELS, type DocumentModel, storedFiles } from './documents'
export { expenseReports, expenses, expenseTypes, kilometerScales, scalePeriods } from './expenses'
export {
  apiTokens,
  creditAllocations,
  eInvoiceOutbox,
  invoiceDisputeMessages,
  invoiceLifecycle,
  pendingInvoices,
  supplierInvoiceLines,
  supplierInvoices,
} from './invoices'
export { listLayouts, listViews } from './list-views'
export { needLines, needs } from './needs'
export { noticeQueue, notificationPreferences, notifications } from './notifications'
export { companies, departments, referenceCodes } from './organisation'
export { paymentExports, paymentGroups, paymentLines } from './payments'
export {
  circuitRows,
  delegations,
  orderFamilySums,
  orderSums,
  purchaseOrderLines,
  purchaseOrders,
  supplierContacts,
  supplierGroups,
  suppliers,
} from './purchasing'
export { currencies, currencyRates, languages, mailTemplates, settings } from './settings'
export {
  frameworkAgreementLines,
  frameworkAgreements,
  rfqLines,
  rfqQuotes,
  rfqSuppliers,
  rfqs,
} from './sourcing'
export {
  geographicSectors,
  supplierApprovalRoles,
  supplierApprovals,
  supplierContracts,
  supplierFamilies,
  supplierFileCategories,
  supplierFiles,
  supplierFileTypes,
  supplierRatings,
  supplierSafety,
  supplierSectors,
  supplierStatistics,
  supplierTurnovers,
} from './supplier-record'
export { traces } from './traces'
export {
  authVersions,
  permissions,
  rolePermissions,
  roles,
  sessions,
  userPermissions,
  users,
} from './users'
