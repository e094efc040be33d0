/** Reading one request as this reader may see it, with its actions. */
import { canSkip, waitingOn } from '@procura/core/circuit'
import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  canViewNeed,
  checkNeedEditable,
  NEED_ACTION_LABELS,
  type NeedAction,
  type NeedStatus,
  needActionsFor,
} from '@procura/core/need'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { needLines, purchaseOrders, users } from '../../db/schema'
import { customFieldsShown, fieldsOf, valuesOf, withFileNames } from '../custom-fields'
import type { OrderDeps } from '../purchase-orders/orders'
import { circuitNames, refusalView } from '../refusal-view'
import { loadSettings } from '../settings'
import { accessOf, circuitOf, loadNeed, stateOf } from './needs'

/** GET /bwapi/needs/{id}: the request, its lines and the actions this user may apply. */
export const getNeed = async (db: Db, actor: OrderActor, id: number, language: Language = 'en') => {
  const row = await loadNeed(db, id)
  if (row === undefined || !canViewNeed(actor, accessOf(row)))
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const lines = await db
    .select()
    .from(needLines)
    .where(eq(needLines.need_id, id))
    .orderBy(asc(needLines.position))
  const circuit = circuitOf(row)
  const waiting = circuit === null ? [] : waitingOn(circuit)
  const { misc } = await loadSettings(db)
  const actions = [
    ...needActionsFor(actor, { ...accessOf(row), state: await stateOf(db, row) }, waiting),
    ...(canSkip(actor.administrator === true, misc.validator_skip_enabled, circuit, row.status)
      ? (['skip'] as const)
      : []),
  ]
  const people = await db
    .select({ id: users.id, label: users.label })
    .from(users)
    .where(inArray(users.id, [row.requester_id, row.buyer_id]))
  // The order made from this request, as far as it went: the requester follows it from here.
  const order =
    row.purchase_order_id === null
      ? null
      : ((await db
          .select({
            id: purchaseOrders.id,
            code: purchaseOrders.code,
            status: purchaseOrders.status,
            delivery_status: purchaseOrders.delivery_status,
            billing_status: purchaseOrders.billing_status,
          })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.id, row.purchase_order_id))
          .limit(1)
          .then(first)) ?? null)
  const custom = await withFileNames(
    db,
    customFieldsShown(
      await fieldsOf(db, 'need', true),
      (await valuesOf(db, 'need', [id])).get(id) ?? {},
      language,
    ),
  )
  return ok({
    data: {
      ...row,
      lines,
      custom,
      actions,
      can_edit: checkNeedEditable({ status: row.status as NeedStatus, requester_id: row.requester_id }, actor)
        .ok,
      waiting_on: waiting,
      refusal: await refusalView(db, circuit),
      names: await circuitNames(db, circuit),
      people,
      order,
    },
  })
}

/** GET /bwapi/needs/{id}/contextual-menu: the actions this user may apply to this request now. */
export const needContextualMenu = async (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  language: Language,
) => {
  const need = await getNeed(deps.db, actor, id)
  if (!need.ok) return need
  const { actions } = need.value.data as { actions: (NeedAction | 'skip')[] }
  return ok({
    actions: [...actions, 'duplicate' as const].map((action) => ({
      action,
      label: NEED_ACTION_LABELS[language][action],
    })),
  })
}
