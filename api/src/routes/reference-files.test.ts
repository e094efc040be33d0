import { afterEach, beforeEach, expect, test } from 'vitest'
import { REFERENCE_FILES } from '../services/admin-lists'
import { fileColumns } from '../services/imports/reference-files'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
type Summary = { checked: number; imported: number; created: number; updated: number; failed: number }
let t: TestApp
let admin: Agent
const json = async (response: Response) => (await response.json()) as Json
const snapshot = async () => JSON.stringify(await tableCounts(t.client))

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})
afterEach(() => t.close())

/** The API's base of a list (allocations are served under /bwapi/allocations too). */
const baseOf = (kind: string) => `/bwapi/${kind}`
const upload = async (kind: string, content: string, query = '', agent = admin) => {
  const form = new FormData()
  form.set('file', new File([content], `${kind}.csv`, { type: 'text/csv' }))
  return agent.request(`${baseOf(kind)}/import${query}`, { method: 'POST', form })
}
const summaryOf = async (response: Response) => (await json(response)).data as Summary & Json
/** The rows of a list as the API lists them, without ids and stamps. */
const listed = async (kind: string) =>
  ((await json(await admin.get(baseOf(kind)))).data as Json[]).map(
    ({ id: _i, created_at: _c, updated_at: _u, ...row }) => row,
  )

test.each(REFERENCE_FILES.map((f) => [f.kind, f] as const))(
  '%s: the file exported imports back unchanged; a dry run and a refused line write nothing',
  async (kind, file) => {
    if (kind === 'allocations') {
      const p = await admin.post('/bwapi/allocations', { level: 1, code: 'P-A', label: 'A', parent_id: null })
      const parent = ((await json(p)).data as { id: number }).id
      await admin.post('/bwapi/allocations', {
        level: 2,
        code: 'S-A',
        label: 'Sub "A"; 2',
        parent_id: parent,
      })
    }
    const exported = await admin.get(`${baseOf(kind)}/file`)
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-disposition')).toContain(`${kind}.csv`)
    const text = (await exported.text()).replace(/^\uFEFF/, '')
    const lines = text.split('\r\n').filter((l) => l !== '')
    expect(lines[0]).toBe(fileColumns(file).join(';'))
    const before = await listed(kind)
    expect(lines.length - 1).toBe(before.length)
    expect(before.length).toBeGreaterThan(0)
    const counts = await snapshot()

    const dry = await summaryOf(await upload(kind, text, '?dry_run=1'))
    expect(dry).toMatchObject({ checked: before.length, failed: 0, imported: 0, dry_run: true })
    expect(await snapshot()).toBe(counts)

    // One line without its label: the whole file is refused, that line named.
    const fresh = fileColumns(file).map((column) =>
      column === 'code'
        ? kind === 'countries'
          ? 'ZZ'
          : kind === 'incoterms'
            ? 'ZZZ'
            : 'NEW-ONE'
        : column === 'level'
          ? '1'
          : '',
    )
    const broken = [...lines, fresh.join(';')]
    const refused = await summaryOf(await upload(kind, broken.join('\r\n')))
    expect(refused).toMatchObject({ failed: 1, imported: 0 })
    expect(refused.errors).toEqual([
      { line: lines.length + 1, messages: expect.arrayContaining([expect.stringMatching(/^label: /)]) },
    ])
    expect(await snapshot()).toBe(counts)

    const again = await summaryOf(await upload(kind, text))
    expect(again).toMatchObject({ imported: before.length, created: 0, updated: before.length, failed: 0 })
    expect(await listed(kind)).toEqual(before)
  },
)

test('departments: a line names its company by code, an unknown one is refused on its line; new codes are created, known ones updated', async () => {
  const header = 'code;label;company;active'
  const counts = await snapshot()
  const refused = await summaryOf(
    await upload(
      'departments',
      [header, 'LAB;Laboratory;ACME;1', 'PR;Press;MARS;1', 'LAB;Twice;ACME;1'].join('\r\n'),
    ),
  )
  expect((refused.errors as { line: number; messages: string[] }[]).map((e) => [e.line, e.messages])).toEqual(
    [
      [3, ['company: Unknown company: MARS.']],
      [4, ['code: This value is already used.']],
    ],
  )
  expect(await snapshot()).toBe(counts)
  const done = await summaryOf(
    await upload(
      'departments',
      [header, 'LAB;Laboratory;ACME-UK;1', 'MAINT;Maintenance and works;ACME;0'].join('\r\n'),
    ),
  )
  expect(done).toMatchObject({ imported: 2, created: 1, updated: 1 })
  const rows = (
    await t.client.execute(
      "SELECT d.code, d.label, d.active, c.code AS company FROM departments d JOIN companies c ON c.id = d.company_id WHERE d.code IN ('LAB', 'MAINT') ORDER BY d.code",
    )
  ).rows.map((r) => ({ ...r, active: Boolean(r.active) }))
  expect(rows).toEqual([
    { code: 'LAB', label: 'Laboratory', active: true, company: 'ACME-UK' },
    { code: 'MAINT', label: 'Maintenance and works', active: false, company: 'ACME' },
  ])
})

test('allocations: a parent is a code of the level above, read in the file’s own order of levels', async () => {
  await admin.post('/bwapi/allocations', { level: 1, code: 'P-A', label: 'A', parent_id: null })
  const header = 'level;code;label;parent;active'
  const counts = await snapshot()
  const refused = await summaryOf(
    await upload(
      'allocations',
      [header, '2;S-B;Sub B;P-NONE;1', '3;N-B;Nature;P-A;1', '5;X;Level five;;1'].join('\r\n'),
    ),
  )
  expect(refused.failed).toBe(3)
  expect((refused.errors as { messages: string[] }[])[0]?.messages).toEqual([
    'parent: Unknown parent: P-NONE.',
  ])
  expect(await snapshot()).toBe(counts)
  expect(
    await summaryOf(await upload('allocations', [header, '2;S-B;Sub B;P-A;1'].join('\r\n'))),
  ).toMatchObject({
    created: 1,
  })
})

test('only administrators import or export a list; a wrong header is named and reads nothing', async () => {
  const requester = await signIn(t.app, 'requester')
  const counts = await snapshot()
  expect((await upload('units', 'code;label\r\nream;ream', '', requester)).status).toBe(403)
  expect((await requester.get('/bwapi/units/file')).status).toBe(403)
  const wrong = await upload('units', 'code;name\r\nream;ream')
  expect(wrong.status).toBe(422)
  expect(JSON.stringify(await json(wrong))).toContain('code;label;position;active')
  expect(await snapshot()).toBe(counts)
})
