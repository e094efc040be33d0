import type { OrderActor } from '@procura/core/purchase-order'
import type { DemoHistory, NeedStory } from '@procura/fixtures/history'
import { eq, lt, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { first } from '../db/first'
import {
  articles,
  circuitRows,
  companies,
  departments,
  notifications,
  purchaseOrders,
  roles,
  suppliers,
  users,
  warehouses,
} from '../db/schema'
import { permissionsOf } from '../services/auth/session'
import { stockIn, stockOut } from '../services/catalogue/stock-moves'
import { createPendingInvoice } from '../services/invoices/pending'
import { applyDeemedAcknowledgements } from '../services/purchase-orders/acknowledgements'
import { createDelegation } from '../services/purchase-orders/administration'
import { applyOrderAction } from '../services/purchase-orders/order-actions'
import { createOrder } from '../services/purchase-orders/order-write'
import { seedAccounting } from './seed-accounting'
import { agreementStories, finishAgreements } from './seed-agreements'
import { seedCreditNote, seedOpenCredit } from './seed-credit-notes'
import { seedEInvoice, seedPlatformStatuses } from './seed-e-invoices'
import { seedExpenseHistory } from './seed-expenses'
import { seedExternalCharges } from './seed-external-charges'
import { NEED_ORDER_DELAY, storyPlayer } from './seed-orders'
import { hashesFor, insertOrganisation } from './seed-organisation'
import { seedPayments } from './seed-payments'
import { rfqStories } from './seed-rfqs'
import { DAY, must, storyClock } from './seed-story'
import { seedSupplierRecords } from './seed-suppliers'

type People = Map<string, OrderActor & { role: string | null }>

const loadPeople = async (db: Db): Promise<People> => {
  const rows = await db
    .select({ user: users, role: roles.code })
    .from(users)
    .leftJoin(roles, eq(users.role_id, roles.id))
  return new Map(
    await Promise.all(
      rows.map(
        async ({ user, role }) =>
          [
            user.login,
            {
              id: user.id,
              login: user.login,
              buyer: user.buyer,
              can_view_other_po: user.can_view_other_po,
              administrator: role === 'admin',
              role,
              // Their role's permissions and their own, as a session reads them: the chain's duties.
              permissions: await permissionsOf(db, user.id, user.role_id),
            },
          ] as const,
      ),
    ),
  )
}

const idsBy = async <K extends string>(rows: Promise<{ key: K; id: number }[]>) =>
  new Map((await rows).map((r) => [r.key, r.id]))

/**
 * Plays the demo's year through the services (the same calls people make), story by story in
 * the order of their dates, on a clock set to each story's date: requests, orders with their
 * validation steps, comments, files and stock movements. Run once, right after the base demo.
 */
export const seedHistory = async (
  deps: { db: Db; clock: Clock; storageDir: string },
  history: DemoHistory,
): Promise<{ needs: number; orders: number }> => {
  const { db } = deps
  const now = deps.clock.now()
  const clock = storyClock(now)
  const services = { db, clock, storageDir: deps.storageDir }
  const hashes = await hashesFor(history.users)
  await db.transaction(async (tx) => {
    await insertOrganisation(tx, deps.clock, { companies: [], ...history }, hashes)
    await tx.insert(circuitRows).values(history.circuit)
  })

  const people = await loadPeople(db)
  const actor = (login: string) => {
    const found = people.get(login)
    if (found === undefined) throw new Error(`Demo history: unknown login ${login}.`)
    return found
  }
  const supplierIds = await idsBy(db.select({ key: suppliers.code, id: suppliers.id }).from(suppliers))
  const companyIds = await idsBy(db.select({ key: companies.code, id: companies.id }).from(companies))
  const departmentIds = await idsBy(
    db.select({ key: departments.code, id: departments.id }).from(departments),
  )
  const warehouseIds = await idsBy(db.select({ key: warehouses.code, id: warehouses.id }).from(warehouses))
  const articleRows = await db
    .select({ id: articles.id, reference: articles.reference, step: articles.quantity_step })
    .from(articles)
  const articleByReference = new Map(articleRows.map((a) => [a.reference, a]))
  const idOf = (ids: Map<string, number>, code: string) => {
    const id = ids.get(code)
    if (id === undefined) throw new Error(`Demo history: unknown code ${code}.`)
    return id
  }

  for (const delegation of history.delegations) {
    clock.at(delegation.starts_days_ago + 1)
    must(
      await createDelegation(
        services,
        { ...actor(delegation.from), active: true, permissions: [], real_user_id: null },
        {
          delegate_login: delegation.to,
          starts_at: new Date(now.getTime() - delegation.starts_days_ago * DAY).toISOString(),
          ends_at: new Date(now.getTime() + delegation.ends_in_days * DAY).toISOString(),
          default_limit: delegation.default_limit,
          notify_delegate: delegation.notify_delegate,
        },
      ),
      `the delegation of ${delegation.from}`,
    )
  }

  const { driveOrder, playOrder, playNeed, playNeedOrder, waitingOn } = storyPlayer({
    db,
    clock,
    services,
    actor,
    supplierIds,
    companyIds,
    departmentIds,
    articleByReference,
    idOf,
  })
  const needsOrdered = new Map<NeedStory, number | null>()

  // The framework agreements and the orders drawn on them, at their dates among the others.
  const agreements = await agreementStories({ db, clock }, deps.clock, actor, driveOrder)
  // The requests for quotation, their awards' orders at their dates too.
  const rfqs = await rfqStories({ db, clock }, deps.clock, actor)
  const stories = [
    ...agreements,
    ...rfqs,
    ...history.orders.map((s) => ({ at: s.days_ago, play: () => playOrder(s) })),
    ...history.needs.flatMap((s) => [
      {
        at: s.days_ago,
        play: async () => {
          needsOrdered.set(s, await playNeed(s))
        },
      },
      { at: s.days_ago - NEED_ORDER_DELAY, play: () => playNeedOrder(s, needsOrdered.get(s)) },
    ]),
    ...history.stock.map((s) => ({
      at: s.days_ago,
      play: async () => {
        clock.at(s.days_ago)
        const article = articleByReference.get(s.reference)
        if (article === undefined) throw new Error(`Demo history: unknown article ${s.reference}.`)
        const warehouse = idOf(warehouseIds, s.warehouse_code)
        const keeper = actor('buyer')
        must(
          s.direction === 'in'
            ? await stockIn(services, keeper, warehouse, { article_id: article.id, quantity: s.quantity })
            : await stockOut(services, keeper, warehouse, article.id, { quantity: s.quantity }),
          `stock ${s.direction} of ${s.reference}`,
        )
      },
    })),
  ].sort((a, b) => b.at - a.at)
  for (const story of stories) await story.play()
  // What arrived this week and waits in the accounts-payable queue.
  for (const [i, code] of ['OFFICEPRO', 'SAFEWORK', 'BUREAUPLUS'].entries()) {
    clock.at(2 - i * 0.5)
    const bytes = new TextEncoder().encode(`%PDF-1.4\n% Invoice ${i + 1} from ${code}\n`)
    must(
      await createPendingInvoice(
        services,
        actor('payables'),
        {
          supplier_id: supplierIds.get(code) ?? null,
          label: `${code}-2026-${140 + i}`,
          invoice_date: clock.now().toISOString().slice(0, 10),
          amount_exctax: `${(i + 1) * 120}.00`,
          amount_inctax: `${(i + 1) * 144}.00`,
        },
        { name: `${code.toLowerCase()}-invoice-${140 + i}.pdf`, size: bytes.length, bytes },
        'en',
      ),
      `pending invoice ${i + 1}`,
    )
  }
  // And an e-invoice: OfficePro's UBL naming its order (BT-13) and lines (BT-132), found by them.
  await seedEInvoice(services, actor('payables'), supplierIds.get('OFFICEPRO'), clock)
  await seedPayments({ db, clock }, actor)
  await seedExpenseHistory({ db, clock }, actor)
  await seedExternalCharges({ db, clock }, actor)
  await finishAgreements(db, deps.clock)
  await seedCreditNote({ db, clock }, actor)
  await seedOpenCredit({ db, clock }, actor)
  // The CFO's desk: a large order, above the CFO's threshold, approved by its first validator
  // yesterday, waits for the CFO.
  clock.at(1, 9)
  const large = must(
    await createOrder(services, actor('buyer'), {
      supplier_id: idOf(supplierIds, 'MOBILIA'),
      company_id: idOf(companyIds, 'ACME'),
      department_id: null,
      currency_code: 'EUR',
      comment: 'Standing desks for the whole IT floor, as planned in the budget.',
      lines: [
        { label: 'Standing desk, electric', quantity: '14', unit_price_exctax: '1650', vat_rate: '20' },
      ],
    }),
    'the order for the CFO',
  ).data
  must(
    await applyOrderAction(services, actor('buyer'), large.id, 'submit', {}),
    'submit the order for the CFO',
  )
  for (let step = 0; step < 5; step += 1) {
    const row = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, large.id)).then(first)
    const validator = waitingOn(row)
    if (validator === null || validator.login === 'cfo') break
    clock.at(1, 10 + step)
    must(
      await applyOrderAction(services, validator, large.id, 'validate', {}),
      'validate the order for the CFO',
    )
  }
  // What the acknowledgement job would have done over the year: orders sent more than 3 business
  // days ago without an answer are deemed acknowledged (the first start's job then finds none).
  await applyDeemedAcknowledgements({ db, clock: deps.clock })
  const asActor = (login: string) => ({
    ...actor(login),
    active: true,
    permissions: actor(login).permissions ?? [],
    real_user_id: null,
  })
  await seedAccounting({ db, clock, storageDir: deps.storageDir }, asActor('admin'), asActor('payables'))
  await seedSupplierRecords({ db, clock, storageDir: deps.storageDir }, actor('admin'), actor('buyer'))
  await seedPlatformStatuses({ db, clock }, actor('payables'))
  // People read what concerned them at the time: the year's notifications older than a week are
  // read (when they came); the last week's wait, as on a Monday morning.
  await db
    .update(notifications)
    .set({ read_at: sql`${notifications.created_at}` })
    .where(lt(notifications.created_at, new Date(deps.clock.now().getTime() - 7 * 86_400_000)))
  return { needs: history.needs.length, orders: history.orders.length }
}
