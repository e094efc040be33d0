import { dec } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import {
  type NeedStory,
  type OrderOutcome,
  type OrderStory,
  REFUSAL_REASONS,
  type ReceiptStory,
} from '@procura/fixtures/history'
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { first } from '../db/first'
import { needs, purchaseOrderLines, purchaseOrders, supplierInvoices } from '../db/schema'
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
import { applyNeedAction, transformNeeds } from '../services/needs/need-actions'
import { createNeed } from '../services/needs/need-write'
import { applyOrderAction } from '../services/purchase-orders/order-actions'
import { createOrder } from '../services/purchase-orders/order-write'
import type { StoryClock } from './seed-story'
import { DAY, must } from './seed-story'

/** The next day (26 hours after the request), the buyer turns it into an order. */
export const NEED_ORDER_DELAY = 26 / 24

/** What the year's stories share: the services, the story clock, the people and the codes' ids. */
export type StoryContext = {
  db: Db
  clock: StoryClock
  services: { db: Db; clock: StoryClock; storageDir: string }
  actor: (login: string) => OrderActor & { role: string | null }
  supplierIds: Map<string, number>
  companyIds: Map<string, number>
  departmentIds: Map<string, number>
  articleByReference: Map<string, { id: number; reference: string; step: string | null }>
  idOf: (ids: Map<string, number>, code: string) => number
}

/**
 * The stories of requests and orders, played through the services: an order validated step by
 * step, sent, received, invoiced and commented as its story says; a request approved, refused or
 * turned into an order.
 */
export const storyPlayer = (context: StoryContext) => {
  const { db, clock, services, actor, supplierIds, companyIds, departmentIds, articleByReference, idOf } =
    context
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
  return { decide, driveOrder, receive, invoiceOrder, comment, playOrder, playNeed, playNeedOrder, waitingOn }
}
