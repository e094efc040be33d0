/** Reading one request as this reader may see it, with its actions. */
import { waitingOn } from '@procura/core/circuit'
import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { canViewNeed, NEED_ACTION_LABELS, type NeedPolicyAction } from '@procura/core/need'
import { actionsAnswerOf } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { needLines, purchaseOrders, users } from '../../db/schema'
import { customFieldsShown, fieldsOf, valuesOf, withFileNames } from '../custom-fields'
import type { OrderDeps } from '../purchase-orders/orders'
import { circuitNames, refusalView } from '../refusal-view'
import { needDecisions } from './need-policy'
import { accessOf, circuitOf, loadNeed } from './needs'

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
  const decisions = await needDecisions(db, actor, row)
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
      ...actionsAnswerOf(decisions),
      can_edit: decisions.edit.allowed,
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
  const { actions } = need.value.data as { actions: NeedPolicyAction[] }
  return ok({
    actions: [...actions, 'duplicate' as const].map((action) => ({
      action,
      label: NEED_ACTION_LABELS[language][action],
    })),
  })
}
