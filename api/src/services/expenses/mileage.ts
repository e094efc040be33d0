import {
  bandsOf,
  type ScaleBand,
  settleMileage,
  type TransportMean,
  type Vehicle,
} from '@procura/core/expense'
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { expenses, kilometerScales, scalePeriods, users } from '../../db/schema'

/** The scale period covering a day, with its bands for a vehicle; undefined when none covers it. */
export const scaleOn = async (db: DbOrTx, day: string, vehicle: Vehicle) => {
  const period = await db
    .select()
    .from(scalePeriods)
    .where(and(lte(scalePeriods.starts_on, day), gte(scalePeriods.ends_on, day)))
    .limit(1)
    .then(first)
  if (period === undefined) return undefined
  const rows = await db.select().from(kilometerScales).where(eq(kilometerScales.scale_period_id, period.id))
  const bands = bandsOf(
    rows.map((r): ScaleBand => ({ ...r, transport_mean: r.transport_mean as TransportMean })),
    vehicle,
  )
  return bands.length === 0 ? undefined : { period, bands }
}

/**
 * One settlement of a user's mileage at a time: the user's row is locked (PostgreSQL; SQLite writes
 * one at a time) first thing in the transaction, before any expense row, so two trips saved at
 * once each see the other once it is committed, and no two writes wait on each other's rows.
 */
export const lockMileage = (tx: DbOrTx, userId: number) =>
  tx
    .update(users)
    .set({ updated_at: sql`${users.updated_at}` })
    .where(eq(users.id, userId))

/**
 * Settles anew, in one transaction with the write that changed them, the mileage expenses of a
 * user's vehicle in a scale period (core/expense settleMileage): those in a report keep what they
 * were granted, the others get the year-to-date difference, in the order they were recorded.
 * Answers false when the year's distance leaves the scale.
 */
export const settleVehicle = async (
  tx: DbOrTx,
  userId: number,
  day: string,
  vehicle: Vehicle,
  decimals: number,
  now: Date,
): Promise<boolean> => {
  const scale = await scaleOn(tx, day, vehicle)
  if (scale === undefined) return false
  const rows = await tx
    .select({
      id: expenses.id,
      distance: expenses.distance,
      amount: expenses.amount_inctax,
      report: expenses.expense_report_id,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.user_id, userId),
        eq(expenses.scale_period_id, scale.period.id),
        eq(expenses.transport_mean, vehicle.transport_mean),
        eq(expenses.fiscal_horsepower, vehicle.fiscal_horsepower),
        eq(expenses.electric, vehicle.electric),
      ),
    )
    .orderBy(asc(expenses.id))
  const settled = settleMileage(
    scale.bands,
    rows.map((r) => ({
      id: r.id,
      distance: r.distance ?? '0',
      granted: r.report === null ? null : r.amount,
    })),
    decimals,
    vehicle.electric ? scale.period.electric_bonus_percent : 0,
  )
  if (settled === null) return false
  for (const row of rows) {
    const amount = settled.get(row.id)
    if (amount !== undefined && amount !== row.amount)
      await tx
        .update(expenses)
        .set({ amount_exctax: amount, amount_inctax: amount, updated_at: now })
        .where(eq(expenses.id, row.id))
  }
  return true
}
