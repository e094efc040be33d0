import { expect, test } from 'vitest'
import { all, andThen, assertNever, err, map, ok } from './index'

test('map transforms a value and leaves a refusal untouched', () => {
  expect(map(ok(2), (n) => n * 3)).toEqual(ok(6))
  expect(map(err('NOPE'), (n: number) => n * 3)).toEqual(err('NOPE'))
})

test('andThen chains results and stops at the first refusal', () => {
  const half = (n: number) => (n % 2 === 0 ? ok(n / 2) : err('ODD'))
  expect(andThen(ok(8), half)).toEqual(ok(4))
  expect(andThen(ok(3), half)).toEqual(err('ODD'))
  expect(andThen(err('EARLY'), half)).toEqual(err('EARLY'))
})

test('all collects values or returns the first refusal', () => {
  expect(all([ok(1), ok(2)])).toEqual(ok([1, 2]))
  expect(all([ok(1), err('A'), err('B')])).toEqual(err('A'))
})

test('assertNever throws: reaching it is a bug', () => {
  expect(() => assertNever('x' as never)).toThrow('Unexpected value: "x"')
})
