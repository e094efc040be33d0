import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { createTestDatabase, type TestDatabase } from '@procura/api/testing'
import { decodedText, startTestSmtp } from '@procura/api/testing/smtp'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { inquirerPrompts } from './io'
import { main } from './main'
import { scriptedIo } from './testing'

/** `procura init` (issue 49 §1): from an empty database to an administrator who signs in. */
/** A migrated database without any data: a SQLite file, or under `npm run test:pg` a PostgreSQL database. */
let t: TestDatabase
let dir: string
let url: string
beforeEach(async () => {
  t = await createTestDatabase('migrated')
  dir = t.dir
  url = t.url
})
afterEach(() => t.close())

const run = (args: string[], io: ReturnType<typeof scriptedIo>) => main(['node', 'procura', ...args], io.io)

const rows = async (sql: string) =>
  (await t.client.execute(sql)).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
  )

/**
 * A terminal the test types into: each step waits for its question on the screen, then types the
 * keys (Enter at the end). inquirer's real prompts read them.
 */
const terminal = (steps: readonly (readonly [question: string | RegExp, keys: string])[]) => {
  const input = new PassThrough()
  let screen = ''
  let step = 0
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are removed
  const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
  const read = (chunk: Buffer) => {
    screen += plain(chunk.toString('utf8'))
    const next = steps[step]
    if (next === undefined) return
    const [question, keys] = next
    const found = typeof question === 'string' ? screen.includes(question) : question.test(screen)
    if (!found) return
    screen = ''
    step += 1
    setImmediate(() => input.write(`${keys}\r`))
  }
  // Each prompt writes to its own stream (it ends it when answered); the screen reads them all.
  const output = () => {
    const stream = new PassThrough()
    stream.on('data', read)
    return { input, output: stream }
  }
  return { prompts: inquirerPrompts(output), steps: () => step }
}

test('asked on a terminal: every answer checked as it is typed, then the administrator signs in', async () => {
  const smtp = await startTestSmtp()
  try {
    const screen = terminal([
      ['Administrator’s login', 'ada'],
      ['Administrator’s full name', 'Ada Lovelace'],
      ['Administrator’s e-mail', 'not-an-email'],
      // Refused on the spot: the line is cleared (Ctrl-U) and typed again.
      ['This e-mail address is not valid.', '\x15ada@example.org'],
      ['Administrator’s language', ''],
      ['Company code', 'NORD'],
      ['Company name', 'Nord Fournitures'],
      ['Company currency', ''],
      ['Company country', ''],
      ['Public address', 'https://achats.example.org'],
      ['Mail server', smtp.url],
      ['Sender of the mails', 'Achats <achats@example.org>'],
      ['Where uploaded files are kept', ''],
      ['Mail the administrator a link', 'n'],
      ['Administrator’s password', 'Setup-2026!'],
      ['The same password again', 'Setup-2026!'],
    ])
    const io = scriptedIo({
      interactive: true,
      ask: screen.prompts,
      env: { PROCURA_OUTBOX_DIR: join(dir, 'outbox') },
    })
    expect(await run(['init', '--database', url], io), io.err.join('\n')).toBe(0)
    expect(screen.steps()).toBe(16)
    expect(io.out.join('\n')).toContain('Set up. Sign in as ada at https://achats.example.org/app/login')
    expect(await rows('SELECT login, email, language FROM users')).toEqual([
      expect.objectContaining({ login: 'ada', email: 'ada@example.org', language: 'en' }),
    ])
    expect((await rows('SELECT code, currency_code, country_code FROM companies'))[0]).toMatchObject({
      code: 'NORD',
      currency_code: 'EUR',
      country_code: 'FR',
    })
    // The mail server was tested by mailing the administrator.
    const [mail] = await smtp.waitFor(1)
    expect(mail?.to).toEqual(['ada@example.org'])
    expect(decodedText(mail?.raw ?? '')).toContain('its mail server works')
    // Never twice: a second run changes nothing.
    const again = scriptedIo({ interactive: true, ask: terminal([]).prompts })
    expect(await run(['init', '--database', url], again)).toBe(1)
    expect(again.err.join('\n')).toContain('already set up')
    expect(Number((await rows('SELECT count(*) AS n FROM users'))[0]?.n)).toBe(1)
  } finally {
    await smtp.close()
  }
})

test('scripted: options and environment answer everything; what is missing or wrong is named, nothing made', async () => {
  const env = {
    PROCURA_ADMIN_NAME: 'Ada Lovelace',
    PROCURA_ADMIN_EMAIL: 'ada@example.org',
    PROCURA_COMPANY_CODE: 'NORD',
    PROCURA_COMPANY_NAME: 'Nord Fournitures',
    PROCURA_COUNTRY: 'BE',
  }
  const missing = scriptedIo({ env })
  expect(await run(['init', '--database', url], missing)).toBe(2)
  expect(missing.err.join('\n')).toContain('--admin-password (PROCURA_ADMIN_PASSWORD) or --invite')
  const weak = scriptedIo({ env: { ...env, PROCURA_ADMIN_PASSWORD: 'short' } })
  expect(await run(['init', '--database', url], weak)).toBe(1)
  expect(weak.err.join('\n')).toContain('password: The password must have at least 8 characters')
  const unknown = scriptedIo({
    env: { ...env, PROCURA_ADMIN_PASSWORD: 'Setup-2026!', PROCURA_CURRENCY: 'XTS' },
  })
  expect(await run(['init', '--database', url], unknown)).toBe(1)
  expect(unknown.err.join('\n')).toContain('currency_code: This value is not in the list.')
  const invited = scriptedIo({ env })
  expect(await run(['init', '--database', url, '--invite'], invited)).toBe(1)
  expect(invited.err.join('\n')).toContain('smtp_url: An e-mailed link needs a mail server')
  expect(Number((await rows('SELECT count(*) AS n FROM users'))[0]?.n)).toBe(0)
  expect(Number((await rows('SELECT count(*) AS n FROM companies'))[0]?.n)).toBe(0)

  const done = scriptedIo({ env: { ...env, PROCURA_ADMIN_PASSWORD: 'Setup-2026!' } })
  expect(await run(['init', '--database', url, '--admin-login', 'root', '--storage', 'database'], done)).toBe(
    0,
  )
  expect(done.out.join('\n')).toContain('Sign in as root at http://localhost:8080/app/login')
  const value = (await rows("SELECT value FROM settings WHERE key = 'settings'"))[0]?.value
  const settings = typeof value === 'string' ? JSON.parse(value) : value
  expect(settings.instance).toMatchObject({ file_storage: 'database', public_url: null, smtp_url: null })
  expect((await rows('SELECT country_code FROM companies'))[0]?.country_code).toBe('BE')
})
