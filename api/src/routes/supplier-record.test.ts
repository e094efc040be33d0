import { beforeEach, expect, test } from 'vitest'
import { createMailer } from '../mail/mailer'
import { runCrons } from '../services/crons'
import { writeSetting } from '../services/settings'
import { expireSupplierFiles } from '../services/suppliers/supplier-files'
import { type Agent, signIn } from '../testing/agent'
import { decodedText, type TestSmtp } from '../testing/smtp'
import { useSupplierBed } from '../testing/supplier-bed'
import type { TestApp } from '../testing/test-app'

type Json = Record<string, unknown>
const { bed, json, data, idOf, snapshot, fieldsOf, upload, roleId, familyId, setUp } = useSupplierBed()
let t: TestApp
let admin: Agent
let buyer: Agent
let smtp: TestSmtp
beforeEach(() => {
  ;({ t, admin, buyer, smtp } = bed)
})

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
