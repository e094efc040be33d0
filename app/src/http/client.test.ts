import { ListIndexSchema } from '@procura/core/list'
import { afterEach, expect, test, vi } from 'vitest'
import { ApiError, apiFetch, checkedAnswer, readCookie } from './client'

const recorder = (response: Response) => {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    return response
  }) as unknown as typeof fetch
  return { calls, fetchImpl }
}

const headersOf = (init: RequestInit) => init.headers as Record<string, string>

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the server would
  document.cookie = 'XSRF-TOKEN=; max-age=0; path=/'
})

test('every call sends cookies and X-Requested-With', async () => {
  const { calls, fetchImpl } = recorder(Response.json({ ok: 1 }))
  expect(await apiFetch('/bwapi/config', {}, fetchImpl)).toEqual({ ok: 1 })
  expect(calls[0]?.init.credentials).toBe('include')
  expect(headersOf(calls[0]?.init ?? {})['X-Requested-With']).toBe('XMLHttpRequest')
})

test('a state-changing call sends the XSRF-TOKEN cookie back in X-XSRF-TOKEN, a read does not', async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the server would
  document.cookie = 'XSRF-TOKEN=abc%3D123; path=/'
  const { calls, fetchImpl } = recorder(new Response(null, { status: 204 }))
  await apiFetch('/bwapi/language/change', { method: 'post', body: { code: 'fr' } }, fetchImpl)
  await apiFetch('/bwapi/users/current', {}, fetchImpl)
  const post = calls[0]?.init ?? {}
  expect(post.method).toBe('POST')
  expect(headersOf(post)['X-XSRF-TOKEN']).toBe('abc=123')
  expect(headersOf(post)['Content-Type']).toBe('application/json')
  expect(post.body).toBe('{"code":"fr"}')
  expect(headersOf(calls[1]?.init ?? {})['X-XSRF-TOKEN']).toBeUndefined()
})

test('a FormData body goes as multipart (no JSON content type)', async () => {
  const { calls, fetchImpl } = recorder(Response.json({}))
  const form = new FormData()
  form.set('file', new Blob(['x']), 'x.csv')
  await apiFetch('/bwapi/import', { method: 'POST', body: form }, fetchImpl)
  expect(calls[0]?.init.body).toBe(form)
  expect(headersOf(calls[0]?.init ?? {})['Content-Type']).toBeUndefined()
})

test('an error answer throws ApiError with the status and the JSON body', async () => {
  const body = {
    message: 'Action not possible: there are errors in the form.',
    errors: { login: ['This field is required'] },
  }
  const { fetchImpl } = recorder(Response.json(body, { status: 422 }))
  const error = await apiFetch('/bwapi/users', { method: 'POST', body: {} }, fetchImpl).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  expect(error).toMatchObject({ status: 422, body, message: body.message })
})

test('a 503 carries the Retry-After delay even when the body does not', async () => {
  const { fetchImpl } = recorder(
    new Response('{"message":"The site is currently under maintenance."}', {
      status: 503,
      headers: { 'Retry-After': '30' },
    }),
  )
  const error = await apiFetch('/bwapi/x', {}, fetchImpl).catch((e: unknown) => e)
  expect(error).toMatchObject({ status: 503, body: { retry_after: 30 } })
})

test('a non-JSON error still gives an ApiError', async () => {
  const { fetchImpl } = recorder(new Response('<html>Bad gateway</html>', { status: 502 }))
  await expect(apiFetch('/bwapi/x', {}, fetchImpl)).rejects.toMatchObject({
    status: 502,
    message: 'HTTP 502',
  })
})

test('readCookie finds a cookie among others', () => {
  expect(readCookie('b', 'a=1; b=two%20words; c=3')).toBe('two words')
  expect(readCookie('z', 'a=1')).toBeUndefined()
})

test('in tests an answer is checked against its core schema: a mismatch names the path and the field', () => {
  const index = { title: 'Users', columns: [], filters: [], bulk_actions: [], per_page_options: [25] }
  expect(checkedAnswer(ListIndexSchema, '/bwapi/users/index', index)).toEqual(index)
  expect(() =>
    checkedAnswer(ListIndexSchema, '/bwapi/users/index', {
      ...index,
      columns: [{ key: 'login', label: 'Login' }],
    }),
  ).toThrow(/\/bwapi\/users\/index does not match its schema: columns\.0\.kind/)
})
