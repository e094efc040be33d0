import { describe, expect, test } from 'vitest'
import { allowedOf, guard } from '../policy/decisions'
import { tableProblems } from '../policy/lifecycle'
import {
  AGREEMENT_ACTIONS,
  AGREEMENT_STATUSES,
  AGREEMENT_TRANSITIONS,
  type AgreementAction,
  AgreementInputSchema,
  type AgreementStatus,
  agreementActions,
  agreementStatusOn,
  agreementTransition,
  agreementUsedPercent,
  agreementWorth,
  allowedAgreementActions,
  checkDrawAllowed,
  consumption,
  drawFits,
  drawLimitUnits,
  drawOf,
  mayDecideAgreement,
} from './agreement'

const TABLE: [AgreementAction, AgreementStatus, AgreementStatus | null][] = [
  ['submit', 'draft', 'awaiting'],
  ['submit', 'awaiting', null],
  ['validate', 'awaiting', 'active'],
  ['validate', 'draft', null],
  ['refuse', 'awaiting', 'draft'],
  ['refuse', 'active', null],
  ['close', 'active', 'closed'],
  ['close', 'done', 'closed'],
  ['close', 'draft', null],
  ['cancel', 'draft', 'cancelled'],
  ['cancel', 'awaiting', 'cancelled'],
  ['cancel', 'active', null],
  ['expire', 'active', 'expired'],
  ['expire', 'done', 'expired'],
  ['expire', 'closed', null],
  ['exhaust', 'active', 'done'],
  ['exhaust', 'expired', null],
  ['replenish', 'done', 'active'],
  ['replenish', 'expired', null],
]

test.each(TABLE)('%s from %s leads to %s', (action, from, to) => {
  const result = agreementTransition(from, action)
  expect(result.ok ? result.value : null).toBe(to)
  if (!result.ok)
    expect(result.error).toEqual({ code: 'TRANSITION_NOT_ALLOWED', params: { action, status: from } })
})

test('every action from every status is either in the table or refused', () => {
  for (const action of AGREEMENT_ACTIONS)
    for (const status of AGREEMENT_STATUSES)
      expect(typeof agreementTransition(status, action).ok).toBe('boolean')
  expect(agreementActions('active')).toEqual(['close'])
  expect(agreementActions('draft')).toEqual(['submit', 'cancel'])
  // Expiry, exhaustion and replenishment are the jobs' and the draws', never a person's.
  for (const status of AGREEMENT_STATUSES)
    expect(agreementActions(status).some((a) => ['expire', 'exhaust', 'replenish'].includes(a))).toBe(false)
})

test.each([
  // [kind, ceiling, allowance %, drawn so far, drawn now, fits]
  ['quantity', '100', 0, '60', '40', true], // exactly reaching the ceiling
  ['quantity', '100', 0, '60', '40.001', false],
  ['quantity', '100', 10, '100', '10', true], // the allowance's boundary: 110
  ['quantity', '100', 10, '100', '10.001', false],
  ['quantity', '100', 10, '0', '110', true], // on the original ceiling, whatever remains
  ['amount', '5000.00', 0, '4999.99', '0.01', true],
  ['amount', '5000.00', 0, '4999.99', '0.02', false],
  ['amount', '5000.00', 2.5, '5000.00', '125.00', true],
  ['amount', '5000.00', 2.5, '5000.00', '125.0001', false],
] as const)(
  'a %s ceiling of %s (+%d %%), %s drawn: drawing %s fits: %s',
  (kind, ceiling, allowance, drawn, now, fits) => {
    const units = (value: string) =>
      drawOf(kind, {
        quantity: kind === 'quantity' ? value : '1',
        amount_exctax: kind === 'amount' ? value : '0',
      })
    expect(drawFits(drawLimitUnits(kind, ceiling, allowance), units(drawn), units(now))).toBe(fits)
  },
)

const agreement = {
  code: 'AGR-2026-0001',
  status: 'active' as AgreementStatus,
  supplier_id: 4,
  currency_code: 'EUR',
  starts_on: '2026-01-01',
  ends_on: '2026-12-31',
}
const order = { supplier_id: 4, currency_code: 'EUR', day: '2026-06-01' }

test.each([
  [{}, {}, null],
  [{}, { supplier_id: 5 }, 'AGREEMENT_OTHER_SUPPLIER'],
  [{}, { currency_code: 'USD' }, 'AGREEMENT_OTHER_CURRENCY'],
  [{}, { day: '2027-01-01' }, 'AGREEMENT_EXPIRED'],
  [{}, { day: '2026-12-31' }, null], // its last day still draws
  [{ status: 'expired' }, {}, 'AGREEMENT_EXPIRED'],
  [{}, { day: '2025-12-31' }, 'AGREEMENT_NOT_ACTIVE'],
  [{ status: 'draft' }, {}, 'AGREEMENT_NOT_ACTIVE'],
  [{ status: 'closed' }, {}, 'AGREEMENT_NOT_ACTIVE'],
  [{ status: 'done' }, {}, null], // the database's ceiling answers with what is left
] as const)('agreement %o, order %o: %s', (a, o, code) => {
  const result = checkDrawAllowed({ ...agreement, ...a }, { ...order, ...o })
  expect(result.ok ? null : result.error.code).toBe(code)
})

test('consumption: what was agreed, ordered, what remains and the share used', () => {
  expect(consumption('quantity', '250', 150_000)).toEqual({
    original: '250',
    drawn: '150',
    remaining: '100',
    used_percent: 60,
  })
  // Past the ceiling within the allowance: nothing remains, the share shows the overrun.
  expect(consumption('amount', '1000', 10_500_000)).toMatchObject({ remaining: '-50', used_percent: 105 })
})

test('an agreement ends on or after its start and has lines', () => {
  const input = {
    label: 'Paper 2026',
    supplier_id: 4,
    company_id: 1,
    currency_code: 'EUR',
    starts_on: '2026-01-01',
    ends_on: '2025-12-31',
    lines: [],
  }
  const parsed = AgreementInputSchema.safeParse(input)
  expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
    ['ends_on', 'DATE_AFTER_OR_EQUAL'],
    ['lines', 'SELECT_AT_LEAST_ONE'],
  ])
})

test('an agreement is worth its quantity ceilings at their prices plus its amount ceilings', () => {
  expect(
    agreementWorth([
      { ceiling_kind: 'quantity', ceiling: '400', unit_price_exctax: '21.90' },
      { ceiling_kind: 'amount', ceiling: '6000.00', unit_price_exctax: '89.00' },
    ]),
  ).toBe('14760')
  expect(agreementWorth([])).toBe('0')
})

test('an agreement in force or used up past its end shows expired from the next day, before the job runs', () => {
  const ending = (status: AgreementStatus) => ({ status, ends_on: '2026-06-30' })
  expect(agreementStatusOn(ending('active'), '2026-06-30')).toBe('active')
  expect(agreementStatusOn(ending('active'), '2026-07-01')).toBe('expired')
  expect(agreementStatusOn(ending('done'), '2026-07-01')).toBe('expired')
  for (const status of AGREEMENT_STATUSES.filter((s) => s !== 'active' && s !== 'done'))
    expect(agreementStatusOn(ending(status), '2027-01-01')).toBe(status)
})

describe('who decides on an agreement', () => {
  const validator = { id: 2, login: 'vera', role: 'validator' }
  const admin = { id: 3, login: 'ada', administrator: true }
  const buyer = { id: 1, login: 'bob', buyer: true, administrator: true }
  test('never the buyer who wrote it, even an administrator', () => {
    expect(mayDecideAgreement(buyer, { buyer_id: 1, waiting_on: null })).toBe(false)
    expect(mayDecideAgreement(buyer, { buyer_id: 1, waiting_on: ['bob'] })).toBe(false)
  })
  test('with circuit steps, only whom it waits on', () => {
    expect(mayDecideAgreement(validator, { buyer_id: 1, waiting_on: ['ada'] })).toBe(false)
    expect(mayDecideAgreement(admin, { buyer_id: 1, waiting_on: ['ada'] })).toBe(true)
  })
  test('without steps, a validator or an administrator', () => {
    expect(mayDecideAgreement(validator, { buyer_id: 1, waiting_on: null })).toBe(true)
    expect(mayDecideAgreement(admin, { buyer_id: 1, waiting_on: null })).toBe(true)
    expect(mayDecideAgreement({ id: 4, login: 'sam', role: 'user' }, { buyer_id: 1, waiting_on: null })).toBe(
      false,
    )
  })
  test('the actions offered follow the status and who decides', () => {
    const awaiting = { status: 'awaiting' as const, buyer_id: 1 }
    const offered = (
      actor: typeof buyer | typeof validator,
      a: typeof awaiting | { status: 'draft'; buyer_id: number },
    ) => allowedOf(allowedAgreementActions(actor, a, null))
    expect(offered(validator, awaiting)).toEqual(['validate', 'refuse'])
    expect(offered(buyer, awaiting)).not.toContain('validate')
    expect(offered(buyer, { ...awaiting, status: 'draft' })).toEqual(['submit', 'cancel'])
    expect(offered(validator, { ...awaiting, status: 'draft' })).toEqual([])
  })
  test('with circuit steps, whom it waits on or their delegate decides; the buyer is told it may not', () => {
    const awaiting = { status: 'awaiting' as const, buyer_id: 1 }
    const waits = { waitingOn: ['ada'], delegate: false }
    expect(guard(allowedAgreementActions(validator, awaiting, waits), 'validate')).toEqual({
      ok: false,
      error: { code: 'NOT_CURRENT_VALIDATOR' },
    })
    expect(
      guard(allowedAgreementActions(validator, awaiting, { ...waits, delegate: true }), 'validate').ok,
    ).toBe(true)
    expect(
      guard(allowedAgreementActions(buyer, awaiting, { waitingOn: ['bob'], delegate: false }), 'validate'),
    ).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN' },
    })
  })
})

test('an agreement used in percent of its worth: quantities at their price, a line counted up to its ceiling', () => {
  const line = (ceiling_kind: string, ceiling: string, unit_price_exctax: string, drawn_units: number) => ({
    ceiling_kind,
    ceiling,
    unit_price_exctax,
    drawn_units,
  })
  // 10 units at 50 (worth 500), 5 drawn: 250; an amount line of 500, 250 drawn: 500 of 1,000.
  expect(
    agreementUsedPercent([line('quantity', '10', '50', 5_000), line('amount', '500', '0', 2_500_000)]),
  ).toBe(50)
  expect(agreementUsedPercent([line('quantity', '10', '50', 20_000)])).toBe(100)
  expect(agreementUsedPercent([])).toBe(0)
})

test('the agreement lifecycle follows its table', () => {
  expect(
    tableProblems(AGREEMENT_TRANSITIONS, {
      statuses: AGREEMENT_STATUSES,
      actions: AGREEMENT_ACTIONS,
      apply: agreementTransition,
    }),
  ).toEqual([])
})
