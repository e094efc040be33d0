import { type DutyActor, hasDuty } from '../auth/duties'
import type { CircuitState } from '../circuit/runtime'
import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'

/** Building payment groups and proposals, submitting and cancelling their lines. */
export const canPreparePayments = (actor: DutyActor): boolean => hasDuty(actor, 'prepare_payments')

/** Handing payments to the bank: SEPA files. */
export const canExportSepa = (actor: DutyActor): boolean => hasDuty(actor, 'export_sepa')

/** Recording what the bank did: its status reports, or marking lines paid by hand. */
export const canRecordBankAnswers = (actor: DutyActor): boolean => hasDuty(actor, 'import_bank_answers')

/** Entering, validating and removing bank accounts (a changed IBAN is still validated by someone else). */
export const canManageBankAccounts = (actor: DutyActor): boolean => hasDuty(actor, 'manage_bank_accounts')

/** Who sees every payment group (others see only the groups whose circuit names them). */
export const seesAllPayments = (actor: DutyActor): boolean =>
  canPreparePayments(actor) || canExportSepa(actor) || canRecordBankAnswers(actor)

/** The people of the orders a payment settles: who created them and who validated them. */
export type OrderPeople = { creator_ids: readonly number[]; validator_logins: readonly string[] }

/** Who created and who validated these orders (a delegate's validation counts for both). */
export const orderPeople = (
  orders: readonly { buyer_id: number; circuit: CircuitState | null }[],
): OrderPeople => ({
  creator_ids: [...new Set(orders.map((o) => o.buyer_id))],
  validator_logins: [
    ...new Set(
      orders.flatMap((o) =>
        (o.circuit?.steps ?? [])
          .filter((s) => s.status === 'validated')
          .flatMap((s) => [s.by, s.on_behalf_of].filter((l): l is string => l !== null)),
      ),
    ),
  ],
})

/**
 * Separation of duties (settings misc.payment_separation_of_duties, on by default): the person who
 * created or validated an order does not validate the payment of its invoices (or its deposit).
 * An empty circuit validates at submission: then the one submitting is the one validating.
 */
export const checkPaymentValidator = (
  actor: { id: number; login: string },
  people: OrderPeople,
  enforced: boolean,
): Result<void, DomainError> =>
  enforced && (people.creator_ids.includes(actor.id) || people.validator_logins.includes(actor.login))
    ? err({ code: 'PAYMENT_SAME_PERSON' })
    : ok(undefined)

/** Whose bank account: a supplier's (paid), a company's (debited) or an employee's (paid their expense reports). */
export type BankAccountOwner = { kind: 'supplier' | 'company' | 'user'; id: number }

/**
 * Who keeps a bank account: a supplier's, who manages bank accounts (accounts payable, finance);
 * a paying company's, the administrators; an employee's, the employee (and who manages bank
 * accounts, who validates it: a changed employee IBAN is a known fraud vector too).
 */
export const checkCanManageBankAccountsOf = (
  actor: DutyActor & { id: number; administrator?: boolean },
  owner: BankAccountOwner,
): Result<void, DomainError> =>
  (
    owner.kind === 'supplier'
      ? canManageBankAccounts(actor)
      : owner.kind === 'user'
        ? owner.id === actor.id || canManageBankAccounts(actor)
        : actor.administrator === true
  )
    ? ok(undefined)
    : err({ code: 'FORBIDDEN' })
