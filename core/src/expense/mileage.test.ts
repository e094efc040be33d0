import { expect, test } from 'vitest'
import { bandsOf, settleMileage, yearAmount } from './mileage'
import { FRENCH_SCALE_2024 } from './scale'

const car = (fiscal_horsepower: number, electric = false) =>
  bandsOf(FRENCH_SCALE_2024, { transport_mean: 'car', fiscal_horsepower, electric })
const open = (id: number, distance: string) => ({ id, distance, granted: null })
const year = (bands: ReturnType<typeof car>, d: string, bonus = '0') =>
  yearAmount(bands, d, bonus)?.toFixed(2)

test.each([
  // Hand-worked from the published scale: d × a + b in the band holding the year's distance.
  ['3 CV, 4,000 km: 4,000 × 0.529', 3, '4000', '2116.00'],
  ['3 CV, 5,000 km: the first band ends there', 3, '5000', '2645.00'],
  ['3 CV, 7,000 km: 7,000 × 0.316 + 1,065', 3, '7000', '3277.00'],
  ['3 CV, 25,000 km: 25,000 × 0.370', 3, '25000', '9250.00'],
  ['5 CV, 12,000 km: 12,000 × 0.357 + 1,395', 5, '12000', '5679.00'],
  ['2 CV takes the "3 CV and less" category', 2, '1000', '529.00'],
  ['9 CV takes "7 CV and more": 30,000 × 0.470', 9, '30000', '14100.00'],
])('%s', (_, cv, distance, amount) => {
  expect(year(car(cv), distance)).toBe(amount)
})

test('two-wheelers: their own bands at 3,000 and 6,000 km', () => {
  const motorbike = (fiscal_horsepower: number) =>
    bandsOf(FRENCH_SCALE_2024, { transport_mean: 'motorbike_over_50cc', fiscal_horsepower, electric: false })
  expect(year(motorbike(2), '4000')).toBe('1287.00') // 4,000 × 0.099 + 891
  expect(year(motorbike(5), '2000')).toBe('936.00') // 2,000 × 0.468
  expect(year(motorbike(8), '7000')).toBe('2401.00') // 7,000 × 0.343
  const moped = bandsOf(FRENCH_SCALE_2024, {
    transport_mean: 'bike_under_50cc',
    fiscal_horsepower: 0,
    electric: false,
  })
  expect(year(moped, '7000')).toBe('1386.00') // 7,000 × 0.198
})

test('an electric car gets 20 % on top of the scale', () => {
  expect(year(car(3), '4000', '20')).toBe('2539.20')
})

test('a band change within the year is exact: each trip is granted the year-to-date difference', () => {
  const settled = settleMileage(
    car(3),
    [open(1, '3000'), open(2, '4000'), open(3, '14000'), open(4, '5000')],
    2,
  )
  // 3,000 × 0.529 = 1,587; at 7,000 km the year is worth 3,277, so the second trip is 1,690 (not
  // 4,000 × 0.529 = 2,116 as a band chosen once would give); at 21,000 km: 7,770; at 26,000: 9,620.
  expect(Object.fromEntries(settled ?? [])).toEqual({
    1: '1587.00',
    2: '1690.00',
    3: '4493.00',
    4: '1850.00',
  })
  const sum = [...(settled?.values() ?? [])].reduce((s, v) => s + Number(v), 0)
  expect(sum.toFixed(2)).toBe(year(car(3), '26000'))
})

test('expenses already in a report keep their amount; the next one makes up the difference', () => {
  const settled = settleMileage(car(3), [{ id: 1, distance: '3000', granted: '1587.00' }, open(2, '4000')], 2)
  expect(Object.fromEntries(settled ?? [])).toEqual({ 2: '1690.00' })
})

test('rounded to the cent, the trips still add up to the year’s amount', () => {
  const settled = settleMileage(car(3), [open(1, '12.5'), open(2, '12.5')], 2)
  // 12.5 × 0.529 = 6.6125 → 6.61; 25 × 0.529 = 13.225 → 13.23, so the second is 6.62.
  expect(Object.fromEntries(settled ?? [])).toEqual({ 1: '6.61', 2: '6.62' })
})

test('a distance beyond every band of a scale without an open last band has no amount', () => {
  const closed = car(3).filter((b) => b.max_distance !== null)
  expect(yearAmount(closed, '30000')).toBeNull()
  expect(settleMileage(closed, [open(1, '30000')], 2)).toBeNull()
})
