import { dec } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import {
  type DemoHistory,
  type NeedStory,
  type OrderOutcome,
  type OrderStory,
  REFUSAL_REASONS,
  type ReceiptStory,
} from '@procura/fixtures/history'
import { eq, lt, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { first } from '../db/first'
import {
  articles,
  circuitRows,
  companies,
  departments,
  needs,
  notifications,
  purchaseOrderLines,
  purchaseOrders,
  roles,
  supplierInvoices,
  suppliers,
  users,
  warehouses,
} from '../db/schema'
import { permissionsOf } from '../services/auth/session'
import { stockIn, stockOut } from '../services/catalogue/stock-moves'
import { receiveTechnical } from '../services/deliveries/delivery-actions'
import {
  createDelivery,
  forceComplete,
  receiveAll,
  remainingLines,
} from '../services/deliveries/delivery-receive'
import { addReservation } from '../services/deliveries/read'
import { addAttachment, addComment } from '../services/documents/documents'
import { applyInvoiceAction, disputeInvoice } from '../services/invoices/invoice-actions'
import { createInvoice, previewMatch } from '../services/invoices/invoice-write'
import { createPendingInvoice } from '../services/invoices/pending'
import { applyNeedAction, transformNeeds } from '../services/needs/need-actions'
import { createNeed } from '../services/needs/need-write'
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

  /** The first validator of the step a document waits on, or null once it waits on nobody. */
  const waitingOn = (row: { status: string; circuit: unknown } | undefined) => {
    const circuit = row?.circuit as { steps: { status: string; validators: string[] }[] } | null
    const pending = circuit?.steps.find((s) => s.status === 'pending')
    return row?.status === 'awaiting' && pending !== undefined ? actor(pending.validators[0] ?? '') : null
  }

  /** Validates (or refuses) an order step by step, each step an hour after the previous. */
  const decide = async (orderId: number, refuse: boolean, daysAgo: number) => {
    for (let step = 0; step < 5; step += 1) {
      const row = await db
        .select()
        .from(purchaseOrders)
        .where(eq(purchaseOrders.id, orderId))
        .limit(1)
        .then(first)
      const validator = waitingOn(row)
      if (validator === null) return
      clock.at(daysAgo, 2 + step)
      must(
        await applyOrderAction(services, validator, orderId, refuse ? 'refuse' : 'validate', {
          reason: REFUSAL_REASONS[orderId % REFUSAL_REASONS.length],
        }),
        `${refuse ? 'refusing' : 'validating'} order ${orderId}`,
      )
      if (refuse) return
    }
  }

  /** Moves a submitted order on to its outcome; a sent order receives its goods as its story says. */
  const driveOrder = async (
    orderId: number,
    buyer: OrderActor,
    outcome: OrderOutcome,
    daysAgo: number,
    receipt: ReceiptStory = { kind: 'none', reservation: false },
  ) => {
    const act = async (action: string, hours: number, input: { confirm?: boolean } = {}) => {
      clock.at(daysAgo, hours)
      must(await applyOrderAction(services, buyer, orderId, action, input), `${action} on order ${orderId}`)
    }
    if (outcome === 'draft') return
    if (outcome === 'canceled') return act('cancel', 2)
    await act('submit', 1)
    if (outcome === 'awaiting') return
    await decide(orderId, outcome === 'refused', daysAgo)
    if (outcome === 'refused' || outcome === 'validated') return
    await act('consider_sent', 30)
    if (outcome === 'obsolete') return act('new_version', 50)
    if (outcome === 'acknowledged_receipt' || outcome === 'closed') await act('acknowledge', 60)
    await receive(orderId, buyer, receipt, daysAgo)
    if (outcome === 'suspended') return act('suspend', 24 * 12)
    if (outcome === 'closed') await act('close', 24 * 20)
  }

  /** The receptions of a sent order, days after it was sent (never later than now). */
  const receive = async (orderId: number, buyer: OrderActor, receipt: ReceiptStory, daysAgo: number) => {
    if (receipt.kind === 'none') return
    const at = (hours: number) => {
      clock.at(daysAgo, Math.min(hours, daysAgo * 24 - 1))
      return clock.now().toISOString().slice(0, 10)
    }
    const what = `receiving order ${orderId}`
    const lines = await db
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchase_order_id, orderId))
      .orderBy(purchaseOrderLines.position)
    const [line] = lines
    if (line === undefined) return
    const step = dec(line.quantity_step ?? '1')
    const half = dec(line.quantity).div(step).div(2).floor().times(step)
    let first: number
    if (receipt.kind === 'technical') {
      const technical = must(
        await createDelivery(services, buyer, {
          purchase_order_id: orderId,
          kind: 'technical',
          conform: true,
          delivery_date: at(24 * 3),
          lines: remainingLines(lines),
        }),
        what,
      )
      first = must(
        await receiveTechnical(services, buyer, technical.data.id, { delivery_date: at(24 * 4) }),
        what,
      ).data.id
    } else if ((receipt.kind === 'partial' || receipt.kind === 'forced') && half.gt(0)) {
      first = must(
        await createDelivery(services, buyer, {
          purchase_order_id: orderId,
          delivery_date: at(24 * 4),
          delivery_note_number: `BL-${orderId}-1`,
          lines: [{ purchase_order_line_id: line.id, quantity: half.toString() }],
        }),
        what,
      ).data.id
      if (receipt.kind === 'forced')
        must(await forceComplete(services, buyer, orderId, { confirm: true }), what)
    } else {
      first = must(await receiveAll(services, buyer, orderId, { delivery_date: at(24 * 5) }), what).data.id
      if (receipt.kind === 'returned')
        must(
          await createDelivery(services, buyer, {
            purchase_order_id: orderId,
            delivery_date: at(24 * 7),
            comment: 'Damaged in transit: returned to the supplier',
            lines: [{ purchase_order_line_id: line.id, quantity: step.negated().toString() }],
          }),
          what,
        )
    }
    if (receipt.reservation)
      must(
        await addReservation(services, buyer, first, {
          kind: 'nonconformity',
          comment: 'Two boxes arrived crushed; photos attached to the delivery note.',
        }),
        what,
      )
  }

  /** The supplier's invoice of what was received, a few weeks later, taken as far as its story says. */
  const invoiceOrder = async (orderId: number, story: OrderStory) => {
    if (story.invoice === 'none') return
    // Accounts payable handles the supplier's invoice, not the buyer who ordered.
    const payables = actor('payables')
    const daysAgo = Math.max(1, story.days_ago - 20)
    clock.at(daysAgo)
    const what = `invoicing order ${orderId}`
    const order = await db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, orderId))
      .limit(1)
      .then(first)
    if (order === undefined) return
    const lines = (
      await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchase_order_id, orderId))
    ).flatMap((l) => {
      const amount = dec(l.delivered_amount_exctax).minus(l.billed_amount_exctax)
      if (amount.lte(0)) return []
      return [
        l.receipt_mode === 'amount'
          ? { purchase_order_line_id: l.id, amount_exctax: amount.toString(), vat_rate: l.vat_rate }
          : {
              purchase_order_line_id: l.id,
              quantity: dec(l.delivered_quantity).minus(l.billed_quantity).toString(),
              vat_rate: l.vat_rate,
            },
      ]
    })
    if (lines.length === 0) return
    const draft = {
      label: `F ${order.code}`,
      supplier_id: order.supplier_id,
      company_id: order.company_id,
      department_id: order.department_id,
      currency_code: order.currency_code,
      invoice_date: clock.now().toISOString().slice(0, 10),
      amount_exctax: '0',
      amount_inctax: '0',
      lines,
    }
    // The supplier's document says what the lines add up to.
    const match = must(await previewMatch(services, payables, draft, null, 'en'), what).data
    const invoice = must(
      await createInvoice(services, payables, {
        ...draft,
        amount_exctax: match.amount_exctax,
        amount_inctax: match.payable_amount,
      }),
      what,
    ).data
    if (story.invoice === 'draft') return
    const step = async (who: OrderActor, action: string, hours: number, input: { reason?: string } = {}) => {
      clock.at(daysAgo, hours)
      must(
        await applyInvoiceAction(services, who, invoice.id, action, input),
        `${action} on invoice ${invoice.id}`,
      )
    }
    if (story.invoice === 'canceled') return step(payables, 'cancel', 2)
    await step(payables, 'submit', 1)
    if (story.invoice === 'awaiting') return
    // Each step's validator decides (the CFO too on large invoices).
    for (let hours = 4; hours < 48; hours += 4) {
      const row = await db
        .select()
        .from(supplierInvoices)
        .where(eq(supplierInvoices.id, invoice.id))
        .limit(1)
        .then(first)
      const validator = waitingOn(row)
      if (validator === null) break
      if (story.invoice === 'refused')
        return step(validator, 'refuse', hours, { reason: 'The unit price differs from the order.' })
      await step(validator, 'validate', hours)
    }
    if (story.invoice === 'disputed') {
      clock.at(daysAgo, 50)
      must(
        await disputeInvoice(services, payables, invoice.id, {
          action: 'open',
          body: 'Two items are charged twice: we asked the supplier for a credit note.',
        }),
        what,
      )
    }
  }

  const comment = async (
    model: 'need' | 'purchase_order',
    id: number,
    story: { comments: { login: string; body: string }[] },
    daysAgo: number,
  ) => {
    for (const [i, c] of story.comments.entries()) {
      clock.at(daysAgo, 3 + i)
      must(
        await addComment(services, actor(c.login), model, id, { body: c.body }),
        `a comment on ${model} ${id}`,
      )
    }
  }

  const playOrder = async (story: OrderStory) => {
    const buyer = actor(story.buyer)
    clock.at(story.days_ago)
    const created = must(
      await createOrder(services, buyer, {
        supplier_id: idOf(supplierIds, story.supplier_code),
        company_id: idOf(companyIds, story.company_code),
        department_id: story.department_code === null ? null : idOf(departmentIds, story.department_code),
        currency_code: 'EUR',
        // Wanted within 10 days (what the supplier's on-time delivery is measured against).
        delivery_address: {
          type: 'address_book',
          public: false,
          address: 'Acme Industries, receiving dock, 8 place Bellecour, 69002 Lyon',
          shipping_date: null,
          deadline: new Date(clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10),
        },
        lines: story.lines.map((l) => {
          const article =
            l.article_reference === undefined ? undefined : articleByReference.get(l.article_reference)
          return {
            article_id: article?.id ?? null,
            label: l.label,
            quantity: l.quantity,
            quantity_step: article?.step ?? null,
            unit_price_exctax: l.unit_price_exctax,
            vat_rate: '20',
          }
        }),
      }),
      `the order of ${story.days_ago} days ago`,
    )
    const id = created.data.id
    if (story.attachment !== null) {
      const bytes = new TextEncoder().encode(story.attachment.text)
      clock.at(story.days_ago, 1)
      must(
        await addAttachment(
          services,
          buyer,
          'purchase_order',
          id,
          { file: { name: story.attachment.name, size: bytes.length, bytes }, recipient_id: null },
          'en',
        ),
        `the file of order ${id}`,
      )
    }
    await driveOrder(id, buyer, story.outcome, story.days_ago, story.receipt)
    await invoiceOrder(id, story)
    // Validators join the discussion once the order is in their circuit; before, the buyer writes.
    const inCircuit = !['draft', 'canceled'].includes(story.outcome)
    await comment(
      'purchase_order',
      id,
      { comments: story.comments.map((c) => (inCircuit ? c : { ...c, login: story.buyer })) },
      story.days_ago,
    )
  }

  /**
   * A request's story up to its buyer taking it in charge; answers the request when it goes on to
   * an order (`playNeedOrder`, a story of its own a day later, so that the orders' numbers follow
   * their dates).
   */
  const playNeed = async (story: NeedStory): Promise<number | null> => {
    const requester = actor(story.requester)
    const buyer = actor(story.buyer)
    clock.at(story.days_ago)
    const created = must(
      await createNeed(services, requester, {
        title: story.title,
        buyer_id: buyer.id,
        purchase_family: story.purchase_family,
        lines: story.lines,
      }),
      `the request "${story.title}"`,
    )
    const id = (created as { data: { id: number } }).data.id
    const step = async (who: OrderActor, action: string, hours: number) => {
      clock.at(story.days_ago, hours)
      must(
        await applyNeedAction(services, who, id, action, {
          reason: REFUSAL_REASONS[id % REFUSAL_REASONS.length],
        }),
        `${action} on request ${id}`,
      )
    }
    await comment('need', id, story, story.days_ago)
    if (story.outcome === 'draft') return null
    if (story.outcome === 'canceled') {
      await step(requester, 'cancel', 2)
      return null
    }
    await step(requester, 'submit', 1)
    if (story.outcome === 'awaiting') return null
    // Approve step by step (the manager joins for larger requests); or the first validator refuses.
    for (let round = 0; round < 3; round += 1) {
      const validator = waitingOn(await db.select().from(needs).where(eq(needs.id, id)).limit(1).then(first))
      if (validator === null) break
      await step(validator, story.outcome === 'refused' ? 'refuse' : 'approve', 4 + round)
      if (story.outcome === 'refused') return null
    }
    if (story.outcome === 'validated') return null
    await step(buyer, 'take_charge', 24)
    if (story.outcome === 'processing' || story.order === null) return null
    return id
  }
  /** The next day (26 hours after the request), the buyer turns it into an order. */
  const NEED_ORDER_DELAY = 26 / 24
  const playNeedOrder = async (story: NeedStory, id: number | null | undefined) => {
    if (id === null || id === undefined || story.order === null) return
    const buyer = actor(story.buyer)
    clock.at(story.days_ago, 26)
    const transformed = must(
      await transformNeeds(services, buyer, {
        need_ids: [id],
        supplier_id: idOf(supplierIds, story.order.supplier_code),
        company_id: idOf(companyIds, 'ACME'),
        currency_code: 'EUR',
      }),
      `turning request ${id} into an order`,
    )
    await driveOrder(transformed.data.purchase_order_id, buyer, story.order.outcome, story.days_ago - 1)
  }
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
