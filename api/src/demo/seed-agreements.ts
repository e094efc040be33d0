import type { OrderActor } from '@procura/core/purchase-order'
import type { OrderOutcome, ReceiptStory } from '@procura/fixtures/history'
import { eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { first } from '../db/first'
import { articles, companies, suppliers } from '../db/schema'
import { createOrder } from '../services/purchase-orders/order-write'
import { runAgreementsJob } from '../services/sourcing/agreement-jobs'
import { getAgreement } from '../services/sourcing/agreement-read'
import { applyAgreementAction, createAgreement } from '../services/sourcing/agreement-write'
import { must, type StoryClock, type TimedStory } from './seed-story'

type Draw = { days_ago: number; quantities: string[]; outcome: OrderOutcome }
type DemoAgreement = {
  supplier: string
  label: string
  starts_days_ago: number
  ends_in_days: number
  lines: {
    label: string
    unit_price_exctax: string
    ceiling_kind: 'quantity' | 'amount'
    ceiling: string
    /** The catalogue article it names (by label): the cart then prices it from the agreement. */
    article?: string
  }[]
  /** Orders drawing on it: a quantity per line ('0': the line is not ordered), and how far each went. */
  draws: Draw[]
  /** Left awaiting its validator. */
  awaiting?: true
}

/**
 * The demo's framework agreements: office paper and toner most of the way through its year,
 * protective equipment nearly used up and ending within the notice days (its buyer warned),
 * last year's furniture expired, and next year's courier agreement waiting for its validator.
 */
const AGREEMENTS: DemoAgreement[] = [
  {
    supplier: 'OFFICEPRO',
    label: 'Office paper and toner',
    starts_days_ago: 300,
    ends_in_days: 65,
    lines: [
      {
        label: 'A4 paper, box of 5 reams',
        unit_price_exctax: '21.90',
        ceiling_kind: 'quantity',
        ceiling: '400',
        article: 'Clairefontaine Copy paper A4 80 g',
      },
      { label: 'Toner cartridges', unit_price_exctax: '89.00', ceiling_kind: 'amount', ceiling: '6000.00' },
    ],
    draws: [
      { days_ago: 280, quantities: ['60', '10'], outcome: 'closed' },
      { days_ago: 200, quantities: ['80', '12'], outcome: 'closed' },
      { days_ago: 120, quantities: ['50', '8'], outcome: 'sent' },
      { days_ago: 40, quantities: ['60', '10'], outcome: 'sent' },
      { days_ago: 6, quantities: ['20', '0'], outcome: 'awaiting' },
    ],
  },
  {
    supplier: 'SAFEWORK',
    label: 'Protective equipment',
    starts_days_ago: 250,
    ends_in_days: 20,
    lines: [
      { label: 'Safety gloves, pair', unit_price_exctax: '3.20', ceiling_kind: 'quantity', ceiling: '1000' },
    ],
    draws: [
      { days_ago: 230, quantities: ['400'], outcome: 'closed' },
      { days_ago: 150, quantities: ['300'], outcome: 'sent' },
      { days_ago: 30, quantities: ['260'], outcome: 'validated' },
    ],
  },
  {
    supplier: 'BUREAUPLUS',
    label: 'Office furniture',
    starts_days_ago: 400,
    ends_in_days: -40,
    lines: [
      { label: 'Ergonomic chair', unit_price_exctax: '249.00', ceiling_kind: 'quantity', ceiling: '40' },
      {
        label: 'Height-adjustable desk',
        unit_price_exctax: '389.00',
        ceiling_kind: 'quantity',
        ceiling: '20',
      },
    ],
    draws: [
      { days_ago: 360, quantities: ['12', '6'], outcome: 'closed' },
      { days_ago: 170, quantities: ['16', '8'], outcome: 'closed' },
    ],
  },
  {
    supplier: 'RAPIDCOURIER',
    label: 'Courier services next year',
    starts_days_ago: -35,
    ends_in_days: 400,
    lines: [
      { label: 'Express parcel', unit_price_exctax: '14.50', ceiling_kind: 'quantity', ceiling: '600' },
    ],
    draws: [],
    awaiting: true,
  },
]

const DAY = 86_400_000

/**
 * The demo's framework agreements as stories of the year: each agreement written, submitted and
 * validated at its date, each order drawn on it at its own, played among the other orders so that
 * the orders' numbers follow their dates. `finishAgreements` then runs the agreements' job.
 */
export const agreementStories = async (
  services: { db: Db; clock: StoryClock },
  now: Clock,
  actor: (login: string) => OrderActor & { role?: string | null },
  drive: (
    orderId: number,
    buyer: OrderActor,
    outcome: OrderOutcome,
    daysAgo: number,
    receipt: ReceiptStory,
  ) => Promise<void>,
) => {
  const { db, clock } = services
  const buyer = actor('buyer')
  const validator = actor('validator')
  const company = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.code, 'ACME'))
    .then(first)
  if (company === undefined) return []
  const stories: TimedStory[] = []
  const day = (offset: number) => new Date(now.now().getTime() + offset * DAY).toISOString().slice(0, 10)
  for (const plan of AGREEMENTS) {
    const supplier = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.code, plan.supplier))
      .then(first)
    if (supplier === undefined) continue
    let agreement: { id: number; lines: { id: number }[] } | null = null
    stories.push({
      at: Math.max(plan.starts_days_ago, 0) + 10,
      play: async () => {
        agreement = await writeAgreement(plan, supplier.id)
      },
    })
    for (const draw of plan.draws)
      stories.push({
        at: draw.days_ago,
        play: async () => {
          if (agreement === null) return
          clock.at(draw.days_ago)
          const lines = agreement.lines
          const ordered = must(
            await createOrder(services, buyer, {
              supplier_id: supplier.id,
              company_id: company.id,
              currency_code: 'EUR',
              lines: plan.lines.flatMap((l, i) => {
                const quantity = draw.quantities[i] ?? '0'
                const line = lines[i]
                if (quantity === '0' || line === undefined) return []
                return [
                  {
                    label: l.label,
                    quantity,
                    unit_price_exctax: l.unit_price_exctax,
                    vat_rate: '20',
                    agreement_line_id: line.id,
                  },
                ]
              }),
            }),
            `an order on ${plan.label}`,
          ).data
          // A closed order had all it ordered; a sent one, part of it.
          await drive(ordered.id, buyer, draw.outcome, draw.days_ago, {
            kind: draw.outcome === 'closed' ? 'complete' : draw.outcome === 'sent' ? 'partial' : 'none',
            reservation: false,
          })
        },
      })
  }
  return stories

  /** An agreement written, submitted and (unless it stays awaiting) validated step by step. */
  async function writeAgreement(plan: (typeof AGREEMENTS)[number], supplierId: number) {
    clock.at(Math.max(plan.starts_days_ago, 0) + 10)
    const made = must(
      await createAgreement(services, buyer, {
        label: plan.label,
        supplier_id: supplierId,
        company_id: company?.id ?? 0,
        currency_code: 'EUR',
        starts_on: day(-plan.starts_days_ago),
        ends_on: day(plan.ends_in_days),
        lines: await Promise.all(
          plan.lines.map(async ({ article, ...l }) => ({
            ...l,
            vat_rate: '20',
            article_id:
              article === undefined
                ? null
                : ((
                    await db
                      .select({ id: articles.id })
                      .from(articles)
                      .where(eq(articles.label, article))
                      .then(first)
                  )?.id ?? null),
          })),
        ),
      }),
      `the agreement ${plan.label}`,
    ).data
    must(await applyAgreementAction(services, buyer, made.id, 'submit', {}), `submitting ${plan.label}`)
    if (plan.awaiting) return null
    clock.at(Math.max(plan.starts_days_ago, 0) + 9)
    // Each step of its circuit (the orders' chart on what it commits to) validates in turn.
    for (let step = 0; step < 5; step++) {
      const waiting = must(await getAgreement(services, validator, made.id), plan.label).data.waiting_on
      const login = waiting[0]
      if (login === undefined) break
      must(
        await applyAgreementAction(services, actor(login), made.id, 'validate', {}),
        `validating ${plan.label}`,
      )
    }
    return {
      id: made.id,
      lines: must(await getAgreement(services, validator, made.id), plan.label).data.lines,
    }
  }
}

/** What the agreements job would have done: last year's expired, the ending one's buyer warned. */
export const finishAgreements = (db: Db, now: Clock) => runAgreementsJob({ db, clock: now })
