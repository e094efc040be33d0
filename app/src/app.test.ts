import { expect, test } from 'vitest'
import { retryRead } from './app'
import { ApiError } from './http/client'

test('a read is tried again once after a network or server failure, never after a refusal', () => {
  expect(retryRead(0, new TypeError('Network error'))).toBe(true)
  expect(retryRead(0, new ApiError(503, {}))).toBe(true)
  expect(retryRead(1, new ApiError(503, {}))).toBe(false)
  expect(retryRead(0, new ApiError(422, {}))).toBe(false)
  expect(retryRead(0, new ApiError(404, {}))).toBe(false)
})
