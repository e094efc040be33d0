import { afterEach, beforeEach, expect, test } from 'vitest'
import { signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

type Code = { level: number; code: string; label: string }
const rows = async (sql: string) => (await t.client.execute(sql)).rows

test('the allocation codes offered on a line are the active ones, projects only those the user may use', async () => {
  const codes = async (login: string) =>
    (
      (await (await (await signIn(t.app, login)).get('/bwapi/allocation-codes')).json()) as {
        data: { codes: Code[] }
      }
    ).data.codes
  const admin = await signIn(t.app, 'admin')
  for (const [level, code, parent] of [
    [1, 'P1', null],
    [1, 'P2', null],
    [1, 'P3', null],
    [2, 'P1-A', 'P1'],
  ] as const) {
    const parent_id =
      parent === null
        ? null
        : Number((await rows(`SELECT id FROM allocations WHERE code = '${parent}'`))[0]?.id)
    const made = await admin.post('/bwapi/allocations', { level, code, label: `Code ${code}`, parent_id })
    expect(made.status, await made.clone().text()).toBe(201)
  }
  const active = await rows('SELECT level, code FROM allocations ORDER BY level, code')
  const projects = active.filter((r) => Number(r.level) === 1).map((r) => String(r.code))
  expect(projects.length).toBeGreaterThan(1)
  // Without a project authorization, every active code; a disabled code is not offered.
  const disabled = projects[1] as string
  const disabledId = Number((await rows(`SELECT id FROM allocations WHERE code = '${disabled}'`))[0]?.id)
  expect((await admin.post(`/bwapi/allocations/${disabledId}/disable`)).status).toBe(200)
  const levels = (
    (await (await admin.get('/bwapi/allocation-codes')).json()) as { data: { administered: number[] } }
  ).data.administered
  // Levels 1 and 2 hold codes (a line names one); 3 and 4 none (free text).
  expect(levels).toEqual([1, 2])
  const all = await codes('buyer')
  expect(all.filter((c) => c.level === 1).map((c) => c.code)).toEqual(projects.filter((p) => p !== disabled))
  expect(all.some((c) => c.level > 1)).toBe(true)
  // A write authorization on one project: that project only at level 1, the other levels as they are.
  const [requester] = await rows("SELECT id FROM users WHERE login = 'requester'")
  await t.client.execute({
    sql: "INSERT INTO user_authorizations (user_id, dimension, value_code, access) VALUES (?, 'project', ?, 'write')",
    args: [Number(requester?.id), projects[0] as string],
  })
  const mine = await codes('requester')
  expect(mine.filter((c) => c.level === 1).map((c) => c.code)).toEqual([projects[0]])
  expect(mine.filter((c) => c.level > 1)).toEqual(all.filter((c) => c.level > 1))
})
