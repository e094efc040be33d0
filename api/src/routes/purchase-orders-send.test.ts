import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { delegations } from '../db/schema'
import { type Agent, signIn } from '../testing/agent'
import { attachmentsOf, decodedText, startTestSmtp, type TestSmtp } from '../testing/smtp'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let smtp: TestSmtp
let buyer: Agent
beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  buyer = await signIn(t.app, 'buyer')
})
afterEach(async () => {
  t.close()
  await smtp.close()
})

const id = async (table: string, column: string, value: string) =>
  Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE ${column} = ?`, args: [value] })).rows[0]
      ?.id,
  )

const validatedOrder = async (supplier = 'SAFEWORK', extra: Record<string, unknown> = {}) => {
  const contact = Number(
    (
      await t.client.execute({
        sql: 'SELECT c.id FROM supplier_contacts c JOIN suppliers s ON s.id = c.supplier_id WHERE s.code = ?',
        args: [supplier],
      })
    ).rows[0]?.id,
  )
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await id('suppliers', 'code', supplier),
    supplier_contact_id: contact,
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
    ...extra,
    lines: [
      { label: 'Casques de sécurité', quantity: '12', unit_price_exctax: '1234.5', vat_rate: '20' },
      { label: 'Gants', quantity: '3', unit: 'pair', unit_price_exctax: '9.99', vat_rate: '5.5' },
    ],
  })
  const orderId = ((await created.json()) as { data: { id: number } }).data.id
  await buyer.post(`/bwapi/purchase-orders/${orderId}/submit`)
  await (await signIn(t.app, 'validator')).post(`/bwapi/purchase-orders/${orderId}/validate`)
  await (await signIn(t.app, 'admin')).post(`/bwapi/purchase-orders/${orderId}/validate`)
  await smtp.waitFor(2) // each step's validator was told (checked in its own test)
  smtp.received.length = 0
  return orderId
}

const pdfText = (pdf: Buffer) => {
  const file = join(t.dir, 'order.pdf')
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

test('sending e-mails the order with its PDF, which reads back with the lines and totals', async () => {
  const orderId = await validatedOrder()
  const response = await buyer.post(`/bwapi/purchase-orders/${orderId}/send`, {
    to: 'orders@safework.example',
    cc: ['buyer@procura.example'],
    subject: 'Commande PO-2026-00001',
    content: 'Bonjour, veuillez trouver notre commande ci-jointe.',
  })
  expect(await response.json()).toEqual({ data: { id: orderId, status: 'sent' } })
  const [mail] = await smtp.waitFor(1)
  expect(mail?.to.sort()).toEqual(['buyer@procura.example', 'orders@safework.example'])
  const [attachment] = attachmentsOf(mail?.raw ?? '')
  expect(attachment).toMatchObject({ filename: 'PO-2026-00001-v1.pdf', contentType: 'application/pdf' })
  const text = pdfText(attachment?.content ?? Buffer.alloc(0))
  // The supplier contact speaks French: the PDF does too.
  expect(text).toContain('Bon de commande PO-2026-00001')
  expect(text).toContain('SafeWork')
  expect(text).toContain('Casques de')
  expect(text).toMatch(/Total HT\s+14 843,97 €/)
  expect(text).toMatch(/Gants\s+3 paire\s+9,99 €\s+5,5 %/)
  expect(text).toContain('Conditions de paiement: 30 jours date de facture, le 10, par virement')
  expect(text).toMatch(/Total TTC\s+17 808,42 €/)
  expect(text).toMatch(/TVA\s+2 964,45 €/)
  expect(text).toContain('3 jours ouvrés')
})

test('the comment for the supplier is printed on the order PDF', async () => {
  const orderId = await validatedOrder('SAFEWORK', {
    supplier_comment: 'Livraison par le quai B, entre 8 h et 11 h.',
  })
  await buyer.post(`/bwapi/purchase-orders/${orderId}/send`, {
    to: 'orders@safework.example',
    subject: 'Commande',
  })
  const [mail] = await smtp.waitFor(1)
  const text = pdfText(attachmentsOf(mail?.raw ?? '')[0]?.content ?? Buffer.alloc(0))
  expect(text).toContain('Note au fournisseur')
  expect(text).toContain('Livraison par le quai B, entre 8 h et 11 h.')
})

test('the order’s custom fields are printed on its PDF, in the reader’s words; a file is not', async () => {
  const admin = await signIn(t.app, 'admin')
  for (const field of [
    { code: 'dock', label: 'Quai de livraison', type: 'choice', options: ['A', 'B'] },
    { code: 'fragile', label: 'Fragile', type: 'boolean' },
    { code: 'season', label: 'Saison', type: 'period' },
    { code: 'plan', label: 'Plan', type: 'file' },
  ])
    expect((await admin.post('/bwapi/custom-fields', { model: 'purchase_order', ...field })).status).toBe(201)
  const orderId = await validatedOrder('SAFEWORK', {
    custom: { dock: 'B', fragile: true, season: '2026-01-01/2026-03-31' },
  })
  await buyer.post(`/bwapi/purchase-orders/${orderId}/send`, {
    to: 'orders@safework.example',
    subject: 'Commande',
  })
  const [mail] = await smtp.waitFor(1)
  const text = pdfText(attachmentsOf(mail?.raw ?? '')[0]?.content ?? Buffer.alloc(0))
  expect(text).toContain('Quai de livraison: B')
  expect(text).toContain('Fragile: Oui')
  expect(text).toContain('Saison: 2026-01-01 – 2026-03-31')
  expect(text).not.toContain('Plan:')
})

test('a sent order is not sent again, and nothing is mailed', async () => {
  const orderId = await validatedOrder()
  const input = { to: 'orders@safework.example', subject: 'Order' }
  expect((await buyer.post(`/bwapi/purchase-orders/${orderId}/send`, input)).status).toBe(200)
  await smtp.waitFor(1)
  const again = await buyer.post(`/bwapi/purchase-orders/${orderId}/send`, input)
  expect(again.status).toBe(409)
  expect(((await again.json()) as { code: string }).code).toBe('PO_ALREADY_SENT')
  await new Promise((r) => setTimeout(r, 200))
  expect(smtp.received).toHaveLength(1)
})

test('an order not validated yet is refused and not mailed; bad addresses are form errors', async () => {
  const created = await buyer.post('/bwapi/purchase-orders', {
    supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
    company_id: await id('companies', 'code', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Paper', quantity: '1', unit_price_exctax: '3', vat_rate: '20' }],
  })
  const orderId = ((await created.json()) as { data: { id: number } }).data.id
  const draft = await buyer.post(`/bwapi/purchase-orders/${orderId}/send`, {
    to: 'orders@officepro.example',
    subject: 'Order',
  })
  expect(draft.status).toBe(409)
  const bad = await buyer.post(`/bwapi/purchase-orders/${orderId}/send`, { to: 'nope', subject: '' })
  expect(((await bad.json()) as { errors: object }).errors).toEqual({
    to: ['This e-mail address is not valid.'],
    subject: ['This field is required'],
  })
  expect(smtp.received).toHaveLength(0)
})

test('two sends at once mail the supplier once', async () => {
  const orderId = await validatedOrder()
  const input = { to: 'orders@safework.example', subject: 'Order' }
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => buyer.post(`/bwapi/purchase-orders/${orderId}/send`, input)),
  )
  expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1)
  await smtp.waitFor(1)
  await new Promise((r) => setTimeout(r, 300))
  expect(smtp.received).toHaveLength(1)
})

test('the PDF downloads for the order’s buyer and validators, not others', async () => {
  const orderId = await validatedOrder('OFFICEPRO')
  const response = await buyer.get(`/bwapi/purchase-orders/${orderId}/pdf`)
  expect(response.headers.get('content-type')).toBe('application/pdf')
  expect(pdfText(Buffer.from(await response.arrayBuffer()))).toContain('Purchase order PO-2026-00001')
  expect((await (await signIn(t.app, 'requester')).get(`/bwapi/purchase-orders/${orderId}/pdf`)).status).toBe(
    404,
  )
})

test('the order form data and the supplier search', async () => {
  const form = (await (await buyer.get('/bwapi/purchase-orders/create')).json()) as {
    suppliers: { code: string; contacts: unknown[] }[]
    companies: unknown[]
  }
  expect(form.suppliers.map((s) => s.code)).toEqual(['OFFICEPRO', 'SAFEWORK'])
  expect(form.suppliers[0]?.contacts).toHaveLength(1)
  expect(form.companies).toHaveLength(2)
  const found = (await (await buyer.get('/bwapi/suppliers/search?search=safe')).json()) as {
    data: { code: string }[]
  }
  expect(found.data.map((s) => s.code)).toEqual(['SAFEWORK'])
  expect((await (await signIn(t.app, 'requester')).get('/bwapi/purchase-orders/create')).status).toBe(403)
})

test('each validator the order waits on is e-mailed in their language, with the amount and a link', async () => {
  await validatedOrder()
  // validatedOrder cleared them: run the circuit again to read the mails.
  const orderId = Number((await t.client.execute('SELECT max(id) AS id FROM purchase_orders')).rows[0]?.id)
  await buyer.post(`/bwapi/purchase-orders/${orderId}/new_version`)
  const draft = Number((await t.client.execute('SELECT max(id) AS id FROM purchase_orders')).rows[0]?.id)
  await buyer.post(`/bwapi/purchase-orders/${draft}/submit`)
  const [first] = await smtp.waitFor(1)
  const validatorEmail = (await t.client.execute("SELECT email FROM users WHERE login = 'validator'")).rows[0]
    ?.email
  expect(first?.to).toEqual([validatorEmail])
  expect(first?.raw).toContain('La commande PO-2026-00001 attend votre validation')
  const text = decodedText(first?.raw ?? '')
  expect(text).toContain('La commande PO-2026-00001 (14\u202f843,97\u00a0€) attend votre validation.')
  expect(text).toContain(`Lien : http://localhost/app/purchase-orders/${draft}`)
})

test('a delegate who asked to be told is e-mailed too, during the delegation only', async () => {
  const userId = async (login: string) => id('users', 'login', login)
  await t.db.insert(delegations).values({
    delegator_id: await userId('validator'),
    delegate_id: await userId('requester'),
    starts_at: new Date('2026-11-01T00:00:00Z'),
    ends_at: new Date('2026-11-30T23:59:59Z'),
    notify_delegate: true,
  })
  const create = async () => {
    const created = await buyer.post('/bwapi/purchase-orders', {
      supplier_id: await id('suppliers', 'code', 'OFFICEPRO'),
      company_id: await id('companies', 'code', 'ACME'),
      currency_code: 'EUR',
      lines: [{ label: 'Pens', quantity: '10', unit_price_exctax: '1.5', vat_rate: '20' }],
    })
    return ((await created.json()) as { data: { id: number } }).data.id
  }
  await buyer.post(`/bwapi/purchase-orders/${await create()}/submit`)
  const mails = await smtp.waitFor(2)
  const toDelegate = mails.find((m) => m.to.includes('requester@procura.example'))
  expect(decodedText(toDelegate?.raw ?? '')).toContain(
    'You receive this as the delegate of Victor Validator.',
  )

  smtp.received.length = 0
  t.clock.set('2026-12-02T10:00:00Z')
  buyer = await signIn(t.app, 'buyer') // the session of November has expired
  await buyer.post(`/bwapi/purchase-orders/${await create()}/submit`)
  const after = await smtp.waitFor(1)
  await new Promise((done) => setTimeout(done, 100))
  expect(after.flatMap((m) => m.to)).toEqual(['validator@procura.example'])
})

test('the send dialog is prefilled: the supplier’s order contact, the buyer in copy', async () => {
  const orderId = await validatedOrder('SAFEWORK')
  const order = (await (await buyer.get(`/bwapi/purchase-orders/${orderId}`)).json()) as {
    data: { code: string; send_defaults: { to: string | null; cc: string[] } }
  }
  // The subject and the cover text from the order mail's template, in the contact's French.
  expect(order.data.send_defaults).toEqual({
    to: 'orders@safework.example',
    cc: ['buyer@procura.example'],
    subject: `Bon de commande ${order.data.code}`,
    content: expect.stringContaining(`Veuillez trouver ci-joint notre bon de commande ${order.data.code}.`),
    // SafeWork takes orders by e-mail (no cXML order system in its PunchOut settings).
    cxml_order_url: null,
  })
  // Without a contact named on the order, the supplier's main order contact.
  await t.client.execute({
    sql: 'UPDATE purchase_orders SET supplier_contact_id = NULL WHERE id = ?',
    args: [orderId],
  })
  const again = (await (await buyer.get(`/bwapi/purchase-orders/${orderId}`)).json()) as {
    data: { send_defaults: { to: string | null } }
  }
  expect(again.data.send_defaults.to).toBe('orders@safework.example')
})

test('the PDF carries both parties’ addresses and VAT numbers, the delivery, the requests, the total in words and page numbers', async () => {
  const orderId = await validatedOrder('SAFEWORK') // its contact reads French
  await t.client.execute({
    sql: 'UPDATE purchase_orders SET delivery_address = ? WHERE id = ?',
    args: [
      JSON.stringify({
        type: 'other',
        public: false,
        address: 'Atelier 3, 12 rue des Entrepôts, 69007 Lyon',
        shipping_date: '2026-12-01',
        deadline: '2026-12-15',
      }),
      orderId,
    ],
  })
  await t.client.execute({
    sql: "INSERT INTO needs (code, title, requester_id, buyer_id, purchase_family, status, processing, amount_exctax, purchase_order_id, created_at, updated_at) VALUES ('REQ-2026-00042', 'Helmets', (SELECT id FROM users WHERE login = 'requester'), (SELECT id FROM users WHERE login = 'buyer'), 'SAFETY', 'validated', 'po_validated', '0', ?, ?, ?)",
    args: [orderId, t.clock.now(), t.clock.now()],
  })
  const response = await buyer.get(`/bwapi/purchase-orders/${orderId}/pdf`)
  const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ')
  const info = execFileSync('pdfinfo', [join(t.dir, 'order.pdf')], { encoding: 'utf8' })
  expect(info).toMatch(/Pages:\s+1\n/)
  for (const expected of [
    'Commandé par',
    'Acme Industries',
    '8 place Bellecour, 69002 Lyon, France',
    'N° de TVA: FR40303265045',
    'SafeWork Équipements (SAFEWORK)',
    'ZI des Bruyères, 59200 Tourcoing, France',
    'Livrer à: Atelier 3, 12 rue des Entrepôts, 69007 Lyon',
    'Date d’expédition: 01/12/2026',
    'Livrer avant le: 15/12/2026',
    'Demandes: REQ-2026-00042',
    'Arrêtée à la somme de : dix-sept mille',
    'euros',
    'Page 1 / 1',
  ])
    expect(text, expected).toContain(expected)
})

test('the requesters whose requests an order came from hear it was sent, once its mail left; not when it did not', async () => {
  const requester = await signIn(t.app, 'requester')
  const fromRequest = async (orderId: number) => {
    const created = await requester.post('/bwapi/needs', {
      title: 'Helmets',
      buyer_id: await id('users', 'login', 'buyer'),
      purchase_family: 'OFFICE',
      lines: [{ description: 'Helmets', quantity: '12', unit_price_exctax: '10' }],
    })
    const needId = ((await created.json()) as { data: { id: number } }).data.id
    await t.client.execute({
      sql: 'UPDATE needs SET purchase_order_id = ? WHERE id = ?',
      args: [orderId, needId],
    })
  }
  type Note = { kind: string; text: string; link: string }
  const notesOf = async (agent: Agent) =>
    ((await (await agent.get('/bwapi/notifications')).json()) as { data: Note[] }).data.filter(
      (n) => n.kind === 'order_sent',
    )
  const input = { to: 'orders@safework.example', subject: 'Order' }

  const sent = await validatedOrder()
  await fromRequest(sent)
  expect((await buyer.post(`/bwapi/purchase-orders/${sent}/send`, input)).status).toBe(200)
  const notes = await notesOf(requester)
  expect(notes).toHaveLength(1)
  expect(notes[0]).toMatchObject({ link: `/purchase-orders/${sent}` })
  expect(notes[0]?.text).toContain('SafeWork')
  // The sender is not told what it did.
  expect(await notesOf(buyer)).toEqual([])

  // The mail fails: the order is back to validated, and nobody is told it was sent.
  const failing = await validatedOrder()
  await fromRequest(failing)
  await smtp.close()
  expect((await buyer.post(`/bwapi/purchase-orders/${failing}/send`, input)).status).toBe(500)
  const status = await t.client.execute({
    sql: 'SELECT status FROM purchase_orders WHERE id = ?',
    args: [failing],
  })
  expect(status.rows[0]?.status).toBe('validated')
  expect(await notesOf(requester)).toHaveLength(1)
})
