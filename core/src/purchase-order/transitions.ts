import type { DomainError } from '../errors/domain-error'
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

/**
 * The transition table: for each action, the statuses it starts from. The outcome of each
 * action is computed in `transition` (some depend on the context).
 */
export const ALLOWED_FROM: Readonly<Record<PurchaseOrderAction, readonly PurchaseOrderStatus[]>> = {
  submit: ['draft', 'refused'],
  validate: ['awaiting'],
  refuse: ['awaiting'],
  back_to_draft: ['awaiting', 'validated', 'refused', 'sent', 'acknowledged_receipt'],
  send: ['validated'],
  consider_sent: ['validated'],
  acknowledge: ['sent'],
  suspend: ['validated', 'sent', 'acknowledged_receipt'],
  unsuspend: ['suspended'],
  close: ['sent', 'acknowledged_receipt'],
  unclose: ['closed'],
  cancel: ['draft', 'awaiting', 'validated', 'refused'],
  new_version: ['validated', 'sent', 'acknowledged_receipt'],
}

const notAllowed = (action: PurchaseOrderAction, status: PurchaseOrderStatus): DomainError => ({
  code: 'TRANSITION_NOT_ALLOWED',
  params: { action, status },
})

/** The actions possible on an order in its status (the contextual menu; permissions filter further). */
export const availableActions = (order: Pick<OrderState, 'status'>): PurchaseOrderAction[] =>
  (Object.keys(ALLOWED_FROM) as PurchaseOrderAction[]).filter((action) =>
    ALLOWED_FROM[action].includes(order.status),
  )

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
  if (!ALLOWED_FROM[action].includes(order.status)) return err(notAllowed(action, order.status))
  const to = (
    status: PurchaseOrderStatus,
    changes: Partial<OrderState> = {},
  ): Result<OrderState, DomainError> => ok({ ...order, ...changes, status })

  switch (action) {
    case 'submit':
      return to(ctx.circuitHasSteps === false ? 'validated' : 'awaiting')
    case 'validate':
      return to(ctx.circuitComplete ? 'validated' : 'awaiting')
    case 'refuse':
      return to('refused')
    case 'back_to_draft': {
      const wasSent = order.sent_at !== null
      if (wasSent && !ctx.confirmCancelSending) return err({ code: 'PO_SENT_CONFIRMATION_REQUIRED' })
      return to('draft', { sent_at: null, send_mode: null, previous_status: null })
    }
    case 'send':
      return to('sent', { sent_at: ctx.now, send_mode: ctx.sendMode ?? 'manual' })
    case 'consider_sent':
      return to('sent', { sent_at: ctx.now, send_mode: 'considered' })
    case 'acknowledge':
      return to('acknowledged_receipt')
    case 'suspend':
      return to('suspended', { previous_status: order.status })
    case 'unsuspend':
    case 'unclose':
      return to(order.previous_status ?? 'validated', { previous_status: null })
    case 'close':
      return to('closed', { previous_status: order.status })
    case 'cancel':
      return to('canceled')
    case 'new_version':
      return to('obsolete', { previous_status: order.status })
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
