import type { OrderActor } from '@procura/core/purchase-order'
import { asc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { noticeQueue } from '../../db/schema'
import { createMailer } from '../../mail/mailer'
import { startTestSmtp, type TestSmtp } from '../../testing/smtp'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { applyOrderAction } from '../purchase-orders/order-actions'
import { createOrder } from '../purchase-orders/order-write'
import { NOTICE_CLAIM_MS, NOTICE_MAX_ATTEMPTS, queueNotices, sendQueuedNotices } from './notice-queue'

let t: TestApp
let smtp: TestSmtp
let kicks: number
let deps: Parameters<typeof createOrder>[0] & { notices: { kick: () => void } }

beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp()
  kicks = 0
  // As the server runs: a sender that is only told (it tells nothing until the test says so).
  deps = {
    db: t.db,
    clock: t.clock,
    logger: t.logger,
    mailer: createMailer({ smtpUrl: smtp.url, outboxDir: t.dir }),
    notifyUser: () => 1,
    linkBase: 'https://procura.test/app',
    notices: { kick: () => (kicks += 1) },
  }
})
afterEach(async () => {
  t.close()
  await smtp.close()
})

const count = async (sql: string) => Number((await t.client.execute(sql)).rows[0]?.n)
const userOf = async (login: string): Promise<OrderActor> => {
  const row = (
    await t.client.execute({
      sql: 'SELECT id, buyer, can_view_other_po FROM users WHERE login = ?',
      args: [login],
    })
  ).rows[0]
  return {
    id: Number(row?.id),
    login,
    buyer: Boolean(row?.buyer),
    can_view_other_po: Boolean(row?.can_view_other_po),
  }
}
const idOf = async (table: string, code: string) =>
  Number(
    (await t.client.execute({ sql: `SELECT id FROM ${table} WHERE code = ?`, args: [code] })).rows[0]?.id,
  )

/** A draft order submitted by the buyer: its validator is to be told. */
const submitted = async () => {
  const buyer = await userOf('buyer')
  const created = await createOrder(deps, buyer, {
    supplier_id: await idOf('suppliers', 'OFFICEPRO'),
    company_id: await idOf('companies', 'ACME'),
    currency_code: 'EUR',
    lines: [{ label: 'Copy paper', quantity: '10', unit_price_exctax: '4.99', vat_rate: '20' }],
  })
  if (!created.ok) throw new Error(created.error.code)
  const done = await applyOrderAction(deps, buyer, created.value.data.id, 'submit', {})
  if (!done.ok) throw new Error(done.error.code)
  return created.value.data.id
}
const toValidate = () => count("SELECT count(*) AS n FROM notifications WHERE kind = 'to_validate'")
const waiting = () => count('SELECT count(*) AS n FROM notice_queue')

test('a submitted order’s validator is told after the call, by the sender, once', async () => {
  const before = await toValidate()
  const id = await submitted()
  // The call answered with its notices queued (the validator asked, their actions to do
  // refreshed) and the sender told: nobody told yet.
  expect(kicks).toBe(1)
  expect(await waiting()).toBe(2)
  expect(await toValidate()).toBe(before)
  expect(smtp.received).toHaveLength(0)
  expect(await sendQueuedNotices(deps)).toBe(2)
  expect(await toValidate()).toBe(before + 1)
  const [mail] = await smtp.waitFor(1)
  expect(mail?.raw).toContain(`https://procura.test/app/purchase-orders/${id}`)
  expect(await waiting()).toBe(0)
  // Told once: a second run finds nothing.
  expect(await sendQueuedNotices(deps)).toBe(0)
  expect(await toValidate()).toBe(before + 1)
})

test('a notice is written in its change’s transaction: undone with it', async () => {
  await expect(
    t.db.transaction(async (tx) => {
      await queueNotices(tx, t.clock.now(), [
        {
          type: 'author',
          document: { model: 'purchase_order', id: 1, code: 'PO-X' },
          author_id: 1,
          decision: { outcome: 'approved', by: 'validator', reason: null },
          link_base: '',
        },
      ])
      throw new Error('the change failed')
    }),
  ).rejects.toThrow('the change failed')
  expect(await waiting()).toBe(0)
})

test('a notice a dead sender held is told once its claim ends; two senders at once tell each notice once', async () => {
  const before = await toValidate()
  await submitted()
  await submitted()
  // A sender claimed the first, then died.
  const claimedUntil = t.clock.now().getTime() + NOTICE_CLAIM_MS
  const [oldest] = await t.db
    .select({ id: noticeQueue.id })
    .from(noticeQueue)
    .orderBy(asc(noticeQueue.id))
    .limit(1)
  await t.db
    .update(noticeQueue)
    .set({ claimed_until: new Date(claimedUntil) })
    .where(eq(noticeQueue.id, oldest?.id ?? 0))
  expect(await sendQueuedNotices(deps)).toBe(3)
  expect(await waiting()).toBe(1)
  expect(await toValidate()).toBe(before + 1)
  t.clock.set(new Date(claimedUntil + 1).toISOString())
  expect(await sendQueuedNotices(deps)).toBe(1)
  expect(await toValidate()).toBe(before + 2)
  // Three more, two senders at once: three told, none twice.
  await submitted()
  await submitted()
  await submitted()
  const told = await Promise.all([sendQueuedNotices(deps), sendQueuedNotices(deps)])
  expect(told[0] + told[1]).toBe(6)
  expect(await toValidate()).toBe(before + 5)
  expect(await waiting()).toBe(0)
})

test('a notice whose telling fails keeps its row with the error, the others are told, and it stops after its attempts', async () => {
  // A notice no sender can tell (its document is missing), queued before a good one.
  await t.db.insert(noticeQueue).values({
    notice: { type: 'validators', document: null, logins: ['validator'], link_base: '' },
    created_at: t.clock.now(),
  })
  const before = await toValidate()
  await submitted()
  expect(await sendQueuedNotices(deps)).toBe(2)
  expect(await toValidate()).toBe(before + 1)
  const kept = (await t.client.execute('SELECT attempts, last_error FROM notice_queue')).rows
  expect(kept).toHaveLength(1)
  expect(Number(kept[0]?.attempts)).toBe(1)
  expect(String(kept[0]?.last_error)).toMatch(/TypeError/)
  expect(t.logger.lines.some((l) => l.includes('could not be told'))).toBe(true)
  // Still claimed by the sender that tried, until its claim ends.
  const [claim] = await t.db.select({ until: noticeQueue.claimed_until }).from(noticeQueue)
  expect(claim?.until).toEqual(new Date(t.clock.now().getTime() + NOTICE_CLAIM_MS))
  // Tried again once each claim ends, then left for an administrator to look at.
  for (let attempt = 2; attempt <= NOTICE_MAX_ATTEMPTS + 1; attempt += 1) {
    t.clock.set(new Date(t.clock.now().getTime() + NOTICE_CLAIM_MS + 1).toISOString())
    expect(await sendQueuedNotices(deps)).toBe(0)
  }
  const left = (await t.client.execute('SELECT attempts FROM notice_queue')).rows
  expect(Number(left[0]?.attempts)).toBe(NOTICE_MAX_ATTEMPTS)
})
