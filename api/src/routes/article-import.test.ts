import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let buyer: Agent
let main: number
beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  main = Number((await t.client.execute("SELECT id FROM warehouses WHERE code = 'MAIN'")).rows[0]?.id)
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const upload = (content: string, name = 'articles.csv', agent = buyer) => {
  const form = new FormData()
  form.set('file', new File([content], name, { type: 'text/csv' }))
  return agent.request(`/bwapi/warehouses/${main}/articles/import`, { method: 'POST', form })
}
/** The article's row, flags as 0/1 whichever the engine (SQLite stores integers, PostgreSQL booleans). */
const article = async (reference: string) => {
  const row = (
    await t.client.execute({ sql: 'SELECT * FROM articles WHERE reference = ?', args: [reference] })
  ).rows[0]
  return row === undefined
    ? undefined
    : ({ ...row, internal: Number(row.internal), active: Number(row.active) } as Record<string, unknown>)
}
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM articles ORDER BY id')).rows,
  ])

test('one broken row and nothing is imported, every broken row reported by line; the good rows then import', async () => {
  const existing = await article('ART-000001')
  const header = 'id;reference;label;unit_price_exctax;quantity_step;conditioning;internal;product_family'
  const good = [
    ';"NEW-B";"Stapler ""Pro""";"12.50";"2";"Box";1;OFFICE', // created
    `${existing?.id};;"Renamed article";;;#null;;`, // update, conditioning emptied, rest kept
    ';"NEW-F";"Plain";"4.20";;;;', // created with defaults
  ]
  const csv = [
    header,
    ';"NEW-A";"Stapler; heavy duty";"12,5";;;0;OFFICE', // line 2: comma decimal → refused
    good[0], // line 3
    good[1], // line 4
    ';"ART-000002";"Duplicate";"1";;;0;', // line 5: reference taken
    ';"NEW-C";"Unknown family";"3";;;0;GARDEN', // line 6: unknown code
    '999999;"NEW-D";"Ghost";"3";;;0;', // line 7: unknown id
    ';"NEW-E";"Odd flag";"3";;;maybe;', // line 8: unreadable boolean
    good[2], // line 9
  ].join('\r\n')
  const before = await snapshot()
  const response = await upload(csv)
  expect(response.status).toBe(200)
  const summary = ((await response.json()) as { data: Json }).data
  expect(summary).toMatchObject({
    checked: 8,
    imported: 0,
    failed: 5,
    message: 'Nothing imported: 5 of 8 rows refused. Correct them and import the file again.',
  })
  expect((summary.errors as { line: number; messages: string[] }[]).map((e) => [e.line, e.messages])).toEqual(
    [
      [2, ['unit_price_exctax: This value must be a number.']],
      [5, ['reference: Product already referenced']],
      [6, ['product_family: Unknown product_family: GARDEN.']],
      [7, ['id: Unknown id: 999999.']],
      [8, ['internal: This value is not valid.']],
    ],
  )
  expect(await snapshot()).toBe(before)

  // A dry run checks the whole file and writes nothing; then the good rows import.
  const file = new FormData()
  file.set('file', new File([[header, ...good].join('\r\n')], 'articles.csv', { type: 'text/csv' }))
  const dry = await buyer.request(`/bwapi/warehouses/${main}/articles/import?dry_run=1`, {
    method: 'POST',
    form: file,
  })
  expect(((await dry.json()) as { data: Json }).data).toMatchObject({
    checked: 3,
    failed: 0,
    imported: 0,
    dry_run: true,
  })
  expect(await snapshot()).toBe(before)
  const imported = ((await (await upload([header, ...good].join('\r\n'))).json()) as { data: Json }).data
  expect(imported).toMatchObject({
    imported: 3,
    created: 2,
    updated: 1,
    failed: 0,
    message: '3 rows imported, 0 failed.',
  })
  expect(await article('NEW-B')).toMatchObject({
    label: 'Stapler "Pro"',
    price_exctax: '12.500000',
    quantity_step: '2',
    conditioning: 'Box',
    internal: 1,
  })
  expect(await article('NEW-F')).toMatchObject({ vat_rate: '20', active: 1, internal: 0 })
  const renamed = await article('ART-000001')
  expect(renamed).toMatchObject({
    label: 'Renamed article',
    conditioning: null,
    unit_price_exctax: existing?.unit_price_exctax,
    quantity_step: existing?.quantity_step,
  })
  expect(await article('NEW-A')).toBeUndefined()
})

test('a file with wrong headers imports nothing and says which columns are expected', async () => {
  const before = await snapshot()
  const response = await upload('reference;colour\n"X";"red"\n')
  expect(response.status).toBe(422)
  expect(JSON.stringify(await response.json())).toContain('expected id;reference;label')
  expect((await upload('id;reference\n;"X"\n', 'articles.xlsx')).status).toBe(422)
  const requester = await signIn(t.app, 'requester')
  const afterSignIn = await snapshot()
  expect(
    (await upload('id;reference;label;unit_price_exctax\n;"R";"R";"1"\n', 'articles.csv', requester)).status,
  ).toBe(403)
  expect(await snapshot()).toBe(afterSignIn)
  expect(JSON.parse(afterSignIn)[1]).toEqual(JSON.parse(before)[1])
})

test('an export imports back unchanged (round trip), as a raw text/csv body too', async () => {
  const exported = await (await buyer.post(`/bwapi/warehouses/${main}/articles/export-headers`)).text()
  const before = (
    await t.client.execute(
      'SELECT reference, label, unit_price_exctax, quantity_step, internal FROM articles ORDER BY id',
    )
  ).rows
  const response = await buyer.request(`/bwapi/warehouses/${main}/articles/import`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: undefined,
  })
  expect(response.status).toBe(422)
  const raw = await t.app.request(`/bwapi/warehouses/${main}/articles/import`, {
    method: 'POST',
    headers: {
      'content-type': 'text/csv',
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...buyer.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': buyer.cookies.get('XSRF-TOKEN') ?? '',
    },
    body: exported,
  })
  const summary = ((await raw.json()) as { data: Json }).data
  expect(summary).toMatchObject({ imported: 300, updated: 300, failed: 0 })
  const after = (
    await t.client.execute(
      'SELECT reference, label, unit_price_exctax, quantity_step, internal FROM articles ORDER BY id',
    )
  ).rows
  expect(after).toEqual(before)
})

test('a reference twice in the same file: the second row is refused, so nothing is imported', async () => {
  const response = await upload(
    ['id;reference;label;unit_price_exctax', ';"TWICE";"First";"1"', ';"TWICE";"Second";"2"'].join('\n'),
  )
  const summary = ((await response.json()) as { data: Json }).data
  expect(summary).toMatchObject({
    imported: 0,
    failed: 1,
    errors: [{ line: 3, messages: ['reference: Product already referenced'] }],
  })
  expect(await article('TWICE')).toBeUndefined()
})
