import { type DutyActor, hasDuty } from '../auth/duties'

/** Running, reading, downloading and cancelling accounting exports. */
export const canExportAccounting = (actor: DutyActor): boolean => hasDuty(actor, 'export_accounting')
