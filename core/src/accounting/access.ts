import { type DutyActor, hasDuty } from '../auth/duties'

/** Running, reading, downloading and cancelling accounting exports. */
export const canExportAccounting = (actor: DutyActor): boolean => hasDuty(actor, 'export_accounting')

/**
 * What may be done to an accounting export from its status: a done export is cancelled as a whole
 * (its invoices and payments can go in a new one); a running, failed or cancelled one, nothing.
 */
export const accountingExportActionsFor = (actor: DutyActor, status: string): 'cancel'[] =>
  canExportAccounting(actor) && status === 'done' ? ['cancel'] : []
