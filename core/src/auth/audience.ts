import { FINANCE_DUTIES } from './duties'
/** The role code of a supplier's contacts, when supplier access is on for the instance. */
export const SUPPLIER_CONTACT_ROLE = 'supplier'

/**
 * Who a screen or a call is for: the organisation's own people, also supplier contacts, only
 * the people who handle invoices and payments (finance) or purchasing documents, or those and the
 * supplier contacts who answer them (sourcing: requests for quotation).
 */
export type Audience = 'staff' | 'everyone' | 'finance' | 'purchasing' | 'sourcing'

/** Roles that decide on invoices and payments without buying: they validate them. */
export const DECIDING_ROLES: readonly string[] = ['validator', 'delegate']

/**
 * Who handles supplier invoices and payments: the holders of a finance duty (accounts payable,
 * finance), administrators, and the validators and delegates who decide on them. Buying alone
 * does not make one: ordering and paying are separate duties.
 */
export const isFinance = (user: {
  buyer?: boolean
  permissions: readonly string[]
  role?: string | null
}): boolean =>
  FINANCE_DUTIES.some((p) => user.permissions.includes(p)) ||
  user.permissions.includes('admin_menu') ||
  DECIDING_ROLES.includes(user.role ?? '')

/**
 * Who works with framework agreements (and the other sourcing documents): buyers write them,
 * validators decide on them, administrators see everything.
 */
export const isPurchasing = (user: {
  buyer?: boolean
  permissions?: readonly string[]
  role?: string | null
}): boolean =>
  user.buyer === true || (user.permissions ?? []).includes('admin_menu') || user.role === 'validator'

export const isSupplierContact = (user: { role?: string | null }): boolean =>
  user.role === SUPPLIER_CONTACT_ROLE

/**
 * The API calls a supplier contact may make: the shell's layout calls, their own user pages, and
 * the purchase orders, the shipments they declare, and their company's record (whose rules show
 * them only what concerns their company). Everything else
 * (requests, the catalogue, other suppliers, circuits, delegations, users) is internal.
 */
const SUPPLIER_CONTACT_CALLS: readonly RegExp[] = [
  /^\/bwapi\/(init-infos|config|main-menu|header-infos|actions-to-do|about)$/,
  /^\/bwapi\/(language|currency)\/change$/,
  /^\/bwapi\/change-price-display$/,
  // The dashboard's frame and its figures of the contact's own orders; the organisation's spend is internal.
  /^\/bwapi\/dashboard(\/instance)?$/,
  // Their own notifications.
  /^\/bwapi\/notifications(\/count|\/read-all|\/\d+\/read)?$/,
  /^\/bwapi\/test-socket\/\d+$/,
  /^\/bwapi\/users\/(current|login-infos|get-back)$/,
  /^\/bwapi\/users\/\d+\/(profile|preferences|password)$/,
  /^\/bwapi\/purchase-orders(\/|$)/,
  /^\/bwapi\/deliveries(\/|$)/,
  // The requests for quotation their company is invited to, and their answers (sealed from others).
  /^\/bwapi\/rfqs(\/\d+(\/quotes\/\d+(\/file)?)?)?$/,
  /^\/bwapi\/rfqs\/(index|filter-list\/status)$/,
  // Their own views of those two lists.
  /^\/bwapi\/list-views\/(purchase-orders|deliveries|rfqs)(\/|$)/,
  /^\/bwapi\/suppliers\/\d+(\/header)?$/,
  // The documents their company is asked for (the kinds, theirs, sending one) and its approval.
  /^\/bwapi\/suppliers\/\d+\/(approval|files(\/\d+)?)$/,
  /^\/bwapi\/supplier-file-(types|categories)$/,
]

/** Whether this user may call this API path at all (the call's own rules then decide). */
export const mayCallApi = (user: { role?: string | null }, path: string): boolean =>
  !isSupplierContact(user) || SUPPLIER_CONTACT_CALLS.some((pattern) => pattern.test(path))
