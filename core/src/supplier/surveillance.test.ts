import { expect, test } from 'vitest'
import { parseWith } from '../errors/parse'
import { dec } from '../money/decimal'
import {
  annualScore,
  averageScore,
  hseRate,
  isFlagged,
  missedObjectives,
  SafetyInputSchema,
} from './surveillance'

test.each([
  ['no month worked', [{ hours_worked: 0, accidents_with_lost_time: 0 }], null],
  [
    'one month of four with a lost-time accident: 75 %',
    [
      { hours_worked: 1000, accidents_with_lost_time: 0 },
      { hours_worked: 1000, accidents_with_lost_time: 1 },
      { hours_worked: 800, accidents_with_lost_time: 0 },
      { hours_worked: 900, accidents_with_lost_time: 0 },
      { hours_worked: 0, accidents_with_lost_time: 0 },
    ],
    '75',
  ],
  [
    'two of three: 66.7 %',
    [
      { hours_worked: 10, accidents_with_lost_time: 0 },
      { hours_worked: 10, accidents_with_lost_time: 0 },
      { hours_worked: 10, accidents_with_lost_time: 2 },
    ],
    '66.7',
  ],
])('HSE: %s', (_, months, expected) => {
  expect(hseRate(months)?.toString() ?? null).toBe(expected)
})

test('the average score and the annual score use what was measured only', () => {
  expect(averageScore([4, 5, 3])?.toString()).toBe('4')
  expect(averageScore([4, 5])?.toString()).toBe('4.5')
  expect(averageScore([])).toBeNull()
  // (90 + 80 + 4.5 × 20) / 3 = 86.7, HSE not measured.
  expect(annualScore({ otd: dec(90), oqd: dec(80), hse: null, rating: dec('4.5') })?.toString()).toBe('86.7')
  expect(annualScore({ otd: null, oqd: null, hse: null, rating: null })).toBeNull()
})

test.each([
  ['every figure meets its objective', { otd: '96', oqd: '99', hse: '100', rating: '4' }, []],
  ['on-time delivery under 95 %', { otd: '94.9', oqd: '99', hse: '100', rating: '4' }, ['otd']],
  ['HSE under its objective', { otd: '96', oqd: '99', hse: '91.7', rating: '4' }, ['hse']],
  ['rating under 3 on 5', { otd: '96', oqd: '99', hse: '100', rating: '2.99' }, ['rating']],
  ['a rating of exactly 3 meets the threshold', { otd: '95', oqd: '95', hse: '95', rating: '3' }, []],
  ['quality and rating under', { otd: '96', oqd: '80', hse: null, rating: '2' }, ['oqd', 'rating']],
  ['nothing measured', { otd: null, oqd: null, hse: null, rating: null }, []],
])('flagged where buyers choose suppliers: %s', (_, figures, missed) => {
  const read = (v: string | null) => (v === null ? null : dec(v))
  const measured = {
    otd: read(figures.otd),
    oqd: read(figures.oqd),
    hse: read(figures.hse),
    rating: read(figures.rating),
  }
  const objectives = { otd: 95, oqd: 95, hse: 95, rating: 3 }
  expect(missedObjectives(measured, objectives)).toEqual(missed)
  expect(isFlagged(measured, objectives)).toBe(missed.length > 0)
})

test('days are lost only through an accident with lost time', () => {
  const refused = parseWith(SafetyInputSchema, {
    month: '2026-10',
    hours_worked: 1200,
    accidents_with_lost_time: 0,
    accidents_without_lost_time: 1,
    days_lost: 3,
  })
  expect(!refused.ok && refused.error.fields?.days_lost?.[0]?.code).toBe('INVALID_VALUE')
})
