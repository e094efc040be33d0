import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { bankDetails, validatedInvoice } from '../testing/payables'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let buyer: Agent
let payables: Agent
let finance: Agent
let admin: Agent
let supplier: number
let company: number
const json = async (response: Response) => (await response.json()) as Json
const idOf = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.id)
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (
      await t.client.execute(
        'SELECT id, account_number, bic, status, main, changed_by FROM bank_accounts ORDER BY id',
      )
    ).rows,
  ])

beforeEach(async () => {
  t = await createTestApp()
  buyer = await signIn(t.app, 'buyer')
  payables = await signIn(t.app, 'payables')
  finance = await signIn(t.app, 'finance')
  admin = await signIn(t.app, 'admin')
  supplier = await idOf("SELECT id FROM suppliers WHERE code = 'OFFICEPRO'")
  company = await idOf("SELECT id FROM companies WHERE code = 'ACME'")
})
afterEach(() => t.close())

const account = (changes: Json = {}) => ({
  account_number: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPP',
  holder_name: 'OfficePro Supplies',
  holder_country_code: 'FR',
  main: true,
  ...changes,
})

test('a supplier’s IBAN waits for a second person; changing it waits again, traced', async () => {
  const added = await payables.post(`/bwapi/suppliers/${supplier}/bank-accounts`, account())
  expect(added.status).toBe(201)
  const { id, status } = (await json(added)).data as { id: number; status: string }
  expect(status).toBe('pending_validation')
  // Whoever entered it cannot validate it.
  let before = await snapshot()
  const self = await payables.post(`/bwapi/suppliers/${supplier}/bank-accounts/${id}/validate`, {})
  expect(await json(self)).toEqual({
    code: 'BANK_ACCOUNT_SAME_PERSON',
    message: 'A bank account is validated by someone else than the person who entered or changed it.',
  })
  expect(await snapshot()).toBe(before)
  expect(
    await json(await admin.post(`/bwapi/suppliers/${supplier}/bank-accounts/${id}/validate`, {})),
  ).toEqual({
    data: { id, status: 'validated' },
  })
  // A new number is a new account to check.
  const changed = await admin.request(`/bwapi/suppliers/${supplier}/bank-accounts/${id}`, {
    method: 'PUT',
    body: account({
      account_number: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      holder_country_code: 'DE',
    }),
  })
  expect(await json(changed)).toEqual({ data: { id, status: 'pending_validation', shared_with: [] } })
  const list = (
    (await json(await payables.get(`/bwapi/suppliers/${supplier}/bank-accounts`))).data as Json[]
  )[0]
  expect(list).toMatchObject({
    account_number: 'DE89370400440532013000',
    status: 'pending_validation',
    can_validate: true,
  })
  const traces = (
    await t.client.execute("SELECT message FROM traces WHERE action = 'bank_account_change' ORDER BY id")
  ).rows.map((r) => r.message)
  expect(traces).toEqual(['Bank account …0189 changed to …3000 (pending_validation)'])
  // Only the holder's name changes: the status stays.
  before = await snapshot()
  const renamed = await payables.request(`/bwapi/suppliers/${supplier}/bank-accounts/${id}`, {
    method: 'PUT',
    body: account({
      account_number: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      holder_country_code: 'DE',
      holder_name: 'OfficePro GmbH',
    }),
  })
  expect(((await json(renamed)).data as Json).status).toBe('pending_validation')
})

test.each([
  [{ account_number: 'FR7630006000011234567890188' }, 'account_number', 'This IBAN is not valid.'],
  [{ bic: 'AGRI' }, 'bic', 'This BIC is not valid.'],
])('an account %j is refused on %s, nothing changed', async (change, field, message) => {
  const before = await snapshot()
  const response = await payables.post(`/bwapi/suppliers/${supplier}/bank-accounts`, account(change))
  expect(response.status).toBe(422)
  expect((await json(response)).errors).toEqual({ [field]: [message] })
  expect(await snapshot()).toBe(before)
})

test('who manages accounts: buyers for suppliers, administrators for the paying companies', async () => {
  const requester = await signIn(t.app, 'requester')
  const before = await snapshot()
  expect((await requester.post(`/bwapi/suppliers/${supplier}/bank-accounts`, account())).status).toBe(403)
  expect(
    (await payables.post(`/bwapi/companies/${company}/bank-accounts`, account({ holder_name: 'ACME' })))
      .status,
  ).toBe(403)
  expect(await snapshot()).toBe(before)
  const own = await admin.post(`/bwapi/companies/${company}/bank-accounts`, account({ holder_name: 'ACME' }))
  expect(((await json(own)).data as Json).status).toBe('validated')
})

test('one main account per owner', async () => {
  await payables.post(`/bwapi/suppliers/${supplier}/bank-accounts`, account())
  await payables.post(
    `/bwapi/suppliers/${supplier}/bank-accounts`,
    account({ account_number: 'DE89370400440532013000', bic: 'COBADEFFXXX', holder_country_code: 'DE' }),
  )
  const mains = (await t.client.execute('SELECT account_number FROM bank_accounts WHERE main = true')).rows
  expect(mains.map((r) => r.account_number)).toEqual(['DE89370400440532013000'])
})

test('a supplier paid by transfer keeps an IBAN; removing one a payment uses lets the payment find the other', async () => {
  const accountId = await bankDetails(t, payables, admin)
  const { invoice } = await validatedInvoice(t, buyer)
  const group = (
    (
      await json(
        await payables.post('/bwapi/payment-groups', {
          payment_date: '2026-12-01',
          lines: [{ supplier_invoice_id: invoice }],
        }),
      )
    ).data as { id: number }
  ).id
  // The last IBAN of OFFICEPRO (paid by transfer) cannot go.
  let before = await snapshot()
  const refused = await payables.request(`/bwapi/suppliers/${supplier}/bank-accounts/${accountId}`, {
    method: 'DELETE',
  })
  expect(await json(refused)).toEqual({
    code: 'IBAN_REQUIRED',
    message: 'At least one valid IBAN is required.',
  })
  expect(await snapshot()).toBe(before)
  const other = (
    (
      await json(
        await payables.post(
          `/bwapi/suppliers/${supplier}/bank-accounts`,
          account({
            account_number: 'NL91ABNA0417164300',
            bic: null,
            holder_country_code: 'NL',
            main: false,
          }),
        ),
      )
    ).data as { id: number }
  ).id
  await admin.post(`/bwapi/suppliers/${supplier}/bank-accounts/${other}/validate`, {})
  before = await snapshot()
  expect(
    (await payables.request(`/bwapi/suppliers/${supplier}/bank-accounts/${accountId}`, { method: 'DELETE' }))
      .status,
  ).toBe(200)
  expect(await snapshot()).not.toBe(before)
  await payables.post(`/bwapi/payment-groups/${group}/submit`)
  const file = await finance.post(`/bwapi/payment-groups/${group}/sepa`, {})
  expect(file.status).toBe(201)
  const { id: exportId } = (await json(file)).data as { id: number }
  const xml = await (await finance.get(`/bwapi/payment-groups/${group}/exports/${exportId}/file`)).text()
  expect(xml).toContain('<IBAN>NL91ABNA0417164300</IBAN>')
})

test('two suppliers on one IBAN are flagged where it is entered, in the list and in the payment proposal', async () => {
  const other = await idOf("SELECT id FROM suppliers WHERE code <> 'OFFICEPRO' ORDER BY id LIMIT 1")
  const otherName = String(
    (await t.client.execute(`SELECT company_name FROM suppliers WHERE id = ${other}`)).rows[0]?.company_name,
  )
  const first = await payables.post(`/bwapi/suppliers/${supplier}/bank-accounts`, account())
  expect(((await json(first)).data as { shared_with: string[] }).shared_with).toEqual([])
  const second = await payables.post(
    `/bwapi/suppliers/${other}/bank-accounts`,
    account({ holder_name: 'Someone' }),
  )
  expect(((await json(second)).data as { shared_with: string[] }).shared_with).toEqual(['OfficePro Supplies'])
  const list = (await json(await payables.get(`/bwapi/suppliers/${supplier}/bank-accounts`))).data as Json[]
  expect(list[0]?.shared_with).toEqual([otherName])
  const traced = await t.client.execute("SELECT severity FROM traces WHERE action = 'bank_account_shared'")
  expect(traced.rows).toEqual([expect.objectContaining({ severity: 'warning' })])
  // The payment proposal flags the supplier's invoice.
  await validatedInvoice(t, buyer)
  const proposal = (await json(await payables.get('/bwapi/payment-groups/proposal?due_by=2027-12-31')))
    .data as {
    invoices: { supplier: string; iban_shared_with: string[] }[]
  }[]
  const officePro = proposal.flatMap((g) => g.invoices).find((i) => i.supplier === 'OfficePro Supplies')
  expect(officePro?.iban_shared_with).toEqual([otherName])
  // It is held: not paid until someone checks the account and says why it is paid, traced.
  expect(officePro).toMatchObject({ held: true })
  const invoiceId = (officePro as unknown as { id: number }).id
  const unchanged = await snapshot()
  const refused = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [{ supplier_invoice_id: invoiceId }],
  })
  expect(refused.status).toBe(422)
  expect((await json(refused)).errors).toEqual({
    'lines.0.iban_check_reason': [
      `This supplier is paid on an account ${otherName} is paid on too: check it with the supplier, then say why you pay it.`,
    ],
  })
  expect(await snapshot()).toBe(unchanged)
  const paid = await payables.post('/bwapi/payment-groups', {
    payment_date: '2026-12-01',
    lines: [
      {
        supplier_invoice_id: invoiceId,
        iban_check_reason: 'Called OfficePro: the account is their factor’s.',
      },
    ],
  })
  expect(paid.status).toBe(201)
  const cleared = await t.client.execute(
    "SELECT message, severity, model_id FROM traces WHERE action = 'iban_shared_cleared'",
  )
  expect(cleared.rows).toEqual([
    expect.objectContaining({ severity: 'warning', model_id: String(invoiceId) }),
  ])
  expect(String(cleared.rows[0]?.message)).toContain('Called OfficePro: the account is their factor’s.')
})

test('a buyer does not manage suppliers’ bank accounts: accounts payable and finance do', async () => {
  const before = await snapshot()
  expect((await buyer.post(`/bwapi/suppliers/${supplier}/bank-accounts`, account())).status).toBe(403)
  expect(await snapshot()).toBe(before)
  expect((await finance.post(`/bwapi/suppliers/${supplier}/bank-accounts`, account())).status).toBe(201)
})
