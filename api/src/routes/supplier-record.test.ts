import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { schema } from '../db'
import { createMailer } from '../mail/mailer'
import { runCrons } from '../services/crons'
import { writeSetting } from '../services/settings'
import { updateContracts } from '../services/suppliers/supplier-contracts'
import { expireSupplierFiles } from '../services/suppliers/supplier-files'
import { type Agent, signIn } from '../testing/agent'
import { decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

let t: TestApp
let admin: Agent
let buyer: Agent
let smtp: TestSmtp
beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  admin = await signIn(t.app, 'admin')
  buyer = await signIn(t.app, 'buyer')
})
afterEach(async () => {
  await t.close()
  await smtp.close()
})

type Json = Record<string, unknown>
const json = async (response: Response) => (await response.json()) as Json
const data = async (response: Response) => (await json(response)).data as Json
const idOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(201)
  return (await data(response)).id as number
}
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM suppliers ORDER BY id')).rows,
    (await t.client.execute('SELECT * FROM geographic_sectors ORDER BY id')).rows,
    (await t.client.execute('SELECT * FROM supplier_files ORDER BY id')).rows,
  ])
const fieldsOf = async (response: Response) => {
  const body = await json(response)
  return Object.fromEntries(
    Object.entries((body.errors ?? {}) as Record<string, string[]>).map(([k, v]) => [k, v.length]),
  )
}
const upload = (
  agent: Agent,
  supplierId: number,
  fields: Record<string, string>,
  name = 'attestation.pdf',
) => {
  const form = new FormData()
  form.set('file', new File(['%PDF-1.4 attestation'], name))
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return agent.request(`/bwapi/suppliers/${supplierId}/files`, { method: 'POST', form })
}
const roleId = async (code: string) =>
  Number((await t.client.execute({ sql: 'SELECT id FROM roles WHERE code = ?', args: [code] })).rows[0]?.id)
const familyId = async () =>
  Number((await t.client.execute('SELECT id FROM product_families LIMIT 1')).rows[0]?.id)

/** Europe › France (requires SIRET); a legal category validated by the validator role; URSSAF required, 6 months. */
const setUp = async () => {
  const europe = await idOf(await admin.post('/bwapi/geographic-sectors', { label: 'Europe' }))
  const france = await idOf(
    await admin.post('/bwapi/geographic-sectors', {
      label: 'France',
      parent_id: europe,
      requires_siret: true,
    }),
  )
  const legal = await idOf(
    await admin.post('/bwapi/supplier-file-categories', {
      label: 'Legal',
      validator_role_id: await roleId('validator'),
    }),
  )
  const urssaf = await idOf(
    await admin.post('/bwapi/supplier-file-types', {
      label: 'URSSAF attestation',
      category_id: legal,
      duration_months: 6,
      required: true,
      show_in_certification_chart: true,
    }),
  )
  const supplier = await idOf(
    await buyer.post('/bwapi/suppliers', {
      code: 'NEWCO',
      company_name: 'NewCo',
      currency_code: 'EUR',
      status: 'prospect',
    }),
  )
  return { europe, france, legal, urssaf, supplier }
}

test('approval names every missing item at once and changes nothing; with them it approves for the settings’ duration', async () => {
  const { france, urssaf, supplier } = await setUp()
  const before = await snapshot()
  const refused = await buyer.post(`/bwapi/suppliers/${supplier}/approve`)
  expect(refused.status).toBe(422)
  expect(await fieldsOf(refused)).toEqual({ sector_ids: 1, family_ids: 1, files: 1 })
  expect(await snapshot()).toBe(before)

  // Sectors and family given: France requires the SIRET, still missing with the file.
  const family = await familyId()
  const record = { code: 'NEWCO', company_name: 'NewCo', currency_code: 'EUR', status: 'prospect' }
  const saved = await buyer.request(`/bwapi/suppliers/${supplier}`, {
    method: 'PUT',
    body: { ...record, sector_ids: [france], family_ids: [family], main_family_id: family },
  })
  expect(saved.status).toBe(200)
  expect(await fieldsOf(await buyer.post(`/bwapi/suppliers/${supplier}/approve`))).toEqual({
    siret: 1,
    files: 1,
  })

  // The file: added by the buyer, validated by its category's role only.
  t.clock.set('2026-11-21T10:00:00Z')
  const file = await idOf(
    await upload(buyer, supplier, { type_id: String(urssaf), document_date: '2026-11-02' }),
  )
  const files = (await json(await buyer.get(`/bwapi/suppliers/${supplier}/files`))).data as Json[]
  expect(files).toMatchObject([
    { id: file, validity_date: '2027-05-02', state: 'awaiting', category: 'Legal' },
  ])
  const notTheRole = await buyer.post(`/bwapi/suppliers/${supplier}/files/${file}/validate`)
  expect(notTheRole.status).toBe(422)
  expect((await json(notTheRole)).code).toBe('SUPPLIER_FILE_VALIDATOR_ROLE')
  const validator = await signIn(t.app, 'validator')
  expect((await validator.post(`/bwapi/suppliers/${supplier}/files/${file}/validate`)).status).toBe(200)
  expect((await validator.post(`/bwapi/suppliers/${supplier}/files/${file}/validate`)).status).toBe(422)

  await buyer.request(`/bwapi/suppliers/${supplier}`, {
    method: 'PUT',
    body: { ...record, siret: '40483304800022', sector_ids: [france], family_ids: [family] },
  })
  // The list filters by sector (and its pickers find sectors by name, or one by its value).
  const inFrance = (await json(await buyer.get(`/bwapi/suppliers?sector_id=${france}`))).data as Json[]
  expect(inFrance.map((r) => r.code)).toEqual(['NEWCO'])
  expect((await json(await buyer.get('/bwapi/suppliers/filter-list/sector_id?search=fran'))).data).toEqual([
    { value: String(france), label: 'France' },
  ])
  expect(
    (await json(await buyer.get(`/bwapi/suppliers/filter-list/sector_id?value=${france}`))).data,
  ).toHaveLength(1)
  // A shipped product family is found by its name in the reader's language (stored in English).
  const office = Number(
    (await t.client.execute("SELECT id FROM product_families WHERE code = 'OFFICE'")).rows[0]?.id,
  )
  await t.client.execute("UPDATE users SET language = 'fr' WHERE login = 'validator'")
  const french = await signIn(t.app, 'validator')
  expect(
    (await json(await french.get('/bwapi/suppliers/filter-list/family_id?search=fourniture'))).data,
  ).toEqual([{ value: String(office), label: 'Fournitures de bureau (OFFICE)' }])
  const approval = await data(await buyer.get(`/bwapi/suppliers/${supplier}/approval`))
  expect(approval).toMatchObject({ status: 'prospect', issues: [], may_approve: true })
  const approved = await buyer.post(`/bwapi/suppliers/${supplier}/approve`)
  expect(approved.status).toBe(200)
  expect(await data(approved)).toMatchObject({ approved_until: '2027-11-20' })
  expect(await data(await buyer.get(`/bwapi/suppliers/${supplier}/approval`))).toMatchObject({
    status: 'active',
    approved_until: '2027-11-20',
    approvals: [{ user: 'Bruno Buyer', approved_on: '2026-11-21', valid_until: '2027-11-20' }],
  })
  // An expired attestation (its six months passed) stops a renewal.
  t.clock.set('2027-05-03T10:00:00Z')
  buyer = await signIn(t.app, 'buyer')
  expect(await fieldsOf(await buyer.post(`/bwapi/suppliers/${supplier}/approve`))).toEqual({ files: 1 })
})

test('once roles are named for it, only their people approve', async () => {
  const { supplier } = await setUp()
  const put = await admin.request('/bwapi/supplier-approval-roles', {
    method: 'PUT',
    body: { role_ids: [await roleId('admin')] },
  })
  expect(put.status).toBe(200)
  const refused = await buyer.post(`/bwapi/suppliers/${supplier}/approve`)
  expect((await json(refused)).code).toBe('SUPPLIER_APPROVER_ROLE')
  expect(
    (await buyer.request('/bwapi/supplier-approval-roles', { method: 'PUT', body: { role_ids: [] } })).status,
  ).toBe(403)
})

test('sectors form a tree: a sector under itself or its sub-sector, and deleting a used one, are refused unchanged', async () => {
  const { europe, france, supplier } = await setUp()
  const before = await snapshot()
  const loop = await admin.request(`/bwapi/geographic-sectors/${europe}`, {
    method: 'PUT',
    body: { label: 'Europe', parent_id: france },
  })
  expect(loop.status).toBe(422)
  expect((await json(loop)).errors).toMatchObject({ parent_id: [expect.any(String)] })
  const used = await admin.request(`/bwapi/geographic-sectors/${europe}`, { method: 'DELETE' })
  expect((await json(used)).code).toBe('SUPPLIER_REFERENCE_IN_USE')
  expect((await buyer.post('/bwapi/geographic-sectors', { label: 'Asia' })).status).toBe(403)
  expect(await snapshot()).toBe(before)
  // A group: buyers keep them; a duplicate label is refused on its field.
  const group = await idOf(await buyer.post('/bwapi/supplier-groups', { label: 'Paper group' }))
  expect(await fieldsOf(await buyer.post('/bwapi/supplier-groups', { label: 'Paper group' }))).toEqual({
    label: 1,
  })
  const record = { code: 'NEWCO', company_name: 'NewCo', currency_code: 'EUR', group_id: group }
  expect((await buyer.request(`/bwapi/suppliers/${supplier}`, { method: 'PUT', body: record })).status).toBe(
    200,
  )
  expect(
    (await json(await buyer.request(`/bwapi/supplier-groups/${group}`, { method: 'DELETE' }))).code,
  ).toBe('SUPPLIER_REFERENCE_IN_USE')
  expect(
    await fieldsOf(
      await buyer.request(`/bwapi/suppliers/${supplier}`, {
        method: 'PUT',
        body: { ...record, group_id: 999 },
      }),
    ),
  ).toEqual({
    group_id: 1,
  })
})

test('a forced status holds within the maximum, stops orders while inactive, and the job lifts it at its date', async () => {
  const supplier = 2 // SafeWork, active
  const before = await snapshot()
  for (const until of ['2026-11-21', '2027-03-01'])
    expect(
      await fieldsOf(
        await buyer.post(`/bwapi/suppliers/${supplier}/force-status`, { status: 'inactive', until }),
      ),
    ).toEqual({
      until: 1,
    })
  expect(await snapshot()).toBe(before)
  expect(
    (
      await buyer.post(`/bwapi/suppliers/${supplier}/force-status`, {
        status: 'inactive',
        until: '2026-12-01',
      })
    ).status,
  ).toBe(200)
  const found = (await json(await buyer.get('/bwapi/suppliers/search?search=safe'))).data as Json[]
  expect(found).toEqual([])
  t.clock.set('2026-12-02T08:00:00Z')
  expect(await runCrons(t, ['supplier_statuses'])).toEqual({ supplier_statuses: 1 })
  buyer = await signIn(t.app, 'buyer')
  expect(await data(await buyer.get(`/bwapi/suppliers/${supplier}/approval`))).toMatchObject({
    status: 'active',
    forced_status: null,
  })
})

test('the files job disables expired documents and warns the manager once, in their language', async () => {
  const { urssaf, supplier } = await setUp()
  const validatorId = Number(
    (await t.client.execute("SELECT id FROM users WHERE login = 'validator'")).rows[0]?.id,
  )
  await t.client.execute({
    sql: 'UPDATE suppliers SET manager_id = ? WHERE id = ?',
    args: [validatorId, supplier],
  })
  const soon = await idOf(
    await upload(buyer, supplier, { type_id: String(urssaf), document_date: '2026-06-10' }),
  )
  await idOf(
    await upload(buyer, supplier, { type_id: String(urssaf), document_date: '2026-05-01' }, 'old.pdf'),
  )
  await (await signIn(t.app, 'validator')).post(`/bwapi/suppliers/${supplier}/files/${soon}/validate`)
  const deps = { db: t.db, clock: t.clock, mailer: createMailer({ smtpUrl: smtp.url, outboxDir: t.dir }) }
  // 21 November: the May file expired on 1 November; the June one expires on 10 December (within 30 days).
  expect(await expireSupplierFiles(deps)).toBe(2)
  const [mail] = await smtp.waitFor(1)
  expect(mail?.to).toEqual(['validator@procura.example'])
  expect(decodedText(mail?.raw ?? '')).toContain('URSSAF attestation: 10/12/2026')
  expect(decodedText(mail?.raw ?? '')).toContain('expirent bientôt')
  expect(await expireSupplierFiles(deps)).toBe(0)
  const states = ((await json(await buyer.get(`/bwapi/suppliers/${supplier}/files`))).data as Json[]).map(
    (f) => f.state,
  )
  expect(states).toEqual(['expiring', 'expired'])
})

test('a supplier’s contact reads and adds its own company’s documents, and nothing of another supplier', async () => {
  const { urssaf } = await setUp()
  const contact = await signIn(t.app, 'supplier') // OfficePro's contact
  const own = 1
  const other = 2
  const added = await idOf(
    await upload(contact, own, { type_id: String(urssaf), document_date: '2026-11-01' }),
  )
  const files = (await json(await contact.get(`/bwapi/suppliers/${own}/files`))).data as Json[]
  expect(files.map((f) => f.id)).toEqual([added])
  const before = await snapshot()
  for (const response of [
    await contact.get(`/bwapi/suppliers/${other}/files`),
    await upload(contact, other, { type_id: String(urssaf), document_date: '2026-11-01' }),
    await contact.get(`/bwapi/suppliers/${other}/approval`),
    await contact.get(`/bwapi/suppliers/${other}/files/${added}`),
    await contact.post(`/bwapi/suppliers/${own}/files/${added}/validate`),
    await contact.post(`/bwapi/suppliers/${own}/approve`),
  ])
    expect([403, 404]).toContain(response.status)
  expect(await snapshot()).toBe(before)
})

test('duty of vigilance: an order from 5,000 € excl. tax to a supplier without its valid attestation warns, or blocks by setting', async () => {
  const { urssaf } = await setUp()
  const company = Number((await t.client.execute("SELECT id FROM companies WHERE code = 'ACME'")).rows[0]?.id)
  const order = async (price: string) =>
    idOf(
      await buyer.post('/bwapi/purchase-orders', {
        supplier_id: 2,
        company_id: company,
        currency_code: 'EUR',
        lines: [{ label: 'Safety shoes', quantity: '10', unit_price_exctax: price, vat_rate: '20' }],
      }),
    )
  const vigilance = async (id: number) =>
    ((await data(await buyer.get(`/bwapi/purchase-orders/${id}`))) as Json).vigilance
  const small = await order('499.99')
  const large = await order('500')
  expect(await vigilance(small)).toMatchObject({ missing: [], blocks: false })
  expect(await vigilance(large)).toMatchObject({ missing: ['URSSAF attestation'], blocks: false })

  await writeSetting(t.db, t.clock, 'settings', { contract: { vigilance_action: 'block' } })
  const before = await snapshot()
  const refused = await json(await buyer.post(`/bwapi/purchase-orders/${large}/submit`))
  expect(refused.code).toBe('SUPPLIER_DOCUMENTS_MISSING')
  expect(refused.message).toContain('URSSAF attestation')
  expect(await snapshot()).toBe(before)
  expect((await buyer.post(`/bwapi/purchase-orders/${small}/submit`)).status).toBe(200)

  // With a valid, validated attestation the large order goes.
  const file = await idOf(await upload(buyer, 2, { type_id: String(urssaf), document_date: '2026-11-01' }))
  await (await signIn(t.app, 'validator')).post(`/bwapi/suppliers/2/files/${file}/validate`)
  expect(await vigilance(large)).toMatchObject({ missing: [] })
  expect((await buyer.post(`/bwapi/purchase-orders/${large}/submit`)).status).toBe(200)
})

test('surveillance figures are recorded by buyers, checked, and kept by the statistics job a batch at a time', async () => {
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  for (const [name, body, field] of [
    ['additional_rating', { criterion: 'price', score: 6 }, 'score'],
    ['additional_rating', { criterion: 'taste', score: 3 }, 'criterion'],
    ['turnover', { year: 2025, amount: 'a lot' }, 'amount'],
    [
      'security',
      {
        month: '2026-13',
        hours_worked: 10,
        accidents_with_lost_time: 0,
        accidents_without_lost_time: 0,
        days_lost: 0,
      },
      'month',
    ],
  ] as const) {
    const refused = await buyer.post(`/bwapi/suppliers/2/charts/${name}`, body)
    expect(Object.keys((await json(refused)).errors as Json), name).toEqual([field])
  }
  expect(
    (await requester.post('/bwapi/suppliers/2/charts/additional_rating', { criterion: 'price', score: 4 }))
      .status,
  ).toBe(403)
  expect(await snapshot()).toBe(before)

  expect(
    (await buyer.post('/bwapi/suppliers/2/charts/additional_rating', { criterion: 'service', score: 2 }))
      .status,
  ).toBe(201)
  const month = { hours_worked: 1000, accidents_without_lost_time: 0 }
  await buyer.post('/bwapi/suppliers/2/charts/security', {
    ...month,
    month: '2026-10',
    accidents_with_lost_time: 1,
    days_lost: 3,
  })
  // Recording a month again replaces it.
  await buyer.post('/bwapi/suppliers/2/charts/security', {
    ...month,
    month: '2026-11',
    accidents_with_lost_time: 0,
    days_lost: 0,
  })
  await buyer.post('/bwapi/suppliers/2/charts/security', {
    ...month,
    month: '2026-11',
    accidents_with_lost_time: 0,
    days_lost: 0,
    hours_worked: 1000,
  })
  const security = await data(await buyer.get('/bwapi/suppliers/2/charts/security'))
  // 1 lost-time accident in 2,000 hours: TF1 = 500, TG = 3 × 1,000 / 2,000 = 1.5, HSE = 1 month of 2 = 50 %.
  expect([security.tf1, security.tg, security.hse]).toEqual(['500', '1.5', '50'])
  expect(await data(await buyer.get('/bwapi/suppliers/2/charts/additional_rating'))).toMatchObject({
    average: '2',
  })

  // Nothing kept yet: the monitoring says so rather than showing zeros.
  expect(await data(await buyer.get('/bwapi/suppliers/2/monitoring'))).toMatchObject({
    computed_at: null,
    flagged: false,
    ordered_amount: null,
  })
  // One supplier per run: the never-computed first, then the oldest.
  await writeSetting(t.db, t.clock, 'settings', { misc: { supplier_statistics_batch: 1 } })
  expect(await runCrons(t, ['supplier_statistics'])).toEqual({ supplier_statistics: 1 })
  expect(await runCrons(t, ['supplier_statistics'])).toEqual({ supplier_statistics: 1 })
  const kept = await t.client.execute(
    'SELECT supplier_id, flagged, rating FROM supplier_statistics ORDER BY supplier_id',
  )
  expect(kept.rows.map((r) => [Number(r.supplier_id), Boolean(r.flagged), r.rating])).toEqual([
    [1, false, null],
    [2, true, '2'],
  ])
  // Its monitoring: the kept figures, each against its objective; HSE (50 %) and the rating (2 on 5) miss.
  const monitoring = await data(await buyer.get('/bwapi/suppliers/2/monitoring'))
  expect(monitoring).toMatchObject({
    flagged: true,
    tf1: '500',
    tg: '1.5',
    computed_at: expect.any(String),
  })
  expect((monitoring.figures as Json[]).map((f) => [f.figure, f.value, f.objective, f.missed])).toEqual([
    ['otd', null, 95, false],
    ['oqd', null, 95, false],
    ['hse', '50', 95, true],
    ['rating', '2', 3, true],
  ])
  // The supplier's contact reads no surveillance, of its own company or another's.
  const contact = await signIn(t.app, 'supplier')
  for (const path of [
    '/bwapi/suppliers/1/charts/security',
    '/bwapi/suppliers/2/charts/turnover',
    '/bwapi/suppliers/2/monitoring',
  ])
    expect([403, 404]).toContain((await contact.get(path)).status)
})

test('suppliers import through the API: all or nothing, and buyers only', async () => {
  const importing = (agent: Agent, csv: string, query = '') => {
    const form = new FormData()
    form.set('file', new File([csv], 'suppliers.csv', { type: 'text/csv' }))
    return agent.request(`/bwapi/suppliers/import${query}`, { method: 'POST', form })
  }
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  const csv =
    'id;code;company_name;currency_code;group\n;"NEWCO2";"NewCo 2";"EUR";"No such group"\n;"NEWCO3";"NewCo 3";"EUR";\n'
  const refused = await data(await importing(buyer, csv))
  expect(refused).toMatchObject({ checked: 2, failed: 1, imported: 0 })
  expect((refused.errors as Json[])[0]).toMatchObject({
    line: 2,
    messages: ['group: Unknown group: No such group.'],
  })
  expect((await importing(requester, csv)).status).toBe(403)
  expect((await importing(buyer, 'code;colour\n"X";"red"\n')).status).toBe(422)
  expect(await snapshot()).toBe(before)
  const fixed = await data(await importing(buyer, csv.replace('"No such group"', '')))
  expect(fixed).toMatchObject({ imported: 2, created: 2 })
})

test('contracts: checked, in their state; the job warns before the notice deadline, ends them, or renews them when tacit', async () => {
  const validatorId = Number(
    (await t.client.execute("SELECT id FROM users WHERE login = 'validator'")).rows[0]?.id,
  )
  await t.client.execute({ sql: 'UPDATE suppliers SET manager_id = ? WHERE id = 2', args: [validatorId] })
  const before = await snapshot()
  const refused = await buyer.post('/bwapi/suppliers/2/contracts', {
    label: 'Gloves',
    start_date: '2026-01-01',
    end_date: '2025-12-31',
  })
  expect(await fieldsOf(refused)).toEqual({ end_date: 1 })
  expect(await snapshot()).toBe(before)
  // Today is 21 November 2026.
  const tacit = await idOf(
    await buyer.post('/bwapi/suppliers/2/contracts', {
      label: 'PPE framework',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      tacit_renewal: true,
      notice_months: 1,
      amount_exctax: '48000',
    }),
  )
  const fixed = await idOf(
    await buyer.post('/bwapi/suppliers/2/contracts', {
      label: 'Site audit',
      start_date: '2026-03-01',
      end_date: '2026-11-30',
    }),
  )
  const states = async () =>
    Object.fromEntries(
      ((await json(await buyer.get('/bwapi/suppliers/2/contracts'))).data as Json[]).map((c) => [
        c.id,
        [c.state, c.end_date],
      ]),
    )
  expect(await states()).toEqual({
    [tacit]: ['notice_due', '2026-12-31'],
    [fixed]: ['notice_due', '2026-11-30'],
  })
  const deps = { db: t.db, clock: t.clock, mailer: createMailer({ smtpUrl: smtp.url, outboxDir: t.dir }) }
  expect(await updateContracts(deps)).toBe(2)
  const mails = await smtp.waitFor(2)
  expect(decodedText(mails.map((m) => m.raw).join('\n'))).toContain(
    'donnez votre préavis avant le 30/11/2026',
  )
  expect(await updateContracts(deps)).toBe(0)

  t.clock.set('2027-01-02T08:00:00Z')
  buyer = await signIn(t.app, 'buyer')
  expect(await updateContracts({ db: t.db, clock: t.clock })).toBe(2)
  expect(await states()).toEqual({ [tacit]: ['active', '2027-12-31'], [fixed]: ['ended', '2026-11-30'] })
  const contact = await signIn(t.app, 'supplier')
  expect((await contact.get('/bwapi/suppliers/2/contracts')).status).toBe(403)

  // Its files: the signed copy attaches to the contract; the supplier's contact never reads them;
  // removing the contract removes its files, rows and bytes.
  const files = `/bwapi/supplier-contracts/${fixed}/attachments`
  const form = new FormData()
  form.set('file', new File(['signed'], 'site-audit-signed.pdf'))
  expect((await buyer.request(files, { method: 'POST', form })).status).toBe(201)
  expect(((await json(await buyer.get(files))).data as Json[]).map((f) => f.name)).toEqual([
    'site-audit-signed.pdf',
  ])
  const filesOf = async () =>
    Object.fromEntries(
      ((await json(await buyer.get('/bwapi/suppliers/2/contracts'))).data as Json[]).map((c) => [
        c.id,
        c.files,
      ]),
    )
  expect(await filesOf()).toEqual({ [tacit]: 0, [fixed]: 1 })
  expect((await contact.get(files)).status).toBe(403)
  expect((await buyer.get('/bwapi/supplier-contracts/9999/attachments')).status).toBe(404)
  // The organisation's people read a contract's files; only who manages suppliers adds or removes one.
  const requester = await signIn(t.app, 'requester')
  const signed = ((await json(await requester.get(files))).data as Json[])[0]?.id
  const unchanged = await tableCounts(t.client)
  const other = new FormData()
  other.set('file', new File(['forged'], 'amendment.pdf'))
  expect((await requester.request(files, { method: 'POST', form: other })).status).toBe(403)
  expect((await requester.request(`${files}/${signed}`, { method: 'DELETE' })).status).toBe(403)
  expect(await tableCounts(t.client)).toEqual(unchanged)
  const stored = join(t.dir, 'files', 'attachments', 'supplier_contract', String(fixed))
  expect(await readdir(stored)).toHaveLength(1)
  expect((await buyer.request(`/bwapi/suppliers/2/contracts/${fixed}`, { method: 'DELETE' })).status).toBe(
    200,
  )
  expect(await readdir(stored)).toHaveLength(0)
  const left = await t.client.execute(
    "SELECT count(*) AS n FROM attachments WHERE model = 'supplier_contract'",
  )
  expect(Number(left.rows[0]?.n)).toBe(0)
})

test('an invited contact chooses its password from the e-mail, signs in and acknowledges its company’s order', async () => {
  const contact = await idOf(
    await buyer.post('/bwapi/suppliers/1/contacts', {
      name: 'Paula Martin',
      email: 'Paula@officepro.example',
      language: 'fr',
    }),
  )
  // A staff member's address is refused; so is an invitation when the instance keeps suppliers out.
  const staff = await idOf(
    await buyer.post('/bwapi/suppliers/1/contacts', { name: 'Bruno', email: 'buyer@procura.example' }),
  )
  expect((await json(await buyer.post(`/bwapi/suppliers/1/contacts/${staff}/invite`))).code).toBe(
    'CONTACT_EMAIL_IS_STAFF',
  )
  await writeSetting(t.db, t.clock, 'settings', { customer: { supplier_access: false } })
  expect((await json(await buyer.post(`/bwapi/suppliers/1/contacts/${contact}/invite`))).code).toBe(
    'SUPPLIER_ACCESS_DISABLED',
  )
  await writeSetting(t.db, t.clock, 'settings', { customer: { supplier_access: true } })

  expect((await buyer.post(`/bwapi/suppliers/1/contacts/${contact}/invite`)).status).toBe(200)
  const [mail] = await smtp.waitFor(1)
  const text = decodedText(mail?.raw ?? '')
  expect(text).toContain('vous invite sur son portail fournisseurs')
  const token = /password-reset\/([\w-]+)/.exec(text)?.[1] ?? ''
  expect(token).not.toBe('')
  // Before choosing a password, nobody signs in as the contact.
  await expect(signIn(t.app, 'paula@officepro.example', 'Paula2026!')).rejects.toThrow()
  const anonymous = await signIn(t.app, 'buyer')
  const reset = await anonymous.post('/reset-password', {
    token,
    password: 'Paula2026!',
    password_confirmation: 'Paula2026!',
  })
  expect(reset.status).toBe(200)

  const company = Number((await t.client.execute("SELECT id FROM companies WHERE code = 'ACME'")).rows[0]?.id)
  const order = await idOf(
    await buyer.post('/bwapi/purchase-orders', {
      supplier_id: 1,
      company_id: company,
      currency_code: 'EUR',
      lines: [{ label: 'Paper', quantity: '10', unit_price_exctax: '4.20', vat_rate: '20' }],
    }),
  )
  await buyer.post(`/bwapi/purchase-orders/${order}/submit`)
  await (await signIn(t.app, 'validator')).post(`/bwapi/purchase-orders/${order}/validate`)
  expect((await buyer.post(`/bwapi/purchase-orders/${order}/consider_sent`)).status).toBe(200)
  const paula = await signIn(t.app, 'paula@officepro.example', 'Paula2026!')
  expect((await paula.post(`/bwapi/purchase-orders/${order}/acknowledge`)).status).toBe(200)
  // Its portal: its company's documents, nothing of another supplier.
  expect((await paula.get('/bwapi/suppliers/1/files')).status).toBe(200)
  expect((await paula.get('/bwapi/suppliers/2/files')).status).toBe(404)
  // The link served once.
  expect(
    (
      await anonymous.post('/reset-password', {
        token,
        password: 'Other2026!',
        password_confirmation: 'Other2026!',
      })
    ).status,
  ).toBe(422)
})

test('a contact whose address already has a portal account is told that account’s login, which signs in, as does the address', async () => {
  const role = Number((await t.client.execute("SELECT id FROM roles WHERE code = 'supplier'")).rows[0]?.id)
  const at = t.clock.now()
  await t.db.insert(schema.users).values({
    login: 'sophie.martin',
    label: 'Sophie Martin',
    email: 'Sophie@PaperCo.example',
    language: 'en',
    role_id: role,
    active: true,
    password_hash: null,
    created_at: at,
    updated_at: at,
  })
  const contact = await idOf(
    await buyer.post('/bwapi/suppliers/1/contacts', {
      name: 'Sophie Martin',
      email: 'sophie@paperco.example',
    }),
  )
  expect((await buyer.post(`/bwapi/suppliers/1/contacts/${contact}/invite`)).status).toBe(200)
  const [mail] = await smtp.waitFor(1)
  const text = decodedText(mail?.raw ?? '')
  expect(text).toContain('sophie.martin')
  expect(text.toLowerCase()).not.toMatch(/login[^\n]*sophie@paperco\.example/)
  expect(
    await t.client.execute("SELECT count(*) AS n FROM users WHERE lower(email) = 'sophie@paperco.example'"),
  ).toMatchObject({ rows: [{ n: 1 }] })
  const token = /password-reset\/([\w-]+)/.exec(text)?.[1] ?? ''
  const anonymous = await signIn(t.app, 'buyer')
  const reset = await anonymous.post('/reset-password', {
    token,
    password: 'Sophie2026!',
    password_confirmation: 'Sophie2026!',
  })
  expect(reset.status).toBe(200)
  // The login the mail names signs in; so does the address (one rule: core's userNamedBy).
  await signIn(t.app, 'sophie.martin', 'Sophie2026!')
  await signIn(t.app, 'SOPHIE@paperco.example', 'Sophie2026!')
})

test('contacts and bank accounts import through the API too: all or nothing, each by who may', async () => {
  const send = (agent: Agent, path: string, csv: string) => {
    const form = new FormData()
    form.set('file', new File([csv], 'import.csv', { type: 'text/csv' }))
    return agent.request(path, { method: 'POST', form })
  }
  const before = await snapshot()
  const contacts =
    'id;supplier_code;name;email;phone\n;"SAFEWORK";"Hotline";;"+33 3 20 00 00 00"\n;"SAFEWORK";"Nobody";;\n'
  expect(await data(await send(buyer, '/bwapi/supplier-contacts/import', contacts))).toMatchObject({
    failed: 1,
    imported: 0,
  })
  // Bank accounts are accounts payable's and finance's (manage_bank_accounts), not the buyer's.
  const accounts =
    'supplier_code;account_number;holder_name;holder_country_code\n"SAFEWORK";"FR76 3000 6000 0112 3456 7890 189";"SafeWork";"FR"\n'
  expect((await send(buyer, '/bwapi/supplier-bank-accounts/import', accounts)).status).toBe(403)
  expect(await snapshot()).toBe(before)
  const payables = await signIn(t.app, 'payables')
  expect(await data(await send(payables, '/bwapi/supplier-bank-accounts/import', accounts))).toMatchObject({
    imported: 1,
  })
  expect(
    await data(
      await send(buyer, '/bwapi/supplier-contacts/import', contacts.split('\n').slice(0, 2).join('\n')),
    ),
  ).toMatchObject({
    imported: 1,
  })
})
