import { type DutyActor, hasDuty } from '../auth/duties'
import { VALIDATED_STATUSES } from '../purchase-order/status'

/** Capturing, editing, submitting and disputing supplier invoices, and the pending-invoice queue. */
export const canHandleInvoices = (actor: DutyActor): boolean => hasDuty(actor, 'handle_invoices')

/**
 * Who reads an invoice: those who handle invoices, administrators, and the validators its circuit
 * names (they decide on it).
 */
export const canSeeInvoice = (
  actor: DutyActor & { login: string; administrator?: boolean },
  invoice: { validators: readonly string[] },
): boolean =>
  canHandleInvoices(actor) || actor.administrator === true || invoice.validators.includes(actor.login)

/** Who reads every invoice (their sums too): who handles invoices, and administrators. */
export const readsAllInvoices = (actor: DutyActor & { administrator?: boolean }): boolean =>
  canHandleInvoices(actor) || actor.administrator === true

/**
 * Who handles invoices records the supplier's invoice from the order's page ("Record the invoice"):
 * an order validated or later whose billing is not complete, its lines proposed with what is left
 * to bill.
 */
export const canBillOrder = (actor: DutyActor, order: { status: string; billing_status: string }): boolean =>
  canHandleInvoices(actor) &&
  (VALIDATED_STATUSES as readonly string[]).includes(order.status) &&
  (order.billing_status === 'no' || order.billing_status === 'partial')
