import { expect, test } from 'vitest'
import { allowedOf, guard } from '../policy/decisions'
import {
  canExportSepa,
  canPreparePayments,
  canRecordBankAnswers,
  checkCanManageBankAccountsOf,
  checkPaymentValidator,
  orderPeople,
  seesAllPayments,
} from './access'
import { allowedBankAccountActions } from './policy'

test.each([
  [[], false, false, false],
  [['prepare_payments'], true, false, false],
  [['export_sepa'], false, true, false],
  [['import_bank_answers'], false, false, true],
] as const)(
  'permissions %j: prepare %s, export %s, record %s',
  (permissions, prepare, exportSepa, record) => {
    const actor = { permissions }
    expect([canPreparePayments(actor), canExportSepa(actor), canRecordBankAnswers(actor)]).toEqual([
      prepare,
      exportSepa,
      record,
    ])
    expect(seesAllPayments(actor)).toBe(prepare || exportSepa || record)
  },
)

test('whoever created or validated an order does not validate its payment, unless the control is off', () => {
  const people = { creator_ids: [7], validator_logins: ['manager'] }
  expect(checkPaymentValidator({ id: 7, login: 'buyer' }, people, true)).toEqual({
    ok: false,
    error: { code: 'PAYMENT_SAME_PERSON' },
  })
  expect(checkPaymentValidator({ id: 9, login: 'manager' }, people, true).ok).toBe(false)
  expect(checkPaymentValidator({ id: 9, login: 'cfo' }, people, true).ok).toBe(true)
  expect(checkPaymentValidator({ id: 7, login: 'buyer' }, people, false).ok).toBe(true)
})

test('the people of orders: their creators, and who validated them or on whose behalf', () => {
  const step = (status: string, by: string | null, on_behalf_of: string | null = null) => ({
    rank: 1,
    validators: ['manager'],
    status: status as 'validated',
    by,
    on_behalf_of,
    at: null,
  })
  expect(
    orderPeople([
      { buyer_id: 3, circuit: { steps: [step('validated', 'dana', 'manager'), step('pending', null)] } },
      { buyer_id: 3, circuit: null },
      { buyer_id: 4, circuit: { steps: [step('refused', 'cfo')] } },
    ]),
  ).toEqual({ creator_ids: [3, 4], validator_logins: ['dana', 'manager'] })
})

test('bank accounts: who keeps whose, and the second person who validates', () => {
  const ap = { id: 1, permissions: ['manage_bank_accounts' as const] }
  const admin = { id: 2, administrator: true }
  const employee = { id: 3 }
  const waiting: { status: 'pending_validation' | 'validated'; changed_by: number } = {
    status: 'pending_validation',
    changed_by: 3,
  }
  expect(checkCanManageBankAccountsOf(ap, { kind: 'supplier', id: 9 }).ok).toBe(true)
  expect(checkCanManageBankAccountsOf(employee, { kind: 'supplier', id: 9 }).ok).toBe(false)
  expect(checkCanManageBankAccountsOf(admin, { kind: 'company', id: 1 }).ok).toBe(true)
  expect(checkCanManageBankAccountsOf(ap, { kind: 'company', id: 1 }).ok).toBe(false)
  expect(checkCanManageBankAccountsOf(employee, { kind: 'user', id: 3 }).ok).toBe(true)
  // The employee enters their own account; who manages bank accounts validates it, not them.
  const decide = (
    actor: typeof ap | typeof employee,
    owner: { kind: 'user' | 'supplier'; id: number },
    account = waiting,
  ) => guard(allowedBankAccountActions(actor, owner, account), 'validate')
  expect(decide(employee, { kind: 'user', id: 3 })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } })
  expect(decide(ap, { kind: 'user', id: 3 }).ok).toBe(true)
  expect(decide(ap, { kind: 'supplier', id: 9 }, { ...waiting, changed_by: 1 })).toEqual({
    ok: false,
    error: { code: 'BANK_ACCOUNT_SAME_PERSON' },
  })
  // Only while it waits; the employee changes and removes their own.
  expect(decide(ap, { kind: 'supplier', id: 9 }, { ...waiting, status: 'validated' })).toEqual({
    ok: false,
    error: { code: 'TRANSITION_NOT_ALLOWED', params: { action: 'validate', status: 'validated' } },
  })
  expect(allowedOf(allowedBankAccountActions(employee, { kind: 'user', id: 3 }, waiting))).toEqual([
    'edit',
    'remove',
  ])
})
