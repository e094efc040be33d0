import { addMonths, firstOfMonth, isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import { dec } from '@procura/core/money'
import { type OrderActor, seesInternals, VALIDATED_STATUSES } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { safetyRates } from '@procura/core/safety'
import {
  annualScore,
  averageScore,
  type DeliveryRecord,
  fileState,
  hseRate,
  onQualityDelivery,
  onTimeDelivery,
  RATING_CRITERIA,
} from '@procura/core/supplier'
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  deliveries,
  deliveryReservations,
  purchaseOrders,
  supplierFiles,
  supplierFileTypes,
  supplierInvoices,
  supplierRatings,
  supplierSafety,
  suppliers,
  supplierTurnovers,
  users,
} from '../../db/schema'
import { loadSettings } from '../settings'

export type Deps = { db: Db; clock: Clock }

/** The charts of a supplier (spec §7 "Suppliers" calls, and the accounting-entry turnover of §2). */
export const SUPPLIER_CHARTS = [
  'turnover',
  'annual_rating',
  'additional_rating',
  'certification',
  'performance',
  'security',
  'accounting_turnover',
] as const
export type Refusal<T> = Promise<Result<T, DomainError>>

/** The months of a window ending with today's, oldest first ("YYYY-MM"). */
export const monthsUpTo = (today: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => addMonths(firstOfMonth(today), i - n + 1).slice(0, 7))

const monthOf = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString()).slice(0, 7)
const sumBy = <T>(
  rows: readonly T[],
  months: readonly string[],
  month: (r: T) => string,
  amount: (r: T) => string,
) =>
  months.map((m) =>
    rows
      .filter((r) => month(r) === m)
      .reduce((s, r) => s.plus(amount(r)), dec(0))
      .toFixed(2),
  )

type SafetyMonth = {
  hours_worked: number
  accidents_with_lost_time: number
  accidents_without_lost_time: number
  days_lost: number
}
/** Months of safety figures added up (the 12 months' rates come from the sums, not the mean of rates). */
export const safetyTotal = (months: readonly SafetyMonth[]): SafetyMonth =>
  months.reduce(
    (s, r) => ({
      hours_worked: s.hours_worked + r.hours_worked,
      accidents_with_lost_time: s.accidents_with_lost_time + r.accidents_with_lost_time,
      accidents_without_lost_time: s.accidents_without_lost_time + r.accidents_without_lost_time,
      days_lost: s.days_lost + r.days_lost,
    }),
    { hours_worked: 0, accidents_with_lost_time: 0, accidents_without_lost_time: 0, days_lost: 0 },
  )

/** The supplier when this reader sees its surveillance (the organisation's people), else 404. */
export const surveyed = async (db: DbOrTx, actor: OrderActor, id: number) => {
  if (!seesInternals(actor)) return undefined
  return db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1).then(first)
}
export const notFound = () => err({ code: 'ITEM_NOT_FOUND' } as DomainError)

/** Orders validated over a window (24 months for turnover, 12 for statistics). */
export const orderedSince = (db: DbOrTx, supplierId: number, since: string) =>
  db
    .select({ validated_at: purchaseOrders.validated_at, amount: purchaseOrders.amount_exctax })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.supplier_id, supplierId),
        inArray(purchaseOrders.status, [...VALIDATED_STATUSES]),
        isNotNull(purchaseOrders.validated_at),
        gte(purchaseOrders.validated_at, new Date(`${since}T00:00:00Z`)),
      ),
    )

/**
 * GET …/charts/turnover: what was ordered from it month by month over 24 months (validated orders,
 * excl. tax), and the turnover it declared per year.
 */
export const turnoverChart = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown }> => {
  const supplier = await surveyed(deps.db, actor, id)
  if (supplier === undefined) return notFound()
  const months = monthsUpTo(isoDateIn(deps.clock.now()), 24)
  const [orders, declared] = await Promise.all([
    orderedSince(deps.db, id, `${months[0]}-01`),
    deps.db
      .select()
      .from(supplierTurnovers)
      .where(eq(supplierTurnovers.supplier_id, id))
      .orderBy(asc(supplierTurnovers.year)),
  ])
  const ordered = sumBy(
    orders,
    months,
    (o) => monthOf(o.validated_at ?? new Date(0)),
    (o) => o.amount,
  )
  return ok({
    data: {
      currency_code: supplier.currency_code,
      months: months.map((month, i) => ({ month, ordered: ordered[i] })),
      declared: declared.map((d) => ({ year: d.year, amount: d.amount })),
    },
  })
}

/** GET …/charts/accounting_turnover: what it invoiced (validated invoices, excl. tax) month by month over 24 months. */
export const accountingTurnoverChart = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown }> => {
  const supplier = await surveyed(deps.db, actor, id)
  if (supplier === undefined) return notFound()
  const months = monthsUpTo(isoDateIn(deps.clock.now()), 24)
  const invoices = await deps.db
    .select({ invoice_date: supplierInvoices.invoice_date, amount: supplierInvoices.amount_exctax })
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.supplier_id, id),
        eq(supplierInvoices.status, 'validated'),
        gte(supplierInvoices.invoice_date, `${months[0]}-01`),
      ),
    )
  const invoiced = sumBy(
    invoices,
    months,
    (i) => monthOf(i.invoice_date),
    (i) => i.amount,
  )
  return ok({
    data: {
      currency_code: supplier.currency_code,
      months: months.map((month, i) => ({ month, invoiced: invoiced[i] })),
    },
  })
}

/** Its deliveries over a window as core reads them: arrival, the date to keep, reservations. */
const deliveriesSince = async (db: DbOrTx, supplierId: number, since: string): Promise<DeliveryRecord[]> => {
  const rows = await db
    .select({
      id: deliveries.id,
      delivered_on: deliveries.delivery_date,
      address: purchaseOrders.delivery_address,
      reservations: sql<number>`(select count(*) from ${deliveryReservations} where ${deliveryReservations.delivery_id} = ${deliveries.id})`,
    })
    .from(deliveries)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, deliveries.purchase_order_id))
    .where(
      and(
        eq(purchaseOrders.supplier_id, supplierId),
        eq(deliveries.kind, 'delivery'),
        ne(deliveries.status, 'canceled'),
        gte(deliveries.delivery_date, since),
      ),
    )
  return rows.map((r) => {
    const address = (r.address ?? {}) as { deadline?: string | null; shipping_date?: string | null }
    return {
      delivered_on: r.delivered_on,
      due_on: address.deadline ?? address.shipping_date ?? null,
      reservations: Number(r.reservations),
    }
  })
}

/**
 * GET …/charts/performance: on-time (OTD) and on-quality (OQD) deliveries month by month over 12
 * rolling months, the 12 months' figures, and the objectives they are set against.
 */
export const performanceChart = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown }> => {
  if ((await surveyed(deps.db, actor, id)) === undefined) return notFound()
  const months = monthsUpTo(isoDateIn(deps.clock.now()), 12)
  const [records, settings] = await Promise.all([
    deliveriesSince(deps.db, id, `${months[0]}-01`),
    loadSettings(deps.db),
  ])
  const text = (v: ReturnType<typeof onTimeDelivery>) => v?.toString() ?? null
  return ok({
    data: {
      months: months.map((month) => {
        const of = records.filter((r) => r.delivered_on.startsWith(month))
        return {
          month,
          deliveries: of.length,
          otd: text(onTimeDelivery(of)),
          oqd: text(onQualityDelivery(of)),
        }
      }),
      otd: text(onTimeDelivery(records)),
      oqd: text(onQualityDelivery(records)),
      objectives: { otd: settings.misc.objective_otd, oqd: settings.misc.objective_oqd },
    },
  })
}

/**
 * GET …/charts/security: each month's figures and rates (TF1, TF2, TG, spec §9) over 12 rolling
 * months, the 12 months' rates from their sums, and HSE against its objective.
 */
export const securityChart = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown }> => {
  if ((await surveyed(deps.db, actor, id)) === undefined) return notFound()
  const months = monthsUpTo(isoDateIn(deps.clock.now()), 12)
  const [rows, settings] = await Promise.all([
    deps.db
      .select()
      .from(supplierSafety)
      .where(and(eq(supplierSafety.supplier_id, id), gte(supplierSafety.month, months[0] ?? ''))),
    loadSettings(deps.db),
  ])
  const rates = (r: Parameters<typeof safetyRates>[0]) => {
    const { tf1, tf2, tg } = safetyRates(r)
    return { tf1: tf1?.toString() ?? null, tf2: tf2?.toString() ?? null, tg: tg?.toString() ?? null }
  }
  const total = safetyTotal(rows)
  return ok({
    data: {
      months: months.map((month) => {
        const row = rows.find((r) => r.month === month)
        return row === undefined
          ? {
              month,
              hours_worked: null,
              accidents_with_lost_time: null,
              accidents_without_lost_time: null,
              days_lost: null,
              tf1: null,
              tf2: null,
              tg: null,
            }
          : {
              month,
              hours_worked: row.hours_worked,
              accidents_with_lost_time: row.accidents_with_lost_time,
              accidents_without_lost_time: row.accidents_without_lost_time,
              days_lost: row.days_lost,
              ...rates(row),
            }
      }),
      ...rates(total),
      hse: hseRate(rows)?.toString() ?? null,
      objective_hse: settings.misc.objective_hse,
    },
  })
}

/**
 * GET …/charts/certification: the documents shown in the certification chart, the latest of each
 * type with its state today, and how many are valid, expiring, expired or awaiting validation.
 */
export const certificationChart = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown }> => {
  if ((await surveyed(deps.db, actor, id)) === undefined) return notFound()
  const [types, files, settings] = await Promise.all([
    deps.db
      .select({ id: supplierFileTypes.id, label: supplierFileTypes.label })
      .from(supplierFileTypes)
      .where(eq(supplierFileTypes.show_in_certification_chart, true))
      .orderBy(asc(supplierFileTypes.label)),
    deps.db
      .select({
        type_id: supplierFiles.type_id,
        document_date: supplierFiles.document_date,
        validity_date: supplierFiles.validity_date,
        validated_at: supplierFiles.validated_at,
      })
      .from(supplierFiles)
      .where(eq(supplierFiles.supplier_id, id))
      .orderBy(desc(supplierFiles.document_date), desc(supplierFiles.id)),
    loadSettings(deps.db),
  ])
  const today = isoDateIn(deps.clock.now())
  const latest = types.map((type) => {
    const file = files.find((f) => f.type_id === type.id)
    return {
      type: type.label,
      validity_date: file?.validity_date ?? null,
      state:
        file === undefined
          ? 'missing'
          : fileState(
              { validity_date: file.validity_date, validated: file.validated_at !== null },
              today,
              settings.contract.file_expiry_warning_days,
            ),
    }
  })
  const countOf = (state: string) => latest.filter((l) => l.state === state).length
  return ok({
    data: {
      valid: countOf('valid'),
      expiring: countOf('expiring'),
      expired: countOf('expired'),
      awaiting: countOf('awaiting'),
      missing: countOf('missing'),
      types: latest,
    },
  })
}

/** Ratings of a window: the scores per criterion and their mean. */
const ratingsSince = (db: DbOrTx, supplierId: number, since: string) =>
  db
    .select({
      criterion: supplierRatings.criterion,
      score: supplierRatings.score,
      rated_on: supplierRatings.rated_on,
    })
    .from(supplierRatings)
    .where(and(eq(supplierRatings.supplier_id, supplierId), gte(supplierRatings.rated_on, since)))

/** GET …/charts/additional_rating: the buyers' ratings (latest 50) and each criterion's mean over 12 months. */
export const additionalRatingChart = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown }> => {
  if ((await surveyed(deps.db, actor, id)) === undefined) return notFound()
  const since = `${monthsUpTo(isoDateIn(deps.clock.now()), 12)[0]}-01`
  const [latest, window] = await Promise.all([
    deps.db
      .select({
        id: supplierRatings.id,
        criterion: supplierRatings.criterion,
        score: supplierRatings.score,
        comment: supplierRatings.comment,
        rated_on: supplierRatings.rated_on,
        by: users.label,
      })
      .from(supplierRatings)
      .innerJoin(users, eq(users.id, supplierRatings.user_id))
      .where(eq(supplierRatings.supplier_id, id))
      .orderBy(desc(supplierRatings.rated_on), desc(supplierRatings.id))
      .limit(50),
    ratingsSince(deps.db, id, since),
  ])
  return ok({
    data: {
      criteria: RATING_CRITERIA.map((criterion) => ({
        criterion,
        average:
          averageScore(window.filter((r) => r.criterion === criterion).map((r) => r.score))?.toString() ??
          null,
      })),
      average: averageScore(window.map((r) => r.score))?.toString() ?? null,
      ratings: latest,
    },
  })
}

/** The figures of one calendar year, or of the 12 months up to today (the statistics). */
export const figuresOf = async (db: DbOrTx, supplierId: number, from: string, to: string) => {
  const [records, safety, ratings] = await Promise.all([
    deliveriesSince(db, supplierId, from),
    db
      .select()
      .from(supplierSafety)
      .where(and(eq(supplierSafety.supplier_id, supplierId), gte(supplierSafety.month, from.slice(0, 7)))),
    ratingsSince(db, supplierId, from),
  ])
  const inWindow = records.filter((r) => r.delivered_on < to)
  return {
    otd: onTimeDelivery(inWindow),
    oqd: onQualityDelivery(inWindow),
    hse: hseRate(safety.filter((s) => s.month < to.slice(0, 7))),
    rating: averageScore(ratings.filter((r) => r.rated_on < to).map((r) => r.score)),
    safety: safety.filter((s) => s.month < to.slice(0, 7)),
  }
}

/** GET …/charts/annual_rating: each of the last three years' OTD, OQD, HSE, rating and overall score. */
export const annualRatingChart = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown }> => {
  if ((await surveyed(deps.db, actor, id)) === undefined) return notFound()
  const year = Number(isoDateIn(deps.clock.now()).slice(0, 4))
  const years = [year - 2, year - 1, year]
  const text = (v: { toString: () => string } | null) => v?.toString() ?? null
  const rows = await Promise.all(
    years.map(async (y) => {
      const f = await figuresOf(deps.db, id, `${y}-01-01`, `${y + 1}-01-01`)
      return {
        year: y,
        otd: text(f.otd),
        oqd: text(f.oqd),
        hse: text(f.hse),
        rating: text(f.rating),
        score: text(annualScore(f)),
      }
    }),
  )
  return ok({ data: { years: rows } })
}
