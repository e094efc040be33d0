import { type DutyActor, hasDuty } from '../auth/duties'

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
