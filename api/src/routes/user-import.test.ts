import { afterEach, beforeEach, expect, test } from 'vitest'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'
import { tableCounts } from '../testing/test-database'

type Json = Record<string, unknown>
let t: TestApp
let admin: Agent
const snapshot = async () =>
  JSON.stringify([
    await tableCounts(t.client),
    (await t.client.execute('SELECT * FROM users ORDER BY id')).rows,
  ])
const idOf = async (login: string) =>
  Number((await t.client.execute({ sql: 'SELECT id FROM users WHERE login = ?', args: [login] })).rows[0]?.id)
const upload = async (content: string, query = '', agent = admin) => {
  const form = new FormData()
  form.set('file', new File([content], 'users.csv', { type: 'text/csv' }))
  const response = await agent.request(`/bwapi/users/import${query}`, { method: 'POST', form })
  return { status: response.status, body: (await response.json()) as Json }
}
const summary = (answer: { body: Json }) =>
  answer.body.data as Json & { errors: { line: number; messages: string[] }[] }

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})
afterEach(() => t.close())

const HEADER = 'id;login;label;email;language;role;active;buyer'

test('users are created and updated from a file, all or nothing; a dry run writes nothing', async () => {
  const buyer = await idOf('buyer')
  const before = await snapshot()
  const good = [
    HEADER,
    ';clara;Clara Costa;clara@acme.example;fr;requester;1;0',
    `${buyer};;Bruno B. Buyer;;;;;`,
  ].join('\r\n')
  expect(summary(await upload(good, '?dry_run=1'))).toMatchObject({
    checked: 2,
    failed: 0,
    imported: 0,
    dry_run: true,
  })
  expect(await snapshot()).toBe(before)
  const broken = [
    HEADER,
    ';clara;Clara Costa;clara@acme.example;fr;requester;1;0',
    ';CLARA;Clara again;clara2@acme.example;fr;requester;1;0',
    ';validator;Same login;v@acme.example;en;requester;1;0',
    ';dora;Dora;not-an-email;en;requester;1;0',
    ';ed;Ed;ed@acme.example;en;emperor;1;0',
    '999999;;Nobody;;;;;',
  ].join('\r\n')
  const refused = summary(await upload(broken))
  expect(refused).toMatchObject({ checked: 6, failed: 5, imported: 0 })
  expect(refused.errors.map((e) => [e.line, e.messages])).toEqual([
    [3, ['login: This value is already used.']],
    [4, ['login: This value is already used.']],
    [5, [expect.stringMatching(/^email: /)]],
    [6, [expect.stringMatching(/^role: /)]],
    [7, ['id: Unknown id: 999999.']],
  ])
  expect(await snapshot()).toBe(before)
  expect(summary(await upload(good))).toMatchObject({ imported: 2, created: 1, updated: 1 })
  const rows = (
    await t.client.execute(
      "SELECT u.login, u.label, u.email, u.language, u.buyer, u.password_hash, r.code AS role FROM users u JOIN roles r ON r.id = u.role_id WHERE u.login IN ('clara', 'buyer') ORDER BY u.login",
    )
  ).rows.map((r) => ({ ...r, buyer: Boolean(r.buyer) }))
  expect(rows).toEqual([
    // A blank cell keeps the value: the buyer stays a buyer, their e-mail and role unchanged.
    {
      login: 'buyer',
      label: 'Bruno B. Buyer',
      email: 'buyer@procura.example',
      language: 'en',
      buyer: true,
      password_hash: expect.any(String),
      role: 'buyer',
    },
    // A user created by a file has no password until they choose one.
    {
      login: 'clara',
      label: 'Clara Costa',
      email: 'clara@acme.example',
      language: 'fr',
      buyer: false,
      password_hash: null,
      role: 'requester',
    },
  ])
})

test('protected users are not changed: administrators and whoever imports', async () => {
  const before = await snapshot()
  const answer = summary(
    await upload([HEADER, `${await idOf('admin')};;Not the admin;;;none;0;`].join('\r\n')),
  )
  expect(answer.errors).toEqual([
    {
      line: 2,
      messages: [
        'id: admin is protected: an import does not change an administrator, nor the person importing.',
      ],
    },
  ])
  expect(await snapshot()).toBe(before)
})

test('only who manages users imports or exports them; the file exported imports back unchanged', async () => {
  const requester = await signIn(t.app, 'requester')
  expect((await upload([HEADER].join('\r\n'), '', requester)).status).toBe(403)
  expect((await requester.get('/bwapi/users/file')).status).toBe(403)
  const file = (await (await admin.get('/bwapi/users/file')).text()).replace(/^\uFEFF/, '')
  const lines = file.split('\r\n').filter((l) => l !== '')
  expect(lines[0]).toBe(
    'id;login;label;email;language;role;active;buyer;can_view_other_po;price_display_inctax',
  )
  // Without the protected users (the administrators and the importer), the rest imports as it is.
  const others = lines.filter((l, i) => i === 0 || !/;admin;/.test(l))
  const before = await snapshot()
  const answer = summary(await upload(others.join('\r\n')))
  expect(answer).toMatchObject({ failed: 0, imported: others.length - 1, created: 0 })
  expect(JSON.parse(before)[1].map((u: Json) => [u.login, u.label, u.email, u.active])).toEqual(
    JSON.parse(await snapshot())[1].map((u: Json) => [u.login, u.label, u.email, u.active]),
  )
})
