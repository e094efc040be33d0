import type { PermissionCode } from '../user/user.schema'

/** Whoever acts, as the duty rules read them: the permissions of their role and their own. */
export type DutyActor = { permissions?: readonly PermissionCode[] }

/** Whether the actor holds a permission (an actor read without permissions holds none). */
export const hasDuty = (actor: DutyActor, permission: PermissionCode): boolean =>
  actor.permissions?.includes(permission) === true

/** The steps of the chain after ordering: who holds any of them works in finance (menus, lists). */
export const FINANCE_DUTIES: readonly PermissionCode[] = [
  'handle_invoices',
  'prepare_payments',
  'export_sepa',
  'import_bank_answers',
  'export_accounting',
]

export const hasFinanceDuty = (actor: DutyActor): boolean => FINANCE_DUTIES.some((p) => hasDuty(actor, p))
