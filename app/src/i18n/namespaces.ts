/**
 * The app's texts, one i18next namespace per area (app/src/i18n/texts/{language}/{namespace}.ts).
 * The shell's texts (sign-in, menu, dashboard, lists, common words) come with the first page; an
 * area's texts load with the routes that use them, in the reader's language only, so a new area
 * adds nothing to the first page. Keys keep their area prefix ("orders.fields.supplier"): a key
 * is found in whichever loaded namespace holds its area.
 */
export const SHELL_NAMESPACE = 'shell'
export const AREA_NAMESPACES = [
  'users',
  'orders',
  'needs',
  'circuits',
  'catalogue',
  'suppliers',
  'deliveries',
  'invoices',
  'payments',
  'accounting',
  'budgets',
  'expenses',
  'admin',
  'sourcing',
] as const
export type AreaNamespace = (typeof AREA_NAMESPACES)[number]

/** Which namespace holds each area's key prefix. */
export const NAMESPACE_OF_GROUP: Readonly<Record<string, typeof SHELL_NAMESPACE | AreaNamespace>> = {
  app: 'shell',
  decision: 'shell',
  common: 'shell',
  errors: 'shell',
  login: 'shell',
  shell: 'shell',
  realtime: 'shell',
  dashboard: 'shell',
  table: 'shell',
  lists: 'shell',
  documents: 'shell',
  customFields: 'shell',
  imports: 'shell',
  traces: 'shell',
  notifications: 'shell',
  config: 'shell',
  password: 'shell',
  users: 'users',
  roles: 'users',
  orders: 'orders',
  needs: 'needs',
  circuits: 'circuits',
  delegations: 'circuits',
  emailDecision: 'circuits',
  catalogue: 'catalogue',
  suppliers: 'suppliers',
  bankAccounts: 'suppliers',
  deliveries: 'deliveries',
  invoices: 'invoices',
  payments: 'payments',
  accounting: 'accounting',
  budgets: 'budgets',
  expenses: 'expenses',
  admin: 'admin',
  sourcing: 'sourcing',
}
