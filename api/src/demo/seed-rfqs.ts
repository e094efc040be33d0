import type { OrderActor } from '@procura/core/purchase-order'
import { eq, inArray } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { first } from '../db/first'
import { companies, suppliers } from '../db/schema'
import { applyRfqAction } from '../services/sourcing/rfq-actions'
import { awardRfq } from '../services/sourcing/rfq-award'
import { runRfqsJob } from '../services/sourcing/rfq-jobs'
import { saveQuote } from '../services/sourcing/rfq-quotes'
import { getRfq } from '../services/sourcing/rfq-read'
import { sendRfq } from '../services/sourcing/rfq-send'
import { createRfq } from '../services/sourcing/rfq-write'
import { must, type StoryClock, type TimedStory } from './seed-story'

type Answer = {
  supplier: string
  /** Through the portal by the supplier's contact (OfficePro's is the demo's `supplier`), else entered by the buyer. */
  portal?: true
  days_ago: number
  /** Per line: unit price, lead time, valid for so many days from today (negative: expired), minimum quantity. */
  lines: [price: string, lead: number, validDays: number | null, minimum?: string][]
}
type DemoRfq = {
  title: string
  created_days_ago: number
  reply_in_days: number
  suppliers: string[]
  lines: [label: string, quantity: string][]
  answers: Answer[]
  /** Where it ends: left as a draft, sent (answers open), closed (to compare), awarded per line, or cancelled. */
  end: 'draft' | 'sent' | 'closed' | 'awarded' | 'cancelled'
  /** The award: a supplier per line, and the reason when it is not the cheapest. */
  award?: { lines: string[]; reason: string | null; days_ago: number }
}

/**
 * The demo's requests for quotation, one or more in every status: printer paper with answers
 * open (OfficePro answered through the portal), archive boxes waiting for OfficePro's answer,
 * meeting-room furniture closed with three answers to compare (one expiring, one expired),
 * laptops awarded per line into two draft orders (one line not to the cheapest, with its
 * reason), coffee machines still a draft and the Christmas gifts cancelled.
 */
const RFQS: DemoRfq[] = [
  {
    title: 'Printer paper for 2027',
    created_days_ago: 4,
    reply_in_days: 6,
    suppliers: ['OFFICEPRO', 'PAPERMILL', 'ALPHAPRINT'],
    lines: [
      ['A4 paper, box of 5 reams', '300'],
      ['A3 paper, box of 5 reams', '40'],
    ],
    answers: [
      {
        supplier: 'OFFICEPRO',
        portal: true,
        days_ago: 2,
        lines: [
          ['20.90', 5, 60],
          ['38.50', 5, 60],
        ],
      },
      {
        supplier: 'PAPERMILL',
        days_ago: 1,
        lines: [
          ['19.80', 12, 30],
          ['41.00', 12, 30],
        ],
      },
    ],
    end: 'sent',
  },
  {
    title: 'Archive boxes',
    created_days_ago: 3,
    reply_in_days: 9,
    suppliers: ['OFFICEPRO', 'OFFIDEPOT'],
    lines: [['Archive box, pack of 25', '20']],
    answers: [],
    end: 'sent',
  },
  {
    title: 'Meeting room furniture',
    created_days_ago: 25,
    reply_in_days: -3,
    suppliers: ['MOBILIA', 'WORKSPACE', 'OFFICEPRO'],
    lines: [
      ['Meeting chair', '24'],
      ['Meeting table, 8 seats', '3'],
      ['Whiteboard on wheels', '3'],
    ],
    answers: [
      {
        supplier: 'MOBILIA',
        days_ago: 15,
        lines: [
          ['96.00', 20, 5],
          ['720.00', 30, 5],
          ['210.00', 20, 5],
        ],
      },
      {
        supplier: 'WORKSPACE',
        days_ago: 12,
        lines: [
          ['89.00', 35, 45, '30'],
          ['790.00', 25, 45],
          ['189.00', 15, 45],
        ],
      },
      {
        supplier: 'OFFICEPRO',
        portal: true,
        days_ago: 10,
        lines: [
          ['92.50', 10, -1],
          ['760.00', 15, -1],
        ],
      },
    ],
    end: 'closed',
  },
  {
    title: 'Laptops for the new hires',
    created_days_ago: 70,
    reply_in_days: -58,
    suppliers: ['TECHNODATA', 'INFOSTORE', 'UNIVERSALIT'],
    lines: [
      ['Laptop 14", 16 GB', '12'],
      ['Docking station', '12'],
    ],
    answers: [
      {
        supplier: 'TECHNODATA',
        days_ago: 64,
        lines: [
          ['1090.00', 10, 60],
          ['185.00', 10, 60],
        ],
      },
      {
        supplier: 'INFOSTORE',
        days_ago: 62,
        lines: [
          ['1045.00', 25, 60],
          ['179.00', 5, 60],
        ],
      },
      {
        supplier: 'UNIVERSALIT',
        days_ago: 60,
        lines: [
          ['1120.00', 7, 60],
          ['199.00', 7, 60],
        ],
      },
    ],
    end: 'awarded',
    award: {
      lines: ['TECHNODATA', 'INFOSTORE'],
      reason: 'The new hires start in ten days: INFOSTORE cannot deliver the laptops in time.',
      days_ago: 55,
    },
  },
  {
    title: 'Canteen coffee machines',
    created_days_ago: 1,
    reply_in_days: 14,
    suppliers: ['CLEANCO', 'HYDROSERV'],
    lines: [['Bean-to-cup coffee machine', '2']],
    answers: [],
    end: 'draft',
  },
  {
    title: 'Christmas gifts for the staff',
    created_days_ago: 40,
    reply_in_days: -25,
    suppliers: ['BRIGHTSIGN', 'OFFIDEPOT'],
    lines: [['Gift box', '180']],
    answers: [],
    end: 'cancelled',
  },
]

const DAY = 86_400_000

/**
 * The demo's RFQs as stories of the year: each written, sent, answered and closed from its date,
 * its award (the orders it makes) at the award's date among the other orders, so that the orders'
 * numbers follow their dates.
 */
export const rfqStories = async (
  services: { db: Db; clock: StoryClock },
  now: Clock,
  actor: (login: string) => OrderActor,
): Promise<TimedStory[]> => {
  const { db, clock } = services
  const buyer = actor('buyer')
  const company = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.code, 'ACME'))
    .then(first)
  if (company === undefined) return []
  const stories: TimedStory[] = []
  const codes = [...new Set(RFQS.flatMap((r) => r.suppliers))]
  const ids = new Map(
    (
      await db
        .select({ id: suppliers.id, code: suppliers.code })
        .from(suppliers)
        .where(inArray(suppliers.code, codes))
    ).map((s) => [s.code, s.id]),
  )
  const idOf = (code: string) => {
    const id = ids.get(code)
    if (id === undefined) throw new Error(`The demo has no supplier ${code}`)
    return id
  }
  const day = (offset: number) => new Date(now.now().getTime() + offset * DAY).toISOString().slice(0, 10)
  /** Written, sent, answered and closed as the plan says; answers the RFQ when it is to be awarded. */
  const play = async (plan: (typeof RFQS)[number]) => {
    clock.at(plan.created_days_ago)
    const made = must(
      await createRfq(services, buyer, {
        title: plan.title,
        company_id: company.id,
        currency_code: 'EUR',
        reply_by: day(plan.reply_in_days),
        comment: 'Prices delivered to our Grenoble site, excluding tax.',
        suppliers: plan.suppliers.map((code) => ({ supplier_id: idOf(code) })),
        lines: plan.lines.map(([label, quantity]) => ({ label, quantity })),
      }),
      `the RFQ ${plan.title}`,
    ).data
    if (plan.end === 'draft') return null
    clock.at(plan.created_days_ago, 1)
    if (plan.end === 'cancelled') {
      must(await applyRfqAction(services, buyer, made.id, 'cancel'), `cancelling ${plan.title}`)
      return null
    }
    must(await sendRfq(services, buyer, made.id), `sending ${plan.title}`)
    const lines = must(await getRfq(services, buyer, made.id), plan.title).data.lines
    for (const answer of plan.answers) {
      clock.at(answer.days_ago)
      // The portal's contact acts for its own company only, as its session does.
      const by = answer.portal ? { ...actor('supplier'), supplier_ids: [idOf(answer.supplier)] } : buyer
      must(
        await saveQuote(services, by, made.id, idOf(answer.supplier), {
          lines: answer.lines.map(([price, lead, valid, minimum], i) => ({
            rfq_line_id: lines[i]?.id ?? 0,
            unit_price_exctax: price,
            vat_rate: '20',
            lead_time_days: lead,
            valid_until: valid === null ? null : day(valid),
            min_quantity: minimum ?? null,
          })),
        }),
        `the answer of ${answer.supplier} to ${plan.title}`,
      )
    }
    if (plan.end === 'sent') return null
    // The job closes it the day after its reply day.
    clock.at(-plan.reply_in_days - 1)
    await runRfqsJob(services)
    return { id: made.id, lines }
  }
  for (const plan of RFQS) {
    let written: { id: number; lines: { id: number }[] } | null = null
    stories.push({
      at: plan.created_days_ago,
      play: async () => {
        written = await play(plan)
      },
    })
    const award = plan.award
    if (award === undefined) continue
    stories.push({
      at: award.days_ago,
      play: async () => {
        if (written === null) return
        const { id, lines } = written
        clock.at(award.days_ago)
        must(
          await awardRfq(services, buyer, id, {
            lines: award.lines.map((code, i) => ({
              rfq_line_id: lines[i]?.id ?? 0,
              supplier_id: idOf(code),
            })),
            reason: award.reason,
            tell_losers: false,
          }),
          `awarding ${plan.title}`,
        )
      },
    })
  }
  return stories
}
