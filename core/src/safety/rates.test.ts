import { expect, test } from 'vitest'
import { frequencyRate, safetyRates, severityRate } from './rates'

test('TF = accidents / hours worked × 1,000,000', () => {
  expect(frequencyRate(3, 250_000)?.toString()).toBe('12')
  expect(frequencyRate(1, 300_000)?.toFixed(2)).toBe('3.33')
})

test('TG = days lost / hours worked × 1,000', () => {
  expect(severityRate(45, 250_000)?.toString()).toBe('0.18')
})

test('no hour worked gives no rate rather than a division by zero', () => {
  expect(frequencyRate(1, 0)).toBeNull()
  expect(severityRate(1, 0)).toBeNull()
})

test('TF1 counts accidents with lost time; TF2 all of them', () => {
  const rates = safetyRates({
    accidents_with_lost_time: 2,
    accidents_without_lost_time: 3,
    days_lost: 30,
    hours_worked: 500_000,
  })
  expect(rates.tf1?.toString()).toBe('4')
  expect(rates.tf2?.toString()).toBe('10')
  expect(rates.tg?.toString()).toBe('0.06')
})
