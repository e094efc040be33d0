import { circuitTurn, waitingOn } from '@procura/core/circuit'
import type { Decisions } from '@procura/core/policy'
import {
  allowedOrderActions,
  type OrderActor,
  type OrderPolicyAction,
  type PurchaseOrderStatus,
} from '@procura/core/purchase-order'
import type { DbOrTx } from '../../db'
import { loadSettings } from '../settings'
import { delegationsTo } from './circuit'
import { circuitOf, type OrderRow, orderAccessOf } from './orders'

/**
 * The order's actions policy for one person, with what it reads besides the order: whom the
 * circuit waits on and whether this person is the delegate of one today, and whether an
 * administrator may pass a step (the setting). The read answers it; every action is guarded by it.
 */
export const orderDecisions = async (
  db: DbOrTx,
  actor: OrderActor,
  row: OrderRow,
  now: Date,
): Promise<Decisions<OrderPolicyAction>> => {
  const circuit = circuitOf(row)
  const waiting = circuit === null ? [] : waitingOn(circuit)
  const delegations =
    waiting.length === 0 || waiting.includes(actor.login)
      ? []
      : await delegationsTo(db, actor.id, actor.login)
  const settings = await loadSettings(db)
  return allowedOrderActions(
    actor,
    { ...orderAccessOf(row), status: row.status as PurchaseOrderStatus },
    { turn: circuitTurn(circuit, delegations, now), skipEnabled: settings.misc.validator_skip_enabled },
  )
}
