export { loginAttempts, passwordResets, userAuthorizations } from './auth'
export { needLines, needs } from './needs'
export { companies, departments } from './organisation'
export {
  circuitRows,
  delegations,
  purchaseOrderLines,
  purchaseOrders,
  supplierContacts,
  suppliers,
} from './purchasing'
export { currencies, languages, settings } from './settings'
export { traces } from './traces'
export { permissions, rolePermissions, roles, sessions, userPermissions, users } from './users'
