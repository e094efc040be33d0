import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, expect, test } from 'vitest'
import { schema } from '../db'
import { createMailer } from '../mail/mailer'
import { runCrons } from '../services/crons'
import { writeSetting } from '../services/settings'
import { updateContracts } from '../services/suppliers/supplier-contracts'
import { type Agent, signIn } from '../testing/agent'
import { decodedText, type TestSmtp } from '../testing/smtp'
import { useSupplierBed } from '../testing/supplier-bed'
import type { TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
const { bed, json, data, idOf, snapshot, fieldsOf } = useSupplierBed()
let t: TestApp
let buyer: Agent
let smtp: TestSmtp
beforeEach(() => {
  ;({ t, buyer, smtp } = bed)
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
