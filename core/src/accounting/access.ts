import { type DutyActor, hasDuty } from '../auth/duties'
import { type Decisions, decideEach, unless } from '../policy/decisions'
import { notAllowed } from '../policy/lifecycle'

/** Running, reading, downloading and cancelling accounting exports. */
export const canExportAccounting = (actor: DutyActor): boolean => hasDuty(actor, 'export_accounting')

/** What may be done to an accounting export: download its file, cancel it. */
export const ACCOUNTING_EXPORT_POLICY_ACTIONS = ['download', 'cancel'] as const
export type AccountingExportPolicyAction = (typeof ACCOUNTING_EXPORT_POLICY_ACTIONS)[number]

/**
 * An accounting export's actions policy: who exports accounting downloads its file (while it has
 * one) and cancels it — as a whole, once done (its invoices and payments can then go in a new one);
 * a running, failed or cancelled export is not cancelled.
 */
export const allowedAccountingExportActions = (
  actor: DutyActor,
  exported: { status: string; has_file: boolean },
): Decisions<AccountingExportPolicyAction> =>
  decideEach(
    ACCOUNTING_EXPORT_POLICY_ACTIONS,
    () => unless(canExportAccounting(actor)),
    (action) =>
      action === 'cancel'
        ? unless(exported.status === 'done', notAllowed(action, exported.status))
        : unless(exported.has_file, { code: 'ITEM_NOT_FOUND' }),
  )
