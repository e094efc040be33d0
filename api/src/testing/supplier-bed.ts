import { afterEach, beforeEach, expect } from 'vitest'
import { type Agent, signIn } from './agent'
import { startTestSmtp, type TestSmtp } from './smtp'
import { createTestApp, type TestApp } from './test-app'
import { tableCounts } from './test-database'

type Json = Record<string, unknown>

/**
 * What the supplier record's API tests share (supplier-record.test.ts, supplier-follow-up.test.ts):
 * a database of the test's own with a mail server, the administrator and the buyer signed in, and
 * the helpers that set up a sector tree, a document type and a prospect.
 */
export const useSupplierBed = () => {
  const bed = {} as { t: TestApp; admin: Agent; buyer: Agent; smtp: TestSmtp }
  const json = async (response: Response) => (await response.json()) as Json
  const data = async (response: Response) => (await json(response)).data as Json
  const idOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(201)
    return (await data(response)).id as number
  }
  const snapshot = async () =>
    JSON.stringify([
      await tableCounts(bed.t.client),
      (await bed.t.client.execute('SELECT * FROM suppliers ORDER BY id')).rows,
      (await bed.t.client.execute('SELECT * FROM geographic_sectors ORDER BY id')).rows,
      (await bed.t.client.execute('SELECT * FROM supplier_files ORDER BY id')).rows,
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
    Number(
      (await bed.t.client.execute({ sql: 'SELECT id FROM roles WHERE code = ?', args: [code] })).rows[0]?.id,
    )
  const familyId = async () =>
    Number((await bed.t.client.execute('SELECT id FROM product_families LIMIT 1')).rows[0]?.id)

  /** Europe › France (requires SIRET); a legal category validated by the validator role; URSSAF required, 6 months. */
  const setUp = async () => {
    const europe = await idOf(await bed.admin.post('/bwapi/geographic-sectors', { label: 'Europe' }))
    const france = await idOf(
      await bed.admin.post('/bwapi/geographic-sectors', {
        label: 'France',
        parent_id: europe,
        requires_siret: true,
      }),
    )
    const legal = await idOf(
      await bed.admin.post('/bwapi/supplier-file-categories', {
        label: 'Legal',
        validator_role_id: await roleId('validator'),
      }),
    )
    const urssaf = await idOf(
      await bed.admin.post('/bwapi/supplier-file-types', {
        label: 'URSSAF attestation',
        category_id: legal,
        duration_months: 6,
        required: true,
        show_in_certification_chart: true,
      }),
    )
    const supplier = await idOf(
      await bed.buyer.post('/bwapi/suppliers', {
        code: 'NEWCO',
        company_name: 'NewCo',
        currency_code: 'EUR',
        status: 'prospect',
      }),
    )
    return { europe, france, legal, urssaf, supplier }
  }

  beforeEach(async () => {
    bed.smtp = await startTestSmtp()
    bed.t = await createTestApp({ smtpUrl: bed.smtp.url })
    bed.admin = await signIn(bed.t.app, 'admin')
    bed.buyer = await signIn(bed.t.app, 'buyer')
  })
  afterEach(async () => {
    await bed.t.close()
    await bed.smtp.close()
  })
  return { bed, json, data, idOf, snapshot, fieldsOf, upload, roleId, familyId, setUp }
}
