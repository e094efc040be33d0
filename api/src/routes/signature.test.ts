import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeSetting } from '../services/settings'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const upload = (browser: Agent, id: number, name: string, bytes: Uint8Array) => {
  const form = new FormData()
  form.set('signature', new File([bytes], name))
  return browser.request(`/bwapi/users/${id}/profile-signature`, { method: 'POST', form })
}
const idOf = async (login: string) =>
  Number((await t.client.execute({ sql: 'SELECT id FROM users WHERE login = ?', args: [login] })).rows[0]?.id)
const files = () => {
  const dir = join(t.dir, 'files', 'signatures')
  return existsSync(dir) ? readdirSync(dir) : []
}

test('a user uploads their signature; it replaces the previous one and reads back', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const me = await idOf('buyer')
  expect((await upload(buyer, me, 'signature.png', PNG)).status).toBe(200)
  expect((await upload(buyer, me, 'signature-2.PNG', PNG)).status).toBe(200)
  expect(files()).toHaveLength(1)
  const image = await buyer.get(`/bwapi/users/${me}/profile-signature`)
  expect(image.headers.get('content-type')).toBe('image/png')
  expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG)
  expect(
    ((await (await buyer.get(`/bwapi/users/${me}/profile`)).json()) as { data: { signature: boolean } }).data
      .signature,
  ).toBe(true)
})

test.each([
  [
    'a wrong extension',
    'signature.exe',
    PNG,
    'This file extension is not allowed (allowed: png, jpg, jpeg, gif, webp).',
  ],
  [
    'content that is no image',
    'signature.png',
    new Uint8Array([60, 115, 99, 114, 105, 112, 116, 62]),
    'Wrong file type (expected: png, jpg, jpeg, gif, webp).',
  ],
  ['a name too long', `${'s'.repeat(150)}.png`, PNG, 'The file name is too long (150 characters at most).'],
])('%s is refused with its reason, and nothing is stored', async (_case, name, bytes, message) => {
  const buyer = await signIn(t.app, 'buyer')
  const response = await upload(buyer, await idOf('buyer'), name, bytes)
  expect(response.status).toBe(422)
  expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    signature: [message],
  })
  expect(files()).toEqual([])
})

test('a file over the maximum weight names the maximum in base 1024', async () => {
  await writeSetting(t.db, t.clock, 'settings', { files: { max_bytes: 1024 } })
  const buyer = await signIn(t.app, 'buyer')
  const big = new Uint8Array(2048)
  big.set(PNG)
  const response = await upload(buyer, await idOf('buyer'), 'big.png', big)
  expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    signature: ['The file is too large (maximum 1\u00a0KB).'],
  })
})

test('no file, or someone else’s profile, is refused', async () => {
  const buyer = await signIn(t.app, 'buyer')
  const empty = await buyer.request(`/bwapi/users/${await idOf('buyer')}/profile-signature`, {
    method: 'POST',
    form: new FormData(),
  })
  expect(((await empty.json()) as { errors: unknown }).errors).toEqual({
    signature: ['This field is required'],
  })
  expect((await upload(buyer, await idOf('admin'), 'signature.png', PNG)).status).toBe(403)
  expect((await buyer.get(`/bwapi/users/${await idOf('buyer')}/profile-signature`)).status).toBe(404)
  expect(files()).toEqual([])
})
