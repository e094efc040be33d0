import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { referenceLabel } from '@procura/core/i18n'
import { indexOf } from '@procura/core/list'
import {
  ORDER_ACTION_LABELS,
  ORDER_LIST,
  type OrderActor,
  orderBulkActionsFor,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderAction,
  seesInternals,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { GENERIC_STATUS_LABELS, statusLabel } from '@procura/core/status'
import { BulkActionSchema } from '@procura/core/user'
import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../../db'
import { containsPattern, likeCi } from '../../db/portable-sql'
import { departments, productFamilies, suppliers } from '../../db/schema'
import { type BulkOutcome, runBulk } from '../bulk'
import { customFilterOptions, customListColumns, fieldsOf, withCustomColumns } from '../custom-fields'
import { applyOrderAction } from './order-actions'
import { getOrder } from './order-read'
import type { OrderDeps } from './orders'

/** The actions a list applies to several orders at once (sending needs its own form: not here). */
export const ORDER_BULK_ACTIONS = [
  'submit',
  'validate',
  'consider_sent',
  'close',
  'cancel',
] as const satisfies readonly PurchaseOrderAction[]

/** GET /bwapi/purchase-orders/index: what the list screen needs to draw itself (custom fields shown in lists included). */
export const ordersIndex = async (db: Db, actor: OrderActor, language: Language) =>
  withCustomColumns(
    indexOf(
      ORDER_LIST,
      language,
      orderBulkActionsFor(actor, ORDER_BULK_ACTIONS).map((action) => ({
        action,
        label: ORDER_ACTION_LABELS[language][action],
      })),
    ),
    seesInternals(actor) ? customListColumns(await fieldsOf(db, 'purchase_order')) : [],
  )

/**
 * GET /bwapi/purchase-orders/filter-list/{field}?search=&value=: the options of one filter; null
 * when unknown. `value` asks for one option by its value (a chip's label after a reload).
 */
export const orderFilterOptions = async (
  deps: { db: Db },
  actor: OrderActor,
  field: string,
  search: string,
  language: Language,
  value?: string,
) => {
  const needle = search.trim().toLowerCase()
  if (field.startsWith('cf_'))
    return seesInternals(actor)
      ? customFilterOptions(deps.db, 'purchase_order', field, search, language)
      : null
  if (field === 'status')
    return PURCHASE_ORDER_STATUSES.map((value) => ({
      value,
      label: statusLabel(GENERIC_STATUS_LABELS, value, language),
    })).filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle))
  if (field === 'supplier_id') {
    const pattern = containsPattern(needle)
    const rows = await deps.db
      .select({ id: suppliers.id, code: suppliers.code, name: suppliers.company_name })
      .from(suppliers)
      .where(
        and(
          value !== undefined && /^\d{1,15}$/.test(value)
            ? eq(suppliers.id, Number(value))
            : or(likeCi(suppliers.code, pattern), likeCi(suppliers.company_name, pattern)),
          // A supplier's contact chooses among its own companies only.
          seesInternals(actor) ? undefined : inArray(suppliers.id, [...(actor.supplier_ids ?? [])]),
        ),
      )
      .orderBy(asc(suppliers.company_name))
      .limit(50)
    return rows.map((r) => ({ value: String(r.id), label: `${r.name} (${r.code})` }))
  }
  if (field === 'department_id' || field === 'product_family_id') {
    // The organisation's own lists: a supplier's contact has nothing to choose from.
    if (!seesInternals(actor)) return []
    const table = field === 'department_id' ? departments : productFamilies
    const pattern = containsPattern(needle)
    const rows = await deps.db
      .select({ id: table.id, code: table.code, label: table.label })
      .from(table)
      .where(
        value !== undefined && /^\d{1,15}$/.test(value)
          ? eq(table.id, Number(value))
          : or(likeCi(table.code, pattern), likeCi(table.label, pattern)),
      )
      .orderBy(asc(table.label))
      .limit(50)
    // A shipped product family reads in the reader's language, as the catalogue shows it.
    return rows.map((r) => ({
      value: String(r.id),
      label: field === 'product_family_id' ? referenceLabel('family', r.code, r.label, language) : r.label,
    }))
  }
  return null
}

/** GET /bwapi/purchase-orders/{id}/contextual-menu: the actions this user may apply to this order now. */
export const orderContextualMenu = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  language: Language,
) => {
  const order = await getOrder(deps, actor, id)
  if (!order.ok) return order
  const { actions } = order.value.data as { actions: (PurchaseOrderAction | 'skip')[] }
  return ok({ actions: actions.map((action) => ({ action, label: ORDER_ACTION_LABELS[language][action] })) })
}

/** POST /bwapi/purchase-orders/do-bulk-action {action, ids}: each order on its own; refusals reported. */
export const orderBulkAction = async (
  deps: OrderDeps,
  actor: OrderActor,
  input: unknown,
  language: Language,
): Promise<Result<{ data: BulkOutcome }, DomainError>> => {
  const parsed = parseWith(BulkActionSchema, input)
  if (!parsed.ok) return parsed
  const { action, ids } = parsed.value
  if (!(ORDER_BULK_ACTIONS as readonly string[]).includes(action))
    return err(formError({ action: [{ code: 'NOT_IN_LIST' }] }))
  if (ids.length === 0) return err({ code: 'SELECT_AT_LEAST_ONE' })
  return ok({ data: await runBulk(ids, (id) => applyOrderAction(deps, actor, id, action, {}), language) })
}
