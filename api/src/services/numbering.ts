import type { DomainError } from '@procura/core/errors'
import { renderPieceNumber } from '@procura/core/numbering'
import { ok, type Result } from '@procura/core/result'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db'
import { cachedReference } from '../db/reference-cache'
import { companies, departments, pieceCounters } from '../db/schema'

/**
 * Advances the counters of a series for the given periods and answers each one's new value, in
 * the order given. One atomic upsert for all the periods (INSERT … ON CONFLICT DO UPDATE …
 * RETURNING, the same statement on SQLite and PostgreSQL), inside the caller's transaction: two
 * pieces created at once never get the same number, a piece refused later in the transaction gives
 * its number back, and the cost does not grow with the number of pieces. A period given twice is
 * advanced once.
 */
export const nextNumbers = async (
  tx: DbOrTx,
  series: string,
  periods: readonly string[],
): Promise<number[]> => {
  if (periods.length === 0) return []
  // One statement for every period (a multi-row upsert); its rows come back in no promised order,
  // so each value is found by its period.
  const rows = await tx
    .insert(pieceCounters)
    .values([...new Set(periods)].map((period) => ({ series, period, value: 1 })))
    .onConflictDoUpdate({
      target: [pieceCounters.series, pieceCounters.period],
      set: { value: sql`${pieceCounters.value} + 1` },
    })
    .returning({ period: pieceCounters.period, value: pieceCounters.value })
  const counted = new Map(rows.map((r) => [r.period, r.value]))
  return periods.map((period) => {
    const value = counted.get(period)
    if (value === undefined) throw new Error(`Counter ${series}/${period} returned nothing`)
    return value
  })
}

/**
 * The codes of a document's company and department (numbers and circuit criteria are written
 * with them), from the reference cache: every company's and department's code in one read.
 */
export const organisationCodes = async (
  db: DbOrTx,
  owner: { company_id: number; department_id: number | null },
) => {
  const codes = await cachedReference(db, 'organisation-codes', async () => ({
    companies: new Map(
      (await db.select({ id: companies.id, code: companies.code }).from(companies)).map((c) => [
        c.id,
        c.code,
      ]),
    ),
    departments: new Map(
      (await db.select({ id: departments.id, code: departments.code }).from(departments)).map((d) => [
        d.id,
        d.code,
      ]),
    ),
  }))
  return {
    company: codes.companies.get(owner.company_id) ?? null,
    department: owner.department_id === null ? null : (codes.departments.get(owner.department_id) ?? null),
  }
}

/** The periods of a piece dated `at` (UTC): its year, its month, and its month for one company. */
export const periodsOf = (at: Date, companyId?: number) => {
  const month = at.toISOString().slice(0, 7)
  return {
    year: `Y:${month.slice(0, 4)}`,
    month: `M:${month}`,
    ...(companyId === undefined ? {} : { companyMonth: `MC:${month}:${companyId}` }),
  }
}

/**
 * The number of a new piece of `series` dated `now`, from the settings' template: advances the
 * series' counters (its year, its month, its company's month) in the caller's transaction and
 * renders the template with them and the company's and department's codes.
 */
export const numberPiece = async (
  tx: DbOrTx,
  series: string,
  template: string,
  now: Date,
  owner: { company_id: number; department_id: number | null },
): Promise<Result<{ code: string; numberInYear: number }, DomainError>> => {
  const periods = periodsOf(now, owner.company_id)
  const codes = await organisationCodes(tx, owner)
  const [numberInYear = 1, numberInMonth = 1, numberInMonthByCompany = 1] = await nextNumbers(tx, series, [
    periods.year,
    periods.month,
    periods.companyMonth ?? '',
  ])
  const code = renderPieceNumber(template, {
    date: now.toISOString().slice(0, 10),
    numberInYear,
    numberInMonth,
    numberInMonthByCompany,
    companyCode: codes.company ?? '',
    departmentCode: codes.department ?? '',
  })
  return code.ok ? ok({ code: code.value, numberInYear }) : code
}
