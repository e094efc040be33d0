import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'

const NEEDS = '/bwapi/needs'
const ORDERS = '/bwapi/purchase-orders'
const DELIVERIES = '/bwapi/deliveries'
const INVOICES = '/bwapi/supplier-invoices'
const CHARGES = '/bwapi/external-charges'
const PENDING = '/bwapi/pending-invoices'
const PAYMENTS = '/bwapi/payment-groups'
const STOCK = '/bwapi/warehouses'
const BUDGETS = '/bwapi/budgets'
const EXPENSES = ['/bwapi/expenses', '/bwapi/expense-reports']
/** The header's counts (to do, cart) and the actions waiting for the reader. */
const WAITING = ['/bwapi/actions-to-do', '/bwapi/header-infos']

/**
 * What a change in one area makes stale: the API paths (prefixes) whose answers it may have
 * changed. A change reads these again and nothing else: a validated order changes the orders, the
 * requests it came from, its deliveries and invoices, the stock and what waits for people, not
 * the users, the settings or the menu.
 */
export const STALE_AFTER = {
  need: [NEEDS, ORDERS, BUDGETS, ...WAITING],
  order: [ORDERS, NEEDS, DELIVERIES, INVOICES, STOCK, BUDGETS, ...WAITING],
  delivery: [DELIVERIES, ORDERS, STOCK, ...WAITING],
  invoice: [INVOICES, CHARGES, PENDING, ORDERS, PAYMENTS, BUDGETS, ...WAITING],
  payment: [PAYMENTS, INVOICES, ...EXPENSES, ...WAITING],
  expense: [...EXPENSES, PAYMENTS, ...WAITING],
  expenseReference: ['/bwapi/expense-types', '/bwapi/scale-periods', '/bwapi/kilometer-scales', ...EXPENSES],
  supplier: ['/bwapi/suppliers', `${ORDERS}/create`],
  supplierReference: [
    '/bwapi/geographic-sectors',
    '/bwapi/supplier-groups',
    '/bwapi/supplier-file-categories',
    '/bwapi/supplier-file-types',
    '/bwapi/supplier-approval-roles',
    '/bwapi/suppliers',
  ],
  user: ['/bwapi/users', '/bwapi/buyers', '/bwapi/delegations'],
  role: ['/bwapi/roles', '/bwapi/users'],
  stock: [STOCK, ORDERS],
  cart: [STOCK, ORDERS, NEEDS, ...WAITING],
  accounting: [
    '/bwapi/accounting-exports',
    '/bwapi/accounting-entries',
    '/bwapi/accounting-vat-entries',
    '/bwapi/accounting-settings',
    INVOICES,
    PAYMENTS,
  ],
  circuit: ['/bwapi/circuits', ...WAITING],
  delegation: ['/bwapi/delegations', ...WAITING],
  budget: [BUDGETS, '/bwapi/allocations', '/bwapi/fiscal-periods'],
  // The settings change what every screen shows (decimals, formats, modules, menu).
  settings: [
    '/bwapi/settings',
    '/bwapi/init-infos',
    '/bwapi/config',
    '/bwapi/main-menu',
    '/bwapi/header-infos',
  ],
} as const satisfies Record<string, readonly string[]>

export type Area = keyof typeof STALE_AFTER
/** An area, or one API path a change makes stale (a document's comments). */
export type Stale = Area | `/bwapi/${string}`

const pathsOf = (stale: readonly Stale[]) =>
  stale.flatMap((s) => (s.startsWith('/') ? [s] : STALE_AFTER[s as Area]))

/** Whether a query (keyed by its API path, as useAnswer and the list page key them) reads one of the paths. */
export const readsFrom = (queryKey: readonly unknown[], paths: readonly string[]) => {
  const path = queryKey[0]
  return (
    typeof path === 'string' &&
    paths.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`))
  )
}

/** Reads again what a change in these areas made stale. */
export const refreshAfter = (client: QueryClient, areas: readonly Stale[]) => {
  const paths = pathsOf(areas)
  return client.invalidateQueries({ predicate: (query) => readsFrom(query.queryKey, paths) })
}

/**
 * A change through TanStack Query's useMutation: `mutateAsync(call)` runs the call (its answer, or
 * its ApiError for the form) and, when it succeeds, reads again what it made stale in `areas`;
 * `isPending` while it runs.
 */
export const useChange = (areas: readonly Stale[]) => {
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    // Not awaited: the caller goes on (clears its form, says it is done) while the stale reads
    // are read again.
    onSuccess: () => {
      void refreshAfter(client, areas)
    },
  })
  return {
    mutateAsync: <T>(call: () => Promise<T>) => mutation.mutateAsync(call) as Promise<T>,
    isPending: mutation.isPending,
  }
}
