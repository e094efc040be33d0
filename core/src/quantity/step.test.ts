import fc from 'fast-check'
import { expect, test } from 'vitest'
import { dec } from '../money/decimal'
import { checkQuantityStep, surroundingSteps } from './step'

test.each([
  ['0.3', '0.1', true],
  ['0.7', '0.1', true],
  ['1.2', '0.4', true],
  ['12', '6', true],
  ['0', '5', true],
  ['-10', '5', true],
  ['0.35', '0.1', false],
  ['7', '6', false],
  ['1', '0.3', false],
  ['3', null, true],
  ['3.1415', '0', true],
])('%s with step %s → %s', (quantity, step, valid) => {
  expect(checkQuantityStep(quantity, step).ok).toBe(valid)
})

test('the refusal names the step', () => {
  expect(checkQuantityStep('7', '6')).toEqual({
    ok: false,
    error: { code: 'QUANTITY_STEP', params: { step: '6' } },
  })
})

test('the surrounding multiples suggest a correction', () => {
  expect(surroundingSteps('7', '6')).toEqual({ below: '6', above: '12' })
  expect(surroundingSteps('0.35', '0.1')).toEqual({ below: '0.3', above: '0.4' })
})

const step = fc
  .integer({ min: 1, max: 10_000 })
  .chain((n) => fc.constantFrom(dec(n).div(1000), dec(n).div(10), dec(n)))

test('property: k × step is always accepted', () => {
  fc.assert(
    fc.property(
      step,
      fc.integer({ min: -10_000, max: 10_000 }),
      (s, k) => checkQuantityStep(s.times(k), s).ok,
    ),
  )
})

test('property: k × step plus a part of a step is always refused', () => {
  fc.assert(
    fc.property(
      step,
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 1, max: 99 }),
      (s, k, part) => !checkQuantityStep(s.times(k).plus(s.times(part).div(100)), s).ok,
    ),
  )
})
