import {
  DELIVERY_ACTION_LABELS,
  DELIVERY_DOC_STATUS_LABELS,
  DELIVERY_DOC_STATUSES,
  DELIVERY_KIND_LABELS,
  DELIVERY_KINDS,
  DELIVERY_LIST,
  type DeliveryAction,
  TECHNICAL_DOC_STATUSES,
} from '@procura/core/delivery'
import type { Language } from '@procura/core/i18n'
import { indexOf } from '@procura/core/list'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import type { Db } from '../../db'
import { customFilterOptions, customListColumns, fieldsOf, withCustomColumns } from '../custom-fields'
import { orderFilterOptions } from '../purchase-orders/list-conventions'
import { getDelivery } from './read'
import type { DeliveryDeps } from './receive'

/** GET /bwapi/deliveries/index: what the list screen needs to draw itself (no bulk action: each receipt is its own). */
export const deliveriesIndex = async (db: Db, actor: OrderActor, language: Language) =>
  withCustomColumns(
    indexOf(DELIVERY_LIST, language),
    seesInternals(actor) ? customListColumns(await fieldsOf(db, 'delivery')) : [],
  )

/** GET /bwapi/deliveries/filter-list/{field}?search=: the options of one filter; null when unknown. */
export const deliveryFilterOptions = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  field: string,
  search: string,
  language: Language,
  value?: string,
) => {
  if (field.startsWith('cf_'))
    return seesInternals(actor) ? customFilterOptions(deps.db, 'delivery', field, search, language) : null
  const needle = search.trim().toLowerCase()
  const matching = (options: { value: string; label: string }[]) =>
    options.filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle))
  if (field === 'kind')
    return matching(DELIVERY_KINDS.map((value) => ({ value, label: DELIVERY_KIND_LABELS[value][language] })))
  if (field === 'status')
    return matching(
      [...new Set([...DELIVERY_DOC_STATUSES, ...TECHNICAL_DOC_STATUSES])].map((value) => ({
        value,
        label: DELIVERY_DOC_STATUS_LABELS[value][language],
      })),
    )
  if (field === 'supplier_id') return orderFilterOptions(deps, actor, field, search, language, value)
  return null
}

/** GET /bwapi/deliveries/{id}/contextual-menu: the actions this user may take on this delivery now. */
export const deliveryContextualMenu = async (
  deps: DeliveryDeps,
  actor: OrderActor,
  id: number,
  language: Language,
) => {
  const delivery = await getDelivery(deps, actor, id)
  if (!delivery.ok) return delivery
  const { actions } = delivery.value.data as { actions: DeliveryAction[] }
  return ok({
    actions: actions.map((action) => ({ action, label: DELIVERY_ACTION_LABELS[action][language] })),
  })
}
