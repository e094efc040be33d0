import { expect, test } from 'vitest'
import {
  checkAdjustmentQuantity,
  checkCanChangeInternalFlag,
  checkCanEnterStock,
  checkCanLeaveStock,
  checkMoveStocks,
  checkReservation,
  checkStockOut,
} from './rules'

const refused = (code: string, params?: Record<string, string>) => ({
  ok: false,
  error: params ? { code, params } : { code },
})
const accepted = { ok: true, value: undefined }

test.each([
  ['0', accepted],
  ['12.5', accepted],
  ['-1', refused('STOCK_ADJUSTMENT_NEGATIVE')],
  ['-0.001', refused('STOCK_ADJUSTMENT_NEGATIVE')],
])('adjusting to %s', (quantity, expected) => {
  expect(checkAdjustmentQuantity(quantity)).toEqual(expected)
})

test.each([
  [1, 2, accepted],
  ['A', 'B', accepted],
  [3, 3, refused('STOCK_MOVE_SAME_STOCK')],
  [3, '3', refused('STOCK_MOVE_SAME_STOCK')],
])('moving from %s to %s', (from, to, expected) => {
  expect(checkMoveStocks(from, to)).toEqual(expected)
})

test.each([
  ['10', '10', accepted],
  ['10', '3', accepted],
  ['10', '13', refused('STOCK_EXCEEDED', { exceeded: '3' })],
  ['0.5', '1.25', refused('STOCK_EXCEEDED', { exceeded: '0.75' })],
  ['0', '1', refused('STOCK_EXCEEDED', { exceeded: '1' })],
])('taking out of %s: %s units', (available, requested, expected) => {
  expect(checkStockOut(available, requested)).toEqual(expected)
})

test('only active articles enter stock; only internal ones leave it', () => {
  expect(checkCanEnterStock({ active: true })).toEqual(accepted)
  expect(checkCanEnterStock({ active: false })).toEqual(refused('ARTICLE_NOT_ACTIVE'))
  expect(checkCanLeaveStock({ internal: true })).toEqual(accepted)
  expect(checkCanLeaveStock({ internal: false })).toEqual(refused('ARTICLE_NOT_INTERNAL'))
})

test.each([
  ['0', 0, accepted],
  ['0.000', 0, accepted],
  ['1', 0, refused('INTERNAL_STATUS_BLOCKED')],
  ['0', 2, refused('INTERNAL_STATUS_BLOCKED')],
])('internal flag with stock %s and %i affiliated', (stock_quantity, affiliated_count, expected) => {
  expect(checkCanChangeInternalFlag({ stock_quantity, affiliated_count })).toEqual(expected)
})

test.each([
  ['0', '10', accepted],
  ['10', '10', accepted],
  ['10.5', '10', { ok: false, error: { code: 'TOO_LARGE', params: { max: '10' } } }],
  ['-1', '10', { ok: false, error: { code: 'TOO_SMALL', params: { min: 0 } } }],
])('reserving %s of %s', (reserved, actual, expected) => {
  expect(checkReservation(reserved, actual)).toEqual(expected)
})
