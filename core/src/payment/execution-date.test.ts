import { expect, test } from 'vitest'
import { easterSunday, isTargetBusinessDay, sepaExecutionDate } from './execution-date'

test.each([
  [2024, '2024-03-31'],
  [2025, '2025-04-20'],
  [2026, '2026-04-05'],
  [2027, '2027-03-28'],
])('Easter %i falls on %s', (year, date) => {
  expect(easterSunday(year)).toBe(date)
})

test.each([
  ['2026-11-24', true],
  ['2026-11-28', false], // Saturday
  ['2026-12-25', false],
  ['2026-12-26', false],
  ['2026-04-03', false], // Good Friday
  ['2026-04-06', false], // Easter Monday
  ['2026-05-01', false],
  ['2027-01-01', false],
])('%s is a TARGET business day: %s', (date, open) => {
  expect(isTargetBusinessDay(date)).toBe(open)
})

test.each([
  // today or later: kept
  ['2026-11-24', '2026-11-24', '2026-11-24', false],
  ['2026-12-01', '2026-11-24', '2026-12-01', false],
  // past: the next business day after today
  ['2026-07-23', '2026-11-24', '2026-11-25', true],
  ['2026-07-23', '2026-11-27', '2026-11-30', true], // Friday → Monday
  ['2026-12-01', '2026-12-24', '2026-12-28', true], // over Christmas and the weekend
])('a group dated %s exported on %s asks for %s (moved: %s)', (requested, today, date, moved) => {
  expect(sepaExecutionDate(requested, today)).toEqual({ date, requested, moved })
})
