import { formError } from '@procura/core/errors'
import { expect, test } from 'vitest'
import { problemBody, problemResponse, statusOf } from './problem'

test.each([
  ['UNAUTHENTICATED', 401],
  ['FORBIDDEN', 403],
  ['CANT_INDEX', 403],
  ['NOT_FOUND', 404],
  ['LINK_EXPIRED', 498],
  ['SERVER_ERROR', 500],
  ['MAINTENANCE', 503],
  ['FORM_ERRORS', 422],
  ['MODEL_LOCKED', 409],
  ['LIMIT_REACHED', 422],
] as const)('%s answers HTTP %i', (code, status) => {
  expect(statusOf(code)).toBe(status)
})

test('page answers carry only the message', () => {
  expect(problemBody({ code: 'FORBIDDEN' }, 'en')).toEqual({ message: 'This action is not allowed.' })
  expect(problemBody({ code: 'NOT_FOUND' }, 'fr')).toEqual({ message: "Cette page n'existe pas." })
})

test('a business refusal carries its translated message and its stable code', () => {
  expect(problemBody({ code: 'LIMIT_REACHED', params: { limit: 3 } }, 'es')).toEqual({
    message: 'Límite de 3 alcanzado',
    code: 'LIMIT_REACHED',
  })
})

test('a form error lists translated messages per field', () => {
  const body = problemBody(formError({ login: [{ code: 'FIELD_REQUIRED' }] }), 'en')
  expect(body).toEqual({
    message: 'Action not possible: there are errors in the form.',
    errors: { login: ['This field is required'] },
  })
})

test('the response has the status, JSON type and extra headers', async () => {
  const response = problemResponse({ code: 'MAINTENANCE' }, 'en', { 'retry-after': '60' })
  expect(response.status).toBe(503)
  expect(response.headers.get('retry-after')).toBe('60')
  expect(response.headers.get('content-type')).toContain('application/json')
  expect(await response.json()).toEqual({ message: 'The site is currently under maintenance.' })
})
