import { afterEach, beforeEach, expect, test } from 'vitest'
import { signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM circuit_rows ORDER BY id')).rows,
  ])

test('the circuit test page: who validates a document, in which order', async () => {
  const admin = await signIn(t.app, 'admin')
  const small = await json(await admin.post('/bwapi/circuits/purchase_order/test', { amount: '100' }))
  expect(small.data).toEqual({
    steps: [{ rank: 1, validators: ['validator'] }],
    names: { validator: 'Victor Validator' },
  })
  const big = await json(
    await admin.post('/bwapi/circuits/purchase_order/test', { amount: '7000', company: 'ACME' }),
  )
  expect(big.data).toEqual({
    steps: [
      { rank: 1, validators: ['validator'] },
      { rank: 2, validators: ['admin'] },
    ],
    names: { validator: 'Victor Validator', admin: 'Alice Admin' },
  })
})

test('replacing the chart: configuration rules refuse by row, and nothing changes', async () => {
  const admin = await signIn(t.app, 'admin')
  const before = await snapshot()
  const refused = await admin.request('/bwapi/circuits/purchase_order', {
    method: 'PUT',
    body: {
      rows: [
        { weight: 1, criteria: {}, validator_login: 'validator' },
        { weight: null, criteria: { default: '1', company: 'ACME' }, validator_login: 'nobody' },
        { weight: 2, criteria: { company: 'MARS' }, validator_role: 'emperor' },
        { weight: 3, criteria: { request_type: 'PICNIC' }, validator_login: 'validator' },
        {
          weight: 4,
          criteria: { request_type: 'SERVICES', allocation1: 'P-NONE' },
          validator_login: 'validator',
        },
      ],
    },
  })
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({
    'rows.0.criteria': ['A validation circuit needs at least one criterion.'],
    'rows.1.criteria': ['Default criteria cannot be mixed with defined criteria.'],
    'rows.1.weight': ['If one rank is filled, every rank must be.'],
    'rows.1.validator': ['Unknown login: nobody.'],
    'rows.2.criteria.company': ['Unknown company: MARS.'],
    'rows.2.validator': ['Unknown role: emperor.'],
    // Request types and allocations are read from their admin lists.
    'rows.3.criteria.request_type': ['Unknown request_type: PICNIC.'],
    'rows.4.criteria.allocation1': ['Unknown allocation1: P-NONE.'],
  })
  expect(await snapshot()).toBe(before)
})

test('a valid chart replaces the old one and drives the next circuits', async () => {
  const admin = await signIn(t.app, 'admin')
  const response = await admin.request('/bwapi/circuits/purchase_order', {
    method: 'PUT',
    body: { rows: [{ weight: 1, criteria: { company: 'ACME' }, validator_role: 'buyer' }] },
  })
  expect(await json(response)).toEqual({ data: { rows: 1 } })
  const test = await json(
    await admin.post('/bwapi/circuits/purchase_order/test', { amount: '10', company: 'ACME' }),
  )
  expect(test.data).toEqual({ steps: [{ rank: 1, validators: ['buyer'] }], names: { buyer: 'Bruno Buyer' } })
  const chart = (await json(await admin.get('/bwapi/circuits/purchase_order'))).data as Record<
    string,
    unknown
  >[]
  expect(chart[0]).toMatchObject({ validator_role: 'buyer', validator_label: null })
  expect(((await json(await admin.get('/bwapi/circuits/purchase_order'))).data as unknown[]).length).toBe(1)
})

test('circuits are for administrators; unknown document types are 404', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const before = await snapshot()
  expect((await buyer.get('/bwapi/circuits/purchase_order')).status).toBe(403)
  expect(
    (await buyer.request('/bwapi/circuits/purchase_order', { method: 'PUT', body: { rows: [] } })).status,
  ).toBe(403)
  expect((await buyer.post('/bwapi/circuits/purchase_order/test', { amount: '1' })).status).toBe(403)
  expect(await snapshot()).toBe(before)
  expect((await (await signIn(t.app, 'admin')).get('/bwapi/circuits/invoice')).status).toBe(404)
})

test('delegations: given for a period, listed on both sides, ended by the delegator', async () => {
  const validator = await signIn(t.app, 'validator')
  const created = await validator.post('/bwapi/delegations', {
    delegate_login: 'requester',
    starts_at: '2026-11-20T00:00:00Z',
    ends_at: '2026-11-30T00:00:00Z',
    default_limit: '1000',
    tag_limits: { IT: '500' },
    notify_delegate: true,
  })
  expect(created.status).toBe(201)
  const delegationId = ((await json(created)).data as { id: number }).id
  const requester = await signIn(t.app, 'requester')
  expect(((await json(await requester.get('/bwapi/delegations'))).data as Json[])[0]).toMatchObject({
    delegator: 'validator',
    delegate: 'requester',
    default_limit: '1000',
    tag_limits: { IT: '500' },
  })
  expect((await requester.request(`/bwapi/delegations/${delegationId}`, { method: 'DELETE' })).status).toBe(
    404,
  )
  expect((await validator.request(`/bwapi/delegations/${delegationId}`, { method: 'DELETE' })).status).toBe(
    200,
  )
  expect((await json(await validator.get('/bwapi/delegations'))).data).toEqual([])
})

test('a delegation to oneself, to nobody, or ending before it starts is refused', async () => {
  const validator = await signIn(t.app, 'validator')
  const base = { starts_at: '2026-11-20T00:00:00Z', ends_at: '2026-11-30T00:00:00Z' }
  const before = await snapshot()
  expect(
    (await json(await validator.post('/bwapi/delegations', { ...base, delegate_login: 'validator' }))).errors,
  ).toEqual({
    delegate_login: ['Vous ne pouvez pas vous déléguer à vous-même.'],
  })
  expect(
    (await json(await validator.post('/bwapi/delegations', { ...base, delegate_login: 'ghost' }))).errors,
  ).toEqual({
    delegate_login: ["Cette valeur n'est pas dans la liste."],
  })
  const backwards = await validator.post('/bwapi/delegations', {
    ...base,
    delegate_login: 'buyer',
    ends_at: '2026-11-01T00:00:00Z',
  })
  expect(Object.keys((await json(backwards)).errors as object)).toEqual(['ends_at'])
  expect(await snapshot()).toBe(before)
})

const upload = async (agent: Awaited<ReturnType<typeof signIn>>, content: string, query = '') => {
  const form = new FormData()
  form.set('file', new File([content], 'circuits.csv', { type: 'text/csv' }))
  return agent.request(`/bwapi/circuits/import${query}`, { method: 'POST', form })
}

test('the charts as a file: exported, imported back unchanged; a dry run writes nothing', async () => {
  const admin = await signIn(t.app, 'admin')
  const file = (await (await admin.get('/bwapi/circuits/file')).text()).replace(/^\uFEFF/, '')
  const lines = file.split('\r\n').filter((l) => l !== '')
  expect(lines[0]).toBe('document_type;min_amount;max_amount;weight;criteria;validator_login;validator_role')
  expect(lines.length).toBeGreaterThan(2)
  const rows = async () =>
    (
      await t.client.execute(
        'SELECT document_type, min_amount, max_amount, weight, criteria, validator_login, validator_role FROM circuit_rows ORDER BY document_type, id',
      )
    ).rows // SQLite hands JSON back as text, PostgreSQL as a value.
      .map((r) => ({ ...r, criteria: typeof r.criteria === 'string' ? JSON.parse(r.criteria) : r.criteria }))
  const before = await rows()
  const counts = await snapshot()
  const dry = (await json(await upload(admin, file, '?dry_run=1'))).data as Json
  expect(dry).toMatchObject({ checked: lines.length - 1, failed: 0, imported: 0, dry_run: true })
  expect(await snapshot()).toBe(counts)
  expect(((await json(await upload(admin, file))).data as Json).failed).toBe(0)
  expect(await rows()).toEqual(before)
})

test('a file replaces the charts it names, checked by the chart rules across its rows; a refused line changes nothing', async () => {
  const admin = await signIn(t.app, 'admin')
  const header = 'document_type;min_amount;max_amount;weight;criteria;validator_login;validator_role'
  const before = await snapshot()
  const broken = [
    header,
    'need;0;;1;default=1;validator;',
    'need;500;;;company=ACME;admin;',
    'need;0;;;company=MARS;admin;',
    'need;0;;;colour=red;admin;',
    'invoice;0;;;default=1;admin;',
  ].join('\r\n')
  const refused = (await json(await upload(admin, broken))).data as {
    errors: { line: number; messages: string[] }[]
  }
  expect(refused.errors.map((e) => e.line)).toEqual([5, 6])
  expect(await snapshot()).toBe(before)
  // The rules across the chart's rows, once every line passed on its own.
  const ranks = (
    await json(
      await upload(
        admin,
        [header, 'need;0;;1;default=1;validator;', 'need;500;;;company=ACME;admin;'].join('\r\n'),
      ),
    )
  ).data as { errors: { line: number; messages: string[] }[] }
  expect(ranks.errors).toEqual([
    { line: 3, messages: ['weight: If one rank is filled, every rank must be.'] },
  ])
  expect(await snapshot()).toBe(before)
  const good = [header, 'need;0;;;default=1;validator;', 'need;1000;;;department=MAINT;;buyer'].join('\r\n')
  expect(((await json(await upload(admin, good))).data as Json).imported).toBe(2)
  const need = (await json(await admin.get('/bwapi/circuits/need'))).data as Json[]
  expect(need.map((r) => [r.min_amount, r.criteria, r.validator_login, r.validator_role])).toEqual([
    ['0', { default: '1' }, 'validator', null],
    ['1000', { department: 'MAINT' }, null, 'buyer'],
  ])
  // The orders' chart, not named by the file, is as it was.
  expect(
    ((await json(await admin.get('/bwapi/circuits/purchase_order'))).data as Json[]).length,
  ).toBeGreaterThan(0)
  const requester = await signIn(t.app, 'requester')
  expect((await upload(requester, good)).status).toBe(403)
  expect((await requester.get('/bwapi/circuits/file')).status).toBe(403)
})
