import { validate } from '@scalar/openapi-parser'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { declaredRoutes } from '../http/openapi'
import { agent } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let document: {
  openapi: string
  paths: Record<string, Record<string, { responses: object; tags: string[] }>>
}
beforeAll(async () => {
  t = await createTestApp()
  const response = await agent(t.app).get('/bwapi/openapi.json')
  expect(response.status).toBe(200)
  document = (await response.json()) as typeof document
})
afterAll(() => t.close())

test('the document is valid OpenAPI 3.1', async () => {
  expect(document.openapi).toBe('3.1.0')
  const result = await validate(structuredClone(document))
  expect(result.errors ?? []).toEqual([])
  expect(result.valid).toBe(true)
})

test('every /bwapi route is declared, and the document has every one of them', () => {
  const routes = [...declaredRoutes(t.app)].filter(([key]) => key.split(' ')[1]?.startsWith('/bwapi/'))
  expect(routes.length).toBeGreaterThan(120)
  expect(routes.filter(([, declared]) => !declared).map(([key]) => key)).toEqual([])
  for (const [key] of routes) {
    const [method = '', path = ''] = key.split(' ')
    expect(document.paths[path]?.[method.toLowerCase()], key).toBeDefined()
  }
})

test('each operation has a tag and its refusals', () => {
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      expect(operation.tags.length, `${method} ${path}`).toBeGreaterThan(0)
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain('422')
    }
})

test('the reference page is served from this server, with the document it reads', async () => {
  const guest = agent(t.app)
  const page = await guest.get('/bwapi/docs')
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('data-url="/bwapi/openapi.json"')
  expect(html).toContain('src="/bwapi/docs/scalar.js"')
  expect(html).not.toMatch(/https?:\/\//)
  const script = await guest.get('/bwapi/docs/scalar.js')
  expect(script.status).toBe(200)
  expect(script.headers.get('content-type')).toContain('javascript')
})
