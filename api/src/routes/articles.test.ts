import { afterAll, beforeAll, expect, test } from 'vitest'
import { signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Found = {
  data: { label: string; reference: string; price_exctax: string; quantity_step: string | null }[]
}

test('a requester finds catalogue articles by label or reference, with the price of one unit', async () => {
  const requester = await signIn(t.app, 'requester')
  const byLabel = (await (await requester.get('/bwapi/articles/search?search=chair')).json()) as Found
  expect(byLabel.data.length).toBeGreaterThan(0)
  expect(byLabel.data.length).toBeLessThanOrEqual(20)
  for (const article of byLabel.data) expect(article.label.toLowerCase()).toContain('chair')
  const [first] = byLabel.data
  const byReference = (await (
    await requester.get(`/bwapi/articles/search?search=${first?.reference}`)
  ).json()) as Found
  expect(byReference.data.map((a) => a.reference)).toEqual([first?.reference])
  const [row] = (
    await t.client.execute({
      sql: 'SELECT price_exctax FROM articles WHERE reference = ?',
      args: [first?.reference ?? ''],
    })
  ).rows
  expect(first?.price_exctax).toBe(row?.price_exctax)
})

test('one letter finds nothing yet; a supplier contact may not search the catalogue', async () => {
  const requester = await signIn(t.app, 'requester')
  expect(((await (await requester.get('/bwapi/articles/search?search=c')).json()) as Found).data).toEqual([])
  expect((await (await signIn(t.app, 'supplier')).get('/bwapi/articles/search?search=chair')).status).toBe(
    403,
  )
})
