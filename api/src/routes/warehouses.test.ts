import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let requester: Agent
let main: number
let north: number
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  requester = await signIn(t.app, 'requester')
  main = await idOf('warehouses', 'MAIN')
  north = await idOf('warehouses', 'NORTH')
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
async function idOf(table: string, code: string, column = 'code') {
  return Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE ${column} = ?`, args: [code] })).rows[0]
      ?.id,
  )
}
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (
      await t.client.execute(
        'SELECT id, reference, label, internal, active, price_exctax FROM articles ORDER BY id',
      )
    ).rows,
    (await t.client.execute('SELECT * FROM stocks ORDER BY id')).rows,
  ])
const base = () => `/bwapi/warehouses/${main}/articles`
const newArticle = async () => ({
  reference: 'NEW-1',
  label: 'Label printer',
  unit_price_exctax: '120',
  quantity_step: '1',
  product_family_id: await idOf('product_families', 'IT'),
  features: [{ label: 'Speed', value: '150', unit: 'mm/s' }],
  suppliers: [
    {
      supplier_id: await idOf('suppliers', 'OFFICEPRO'),
      supplier_code: 'OP-LP',
      unit_price_exctax: '118',
      main: true,
    },
  ],
})

test('index, list with filters and sort, rows carrying warehouse_id and their actions', async () => {
  const index = await json(await buyer.get(`${base()}/index`))
  expect(index).toMatchObject({ title: 'Articles — Main warehouse', warehouse_id: main })
  // Its shipped warehouse reads in the reader's language, as the warehouse picker shows it.
  const french = await json(await (await signIn(t.app, 'validator')).get(`${base()}/index`))
  expect(french.title).toBe('Articles — Entrepôt principal')
  expect((index.bulk_actions as Json[]).map((b) => b.action)).toEqual([
    'activate',
    'deactivate',
    'favorite',
    'unfavorite',
  ])
  expect(
    ((await json(await requester.get(`${base()}/index`))).bulk_actions as Json[]).map((b) => b.action),
  ).toEqual(['favorite', 'unfavorite'])

  const family = await idOf('product_families', 'SAFETY')
  const list = await json(
    await buyer.get(`${base()}?product_family_id=${family}&sort=price&direction=desc&per_page=10`),
  )
  const rows = list.data as Json[]
  expect(rows).toHaveLength(10)
  expect(rows.every((r) => r.warehouse_id === main && r.product_family === 'Safety')).toBe(true)
  const prices = rows.map((r) => Number(r.price_exctax))
  expect(prices).toEqual([...prices].sort((a, b) => b - a))
  expect(list.meta).toMatchObject({ total: 60, warehouse_id: main })
  expect(rows[0]?.actions).toContainEqual({ action: 'edit', label: 'Edit' })

  const below = (await json(await buyer.get(`${base()}?stock_state=below_minimum&per_page=100`)))
    .data as Json[]
  expect(below.length).toBeGreaterThan(0)
  expect(below.every((r) => (r.stock as Json).below_minimum === true)).toBe(true)
  expect((await buyer.get(`${base()}?sort=colour`)).status).toBe(422)
})

test('a list asked for an inactive warehouse is served for the first active one (the app moves there)', async () => {
  await t.client.execute({ sql: 'UPDATE warehouses SET active = false WHERE id = ?', args: [north] })
  const list = await json(await buyer.get(`/bwapi/warehouses/${north}/articles?per_page=5`))
  expect(list.meta).toMatchObject({ warehouse_id: main })
  expect((list.data as Json[]).every((r) => r.warehouse_id === main)).toBe(true)
  expect((await buyer.get('/bwapi/warehouses/999/articles/index')).status).toBe(404)
})

test('filter lists, classification searches, feature options, help items, warehouse, field search', async () => {
  const families = (await json(await buyer.get(`${base()}/filter-list/product_family_id?search=saf`)))
    .data as Json[]
  expect(families.map((f) => f.label)).toEqual(['Safety'])
  expect((await buyer.get(`${base()}/filter-list/secret`)).status).toBe(404)
  const type = await idOf('product_family_types', 'EQUIPMENT')
  const inType = (
    await json(await buyer.get(`${base()}/get-product-families-searched?product_family_type=${type}`))
  ).data as Json[]
  expect(inType.map((f) => f.code).sort()).toEqual(['FURNITURE', 'IT', 'SAFETY'])
  const subs = (await json(await buyer.get(`${base()}/get-product-subfamilies-searched?search=glo`)))
    .data as Json[]
  expect(subs.map((s) => s.code)).toEqual(['GLOVES'])
  expect(
    ((await json(await buyer.get(`${base()}/get-product-family-types-searched`))).data as Json[]).length,
  ).toBe(2)
  expect((await json(await buyer.get(`${base()}/get-features-options`))).data).toEqual([
    { label: 'Diagonal', units: ['in'] },
  ])
  expect(
    ((await json(await buyer.get(`${base()}/get-help-items`))).data as Json[]).map((h) => h.field),
  ).toContain('quantity_step')
  expect((await json(await buyer.get(`/bwapi/warehouses/${main}/get-warehouse`))).data).toMatchObject({
    code: 'MAIN',
    warehouses: expect.any(Array),
  })
  const values = await json(
    await buyer.post(`${base()}/search-field`, { field: 'conditioning', search: 'box' }),
  )
  expect(values.data).toEqual(['Box of 10'])
  expect((await buyer.post(`${base()}/search-field`, { field: 'password', search: '' })).status).toBe(422)
  const stocked = (await json(await buyer.get(`${base()}/get-articles-stock?search=ART-00000`)))
    .data as Json[]
  expect(stocked.every((r) => r.warehouse_id === main && r.stock !== null)).toBe(true)
})

test('create answers data.id, show tells everything, update traces the fields changed, history lists it', async () => {
  const form = await json(await buyer.get(`${base()}/create`))
  expect(Object.keys(form)).toEqual([
    'product_family_types',
    'product_families',
    'product_subfamilies',
    'suppliers',
    'vat_rates',
  ])
  const created = await buyer.post(base(), await newArticle())
  expect(created.status).toBe(201)
  const id = ((await json(created)).data as { id: number }).id
  const shown = (await json(await buyer.get(`${base()}/${id}/show`))).data as Json
  expect(shown).toMatchObject({
    reference: 'NEW-1',
    price_exctax: '120.000000',
    price_inctax: '144.000000',
    product_family: 'IT equipment',
    supplier_code: 'OP-LP',
    features: [expect.objectContaining({ label: 'Speed', unit: 'mm/s' })],
    suppliers: [
      expect.objectContaining({ supplier: 'OfficePro Supplies', unit_price_exctax: '118', main: true }),
    ],
    stock: null,
    warehouse_id: main,
  })
  const update = await buyer.request(`${base()}/${id}`, {
    method: 'PUT',
    body: { ...(await newArticle()), label: 'Label printer Pro', unit_price_exctax: '130' },
  })
  expect(update.status).toBe(200)
  await buyer.post(`${base()}/${id}/add-feature`, { label: 'Width', value: '62', unit: 'mm' })
  const history = (await json(await buyer.get(`${base()}/${id}/get-article-history`))).data as Json[]
  expect(history.map((h) => h.action)).toEqual(['add_feature', 'update', 'create'])
  expect(history[1]?.message).toBe('Article NEW-1 updated: label, unit_price_exctax')
  const offers = (await json(await buyer.get(`${base()}/${id}/get-supplier-articles`))).data as Json[]
  expect(offers.map((o) => o.supplier_code)).toEqual(['OP-LP'])
  expect((await json(await buyer.get(`${base()}/${id}/get-stock-suppliers`))).data).toHaveLength(1)
})

test('refused article writes change nothing: taken reference, bad values, unknown family, a requester', async () => {
  const before = await snapshot()
  const taken = await buyer.post(base(), { ...(await newArticle()), reference: 'ART-000001' })
  expect(taken.status).toBe(422)
  expect((await json(taken)).errors).toEqual({ reference: ['Product already referenced'] })
  const bad = await buyer.post(base(), {
    ...(await newArticle()),
    unit_price_exctax: '-3',
    product_family_id: 9999,
  })
  expect(Object.keys((await json(bad)).errors as Json).sort()).toEqual(['unit_price_exctax'])
  const unknown = await buyer.post(base(), { ...(await newArticle()), product_family_id: 9999 })
  expect((await json(unknown)).errors).toEqual({ product_family_id: [expect.any(String)] })
  expect((await requester.post(base(), await newArticle())).status).toBe(403)
  expect(await snapshot()).toBe(before)
})

test('check-reference: free, taken ("Product already referenced"), empty (422); the article itself may keep its own', async () => {
  expect(await json(await buyer.get(`${base()}/check-reference/FREE-REF`))).toEqual({
    data: { available: true },
  })
  const taken = await buyer.get(`${base()}/check-reference/ART-000001`)
  expect(taken.status).toBe(422)
  expect((await json(taken)).errors).toEqual({ reference: ['Product already referenced'] })
  expect((await buyer.get(`${base()}/check-reference/`)).status).toBe(422)
  const own = await idOf('articles', 'ART-000001', 'reference')
  expect((await buyer.get(`${base()}/check-reference/ART-000001?article=${own}`)).status).toBe(200)
})

test('the internal flag cannot change while the article has stock', async () => {
  const row = (
    await t.client.execute(
      'SELECT a.id, a.reference FROM articles a JOIN stocks s ON s.article_id = a.id WHERE a.internal = true AND s.actual > 0 LIMIT 1',
    )
  ).rows[0]
  const id = Number(row?.id)
  const shown = (await json(await buyer.get(`${base()}/${id}/show`))).data as Json
  const before = await snapshot()
  const input = {
    reference: shown.reference,
    label: shown.label,
    unit_price_exctax: shown.unit_price_exctax,
    unit_number_per_price: shown.unit_number_per_price,
    quantity_step: shown.quantity_step,
    internal: false,
  }
  const refused = await buyer.request(`${base()}/${id}`, { method: 'PUT', body: input })
  expect(refused.status).toBe(422)
  expect(JSON.stringify(await json(refused))).toContain('internal')
  expect(await snapshot()).toBe(before)
})

test('contextual menu, favourites in bulk, activation in bulk for buyers only', async () => {
  const id = await idOf('articles', 'ART-000002', 'reference')
  const menu = await json(await requester.get(`${base()}/${id}/contextual-menu`))
  expect((menu.actions as Json[]).map((a) => a.action)).toEqual(['show', 'add_to_cart', 'favorite'])
  expect(
    await json(await requester.post(`${base()}/do-bulk-action`, { action: 'favorite', ids: [id] })),
  ).toEqual({ data: { done: [id], failed: [] } })
  const favourites = (await json(await requester.get(`${base()}?favorite=1`))).data as Json[]
  expect(favourites.map((r) => r.id)).toEqual([id])
  const before = await snapshot()
  expect((await requester.post(`${base()}/do-bulk-action`, { action: 'deactivate', ids: [id] })).status).toBe(
    403,
  )
  expect(
    (await buyer.post(`${base()}/do-bulk-action`, { action: 'deactivate', ids: [id, 999999] })).status,
  ).toBe(404)
  expect((await buyer.post(`${base()}/do-bulk-action`, { action: 'explode', ids: [id] })).status).toBe(422)
  expect(await snapshot()).toBe(before)
  expect(
    await json(await buyer.post(`${base()}/do-bulk-action`, { action: 'deactivate', ids: [id] })),
  ).toEqual({ data: { done: [id], failed: [] } })
  expect(
    Number(
      (await t.client.execute({ sql: 'SELECT active FROM articles WHERE id = ?', args: [id] })).rows[0]
        ?.active,
    ),
  ).toBe(0)
})

test('an image is uploaded with the file checks, served, and removed', async () => {
  const id = await idOf('articles', 'ART-000003', 'reference')
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
  const send = (name: string, bytes: Uint8Array) => {
    const form = new FormData()
    form.set('file', new File([bytes], name))
    return buyer.request(`${base()}/${id}/upload-image`, { method: 'POST', form })
  }
  const before = await snapshot()
  expect((await send('notes.txt', new TextEncoder().encode('hello'))).status).toBe(422)
  expect((await send('fake.png', new TextEncoder().encode('not an image'))).status).toBe(422)
  expect(await snapshot()).toBe(before)
  expect((await send('photo.png', png)).status).toBe(200)
  const image = await buyer.get(`${base()}/${id}/image`)
  expect(image.headers.get('content-type')).toBe('image/png')
  expect((await buyer.request(`${base()}/${id}/delete-image`, { method: 'DELETE' })).status).toBe(200)
  expect((await buyer.get(`${base()}/${id}/image`)).status).toBe(404)
})

test('export-headers downloads articles.csv with the header and every article', async () => {
  const response = await buyer.post(`${base()}/export-headers`)
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="articles.csv"')
  const bytes = new Uint8Array(await response.arrayBuffer())
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // a BOM, so spreadsheets read UTF-8
  const lines = new TextDecoder().decode(bytes).trim().split('\r\n')
  expect(lines[0]).toBe(
    '"id";"reference";"label";"supplier_code";"unit_price_exctax";"unit_number_per_price";"original_unit_price_exctax";"quantity_step";"vat_rate";"vat_rate_2";"conditioning";"supplier_sheet_url";"internal";"active";"product_family_type";"product_family";"product_subfamily"',
  )
  expect(lines).toHaveLength(301)
  expect(lines[1]).toMatch(/^"1";"ART-000001";/)
})

test('the warehouses list and refresh-index', async () => {
  const list = (await json(await requester.get('/bwapi/warehouses'))).data as Json[]
  expect(list.map((w) => w.code)).toEqual(['MAIN', 'NORTH'])
  const refreshed = await json(await buyer.get(`${base()}/refresh-index`))
  expect(refreshed).toMatchObject({ warehouse_id: main, refreshed_at: '2026-11-21T10:00:00.000Z' })
  expect((await buyer.get('/bwapi/warehouses/abc/articles/index')).status).toBe(404)
})

test('the product’s reference data reads in the user’s language; a name the organisation changed stays as written', async () => {
  await requester.post('/bwapi/language/change', { code: 'fr' })
  const list = (await json(await requester.get('/bwapi/warehouses'))).data as Json[]
  expect(list.map((w) => w.label)).toEqual(['Entrepôt principal', 'Dépôt nord'])
  const rows = (await json(await requester.get(`${base()}?search=chair&per_page=1`))).data as Json[]
  expect(rows[0]?.product_family).toBe('Mobilier')
  const options = (await json(await requester.get(`${base()}/filter-list/product_family_id`))).data as Json[]
  expect(options.map((o) => o.label)).toContain('Matériel informatique')

  await t.client.execute("UPDATE warehouses SET label = 'Lyon hub' WHERE code = 'MAIN'")
  const renamed = (await json(await requester.get('/bwapi/warehouses'))).data as Json[]
  expect(renamed.map((w) => w.label)).toEqual(['Lyon hub', 'Dépôt nord'])
})
