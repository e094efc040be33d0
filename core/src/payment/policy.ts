import type { DutyActor } from '../auth/duties'
import { type CircuitTurn, turnRefusal } from '../circuit/turn'
import {
  type Decisions,
  decideEach,
  firstRefusal,
  type Refusal,
  refusalOf,
  unless,
} from '../policy/decisions'
import { notAllowed } from '../policy/lifecycle'
import type { PaymentLineStatus } from '../status/vocabularies'
import {
  type BankAccountOwner,
  canExportSepa,
  canManageBankAccounts,
  canPreparePayments,
  canRecordBankAnswers,
  checkCanManageBankAccountsOf,
  checkPaymentValidator,
  type OrderPeople,
} from './access'
import type { BankAccountStatus } from './bank-account'
import { paymentLineTransition } from './line-status'
import { paymentGroupStatus } from './payment-group'

/** What a person does to a payment group's lines. */
export const PAYMENT_GROUP_POLICY_ACTIONS = [
  'submit',
  'validate',
  'refuse',
  'export',
  'pay',
  'cancel',
] as const
export type PaymentGroupPolicyAction = (typeof PAYMENT_GROUP_POLICY_ACTIONS)[number]

/** Separation of duties on validating: the people of the orders it pays, and whether the setting enforces it. */
export type PaymentSeparation = { people: OrderPeople; enforced: boolean }

const dutyRule = (actor: DutyActor, action: PaymentGroupPolicyAction): Refusal =>
  action === 'export'
    ? unless(canExportSepa(actor))
    : action === 'pay'
      ? unless(canRecordBankAnswers(actor))
      : unless(canPreparePayments(actor))

/**
 * A payment group's actions policy: the validators its circuit waits on (or their delegates)
 * validate and refuse — never who created or validated an order it pays, when separation of duties
 * is on (PAYMENT_SAME_PERSON); who prepares payments submits and cancels; who exports SEPA files
 * exports; who records the bank's answers marks lines paid. An action is open while one of its
 * lines can take it (the payment line's lifecycle).
 */
export const allowedPaymentGroupActions = (
  actor: DutyActor & { id: number; login: string },
  group: { line_statuses: readonly PaymentLineStatus[] },
  turn: CircuitTurn,
  separation?: PaymentSeparation,
): Decisions<PaymentGroupPolicyAction> =>
  decideEach(
    PAYMENT_GROUP_POLICY_ACTIONS,
    (action) =>
      action === 'validate' || action === 'refuse'
        ? firstRefusal(
            turnRefusal(actor, turn),
            action === 'validate' && separation !== undefined
              ? refusalOf(checkPaymentValidator(actor, separation.people, separation.enforced))
              : undefined,
          )
        : dutyRule(actor, action),
    (action) => {
      const moves = group.line_statuses.map((status) => paymentLineTransition(status, action))
      if (moves.some((move) => move.ok)) return undefined
      // Nothing validated to hand to the bank: a file already there, or nothing at all.
      if (action === 'export')
        return group.line_statuses.includes('planified')
          ? { code: 'EXPORT_IN_PROGRESS' }
          : { code: 'PAYMENT_NOTHING_TO_EXPORT' }
      // The first line's reason (a refused payment is final: PAYMENT_REFUSED_NEW_REQUIRED).
      const [first] = moves
      return first === undefined || first.ok
        ? notAllowed(action, paymentGroupStatus(group.line_statuses.map((status) => ({ status }))))
        : first.error
    },
  )

/** What a person may do to a bank account: change it, validate or refuse it (the second person), remove it. */
export const BANK_ACCOUNT_POLICY_ACTIONS = ['edit', 'validate', 'remove'] as const
export type BankAccountPolicyAction = (typeof BANK_ACCOUNT_POLICY_ACTIONS)[number]

/**
 * A bank account's actions policy: who keeps the owner's accounts changes and removes them
 * (checkCanManageBankAccountsOf); validating or refusing one is the second person's check — who
 * keeps them (an employee's own, only who manages bank accounts), never who entered or changed it
 * (BANK_ACCOUNT_SAME_PERSON), while it waits for validation.
 */
export const allowedBankAccountActions = (
  actor: DutyActor & { id: number; administrator?: boolean },
  owner: BankAccountOwner,
  account: { status: BankAccountStatus; changed_by: number },
): Decisions<BankAccountPolicyAction> =>
  decideEach(
    BANK_ACCOUNT_POLICY_ACTIONS,
    (action) =>
      firstRefusal(
        refusalOf(checkCanManageBankAccountsOf(actor, owner)),
        action === 'validate'
          ? firstRefusal(
              unless(owner.kind !== 'user' || canManageBankAccounts(actor)),
              unless(account.changed_by !== actor.id, { code: 'BANK_ACCOUNT_SAME_PERSON' }),
            )
          : undefined,
      ),
    (action) =>
      action === 'validate'
        ? unless(account.status === 'pending_validation', notAllowed(action, account.status))
        : undefined,
  )
