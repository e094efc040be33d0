import type { DomainError } from '../errors/domain-error'
import { actionsFrom, nextStatus, type TransitionTable, transitionTable } from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
import { EDITABLE_STATUSES, type PurchaseOrderAction, type PurchaseOrderStatus } from './status'

/** What the lifecycle needs to know about an order. */
export type OrderState = {
  status: PurchaseOrderStatus
  /** The status to return to on unsuspend or unclose. */
  previous_status: PurchaseOrderStatus | null
  sent_at: Date | null
  send_mode: 'manual' | 'automatic' | 'considered' | null
  version: number
}

export type TransitionContext = {
  now: Date
  /** submit: whether the validation circuit has steps; without any the order is validated at once. */
  circuitHasSteps?: boolean
  /** validate: whether this validation completes the circuit. */
  circuitComplete?: boolean
  /** back_to_draft on a sent order: the confirmation that cancels the sending. */
  confirmCancelSending?: boolean
  /** send: how it was sent. */
  sendMode?: 'manual' | 'automatic'
}

/** The outcomes that depend on more than the status (the rows' `when`). */
const NO_STEP = 'the circuit has no step'
const STEPS_LEFT = 'a step of the circuit remains'
const WAS_SENT = 'it was sent'
const WAS_ACKNOWLEDGED = 'it was acknowledged'

/** The order's lifecycle (docs/domain/purchase-order.md). */
export const ORDER_TRANSITIONS: TransitionTable<PurchaseOrderStatus, PurchaseOrderAction> = transitionTable([
  ['submit', ['draft', 'refused'], 'awaiting'],
  ['submit', ['draft', 'refused'], 'validated', NO_STEP],
  ['validate', 'awaiting', 'validated'],
  ['validate', 'awaiting', 'awaiting', STEPS_LEFT],
  ['refuse', 'awaiting', 'refused'],
  ['back_to_draft', ['awaiting', 'validated', 'refused', 'sent', 'acknowledged_receipt'], 'draft'],
  ['send', 'validated', 'sent'],
  ['consider_sent', 'validated', 'sent'],
  ['acknowledge', 'sent', 'acknowledged_receipt'],
  ['suspend', ['validated', 'sent', 'acknowledged_receipt'], 'suspended'],
  ['unsuspend', 'suspended', 'validated'],
  ['unsuspend', 'suspended', 'sent', WAS_SENT],
  ['unsuspend', 'suspended', 'acknowledged_receipt', WAS_ACKNOWLEDGED],
  ['close', ['sent', 'acknowledged_receipt'], 'closed'],
  ['unclose', 'closed', 'sent'],
  ['unclose', 'closed', 'acknowledged_receipt', WAS_ACKNOWLEDGED],
  ['cancel', ['draft', 'awaiting', 'validated', 'refused'], 'canceled'],
  ['new_version', ['validated', 'sent', 'acknowledged_receipt'], 'obsolete'],
])

/** Back to where the order was before it was suspended or closed. */
const wasWhen = (previous: PurchaseOrderStatus | null) =>
  previous === 'sent' ? WAS_SENT : previous === 'acknowledged_receipt' ? WAS_ACKNOWLEDGED : undefined

/** The actions possible on an order in its status (the contextual menu; permissions filter further). */
export const availableActions = (order: Pick<OrderState, 'status'>): PurchaseOrderAction[] =>
  actionsFrom(ORDER_TRANSITIONS, order.status)

/**
 * Applies one lifecycle action. Refusals: the action is not possible in this status
 * (TRANSITION_NOT_ALLOWED), a sent order is sent again (PO_ALREADY_SENT), back to draft on a sent
 * order without the confirmation that cancels the sending (PO_SENT_CONFIRMATION_REQUIRED).
 * `new_version` answers the state of the replaced version; the new draft is `newVersionOf(order)`.
 */
export const transition = (
  order: OrderState,
  action: PurchaseOrderAction,
  ctx: TransitionContext,
): Result<OrderState, DomainError> => {
  if ((action === 'send' || action === 'consider_sent') && order.sent_at !== null)
    return err({ code: 'PO_ALREADY_SENT' })
  const when =
    action === 'submit' && ctx.circuitHasSteps === false
      ? NO_STEP
      : action === 'validate' && ctx.circuitComplete !== true
        ? STEPS_LEFT
        : action === 'unsuspend' || action === 'unclose'
          ? wasWhen(order.previous_status)
          : undefined
  const next = nextStatus(ORDER_TRANSITIONS, order.status, action, when)
  if (!next.ok) return next
  const to = (changes: Partial<OrderState> = {}): Result<OrderState, DomainError> =>
    ok({ ...order, ...changes, status: next.value })

  switch (action) {
    case 'back_to_draft': {
      const wasSent = order.sent_at !== null
      if (wasSent && !ctx.confirmCancelSending) return err({ code: 'PO_SENT_CONFIRMATION_REQUIRED' })
      return to({ sent_at: null, send_mode: null, previous_status: null })
    }
    case 'send':
      return to({ sent_at: ctx.now, send_mode: ctx.sendMode ?? 'manual' })
    case 'consider_sent':
      return to({ sent_at: ctx.now, send_mode: 'considered' })
    case 'suspend':
    case 'close':
    case 'new_version':
      return to({ previous_status: order.status })
    case 'unsuspend':
    case 'unclose':
      return to({ previous_status: null })
    default:
      return to()
  }
}

/** The draft that replaces an order on new_version: next version number, not sent, circuit reset. */
export const newVersionOf = (order: OrderState): OrderState => ({
  status: 'draft',
  previous_status: null,
  sent_at: null,
  send_mode: null,
  version: order.version + 1,
})

/** Whether an order's content may change in this status (EDITABLE_STATUSES): screens ask this too. */
export const isOrderEditable = (status: string): boolean =>
  (EDITABLE_STATUSES as readonly string[]).includes(status)

/** A content change is possible only in draft or refused; closed, canceled and replaced versions are locked. */
export const checkEditable = (order: Pick<OrderState, 'status'>): Result<void, DomainError> => {
  if (order.status === 'closed' || order.status === 'obsolete' || order.status === 'canceled')
    return err({ code: 'MODEL_LOCKED' })
  if (!isOrderEditable(order.status))
    return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action: 'edit', status: order.status } })
  return ok(undefined)
}
