/** Recording a supplier's figures (ratings, turnover, safety), the nightly statistics and the monitoring screen. */
import { addMonths, isoDateIn } from '@procura/core/calendar'
import { parseWith } from '@procura/core/errors'
import { dec } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { safetyRates } from '@procura/core/safety'
import {
  isFlagged,
  missedObjectives,
  RatingInputSchema,
  SafetyInputSchema,
  SURVEILLED_FIGURES,
  type SupplierMonitoring,
  TurnoverInputSchema,
} from '@procura/core/supplier'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db'
import {
  supplierRatings,
  supplierSafety,
  supplierStatistics,
  suppliers,
  supplierTurnovers,
} from '../../db/schema'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import {
  type Deps,
  figuresOf,
  notFound,
  orderedSince,
  type Refusal,
  safetyTotal,
  surveyed,
} from './supplier-charts'
import { supplierDecisions } from './suppliers'

/**
 * Records one surveillance figure: the supplier read by someone who surveys it, a buyer or an
 * administrator writing, the input checked by core's schema, then written with its trace in one
 * transaction (`write` answers the trace's action and message).
 */
const recordFigure = async <S extends z.ZodType>(
  deps: Deps,
  actor: OrderActor,
  id: number,
  input: unknown,
  schema: S,
  write: (tx: DbOrTx, value: z.output<S>, now: Date) => Promise<{ action: string; message: string }>,
): Refusal<{ data: { id: number } }> => {
  if ((await surveyed(deps.db, actor, id)) === undefined) return notFound()
  const allowed = guard(await supplierDecisions(deps.db, actor, id), 'edit')
  if (!allowed.ok) return allowed
  const parsed = parseWith(schema, input)
  if (!parsed.ok) return parsed
  await deps.db.transaction(async (tx) => {
    const trace = await write(tx, parsed.value, deps.clock.now())
    await writeTrace(tx, deps.clock, { ...trace, model: 'supplier', model_id: id, user_id: actor.id })
  })
  return ok({ data: { id } })
}

/** POST …/charts/additional_rating: a buyer rates the supplier on a criterion (1 to 5). */
export const addRating = (deps: Deps, actor: OrderActor, id: number, input: unknown) =>
  recordFigure(deps, actor, id, input, RatingInputSchema, async (tx, value, now) => {
    await tx
      .insert(supplierRatings)
      .values({ ...value, supplier_id: id, rated_on: isoDateIn(now), user_id: actor.id, created_at: now })
    return { action: 'rate', message: `Rated ${value.score}/5 on ${value.criterion}` }
  })

/** POST …/charts/turnover: the turnover it declared for a year (replaces that year's). */
export const declareTurnover = (deps: Deps, actor: OrderActor, id: number, input: unknown) =>
  recordFigure(deps, actor, id, input, TurnoverInputSchema, async (tx, value, now) => {
    await tx
      .insert(supplierTurnovers)
      .values({ ...value, supplier_id: id, updated_at: now })
      .onConflictDoUpdate({
        target: [supplierTurnovers.supplier_id, supplierTurnovers.year],
        set: { amount: value.amount, updated_at: now },
      })
    return { action: 'declare_turnover', message: `Declared turnover ${value.year}: ${value.amount}` }
  })

/** POST …/charts/security: a month's safety figures (replaces that month's). */
export const recordSafety = (deps: Deps, actor: OrderActor, id: number, input: unknown) =>
  recordFigure(deps, actor, id, input, SafetyInputSchema, async (tx, { month, ...figures }, now) => {
    await tx
      .insert(supplierSafety)
      .values({ supplier_id: id, month, ...figures, updated_at: now })
      .onConflictDoUpdate({
        target: [supplierSafety.supplier_id, supplierSafety.month],
        set: { ...figures, updated_at: now },
      })
    return { action: 'record_safety', message: `Safety figures of ${month} recorded` }
  })

/**
 * The supplier statistics job (spec §9: "a maximum count per run"): the suppliers whose figures are
 * the oldest (never computed first) get their 12 months' ordered amount, OTD, OQD, TF1, TG, HSE and
 * rating computed and kept, flagged when under an objective, and put under surveillance when they
 * were ordered more than their surveillance amount. Answers how many were updated.
 */
export const updateSupplierStatistics = async (deps: Deps): Promise<number> => {
  const settings = await loadSettings(deps.db)
  const batch = settings.misc.supplier_statistics_batch
  const due = await deps.db
    .select({ id: suppliers.id, min: suppliers.surveillance_min_amount, under: suppliers.under_surveillance })
    .from(suppliers)
    .leftJoin(supplierStatistics, eq(supplierStatistics.supplier_id, suppliers.id))
    .orderBy(
      sql`${supplierStatistics.computed_at} is not null`,
      asc(supplierStatistics.computed_at),
      asc(suppliers.id),
    )
    .limit(batch)
  const today = isoDateIn(deps.clock.now())
  const since = addMonths(today, -12)
  const objectives = {
    otd: settings.misc.objective_otd,
    oqd: settings.misc.objective_oqd,
    hse: settings.misc.objective_hse,
    rating: settings.misc.supplier_rating_threshold,
  }
  for (const supplier of due) {
    const [orders, figures] = await Promise.all([
      orderedSince(deps.db, supplier.id, since),
      figuresOf(deps.db, supplier.id, since, '9999-12-31'),
    ])
    const ordered = orders.reduce((s, o) => s.plus(o.amount), dec(0))
    const total = safetyTotal(figures.safety)
    const rates = safetyRates(total)
    const row = {
      ordered_amount: ordered.toFixed(2),
      otd: figures.otd?.toString() ?? null,
      oqd: figures.oqd?.toString() ?? null,
      tf1: rates.tf1?.toString() ?? null,
      tg: rates.tg?.toString() ?? null,
      hse: figures.hse?.toString() ?? null,
      rating: figures.rating?.toString() ?? null,
      flagged: isFlagged(figures, objectives),
      computed_at: deps.clock.now(),
    }
    const under = supplier.min !== null && ordered.gte(supplier.min)
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(supplierStatistics)
        .values({ supplier_id: supplier.id, ...row })
        .onConflictDoUpdate({ target: supplierStatistics.supplier_id, set: row })
      if (under !== supplier.under)
        await tx.update(suppliers).set({ under_surveillance: under }).where(eq(suppliers.id, supplier.id))
    })
  }
  return due.length
}

/**
 * GET /bwapi/suppliers/{id}/monitoring: the figures the statistics job kept (it computes a batch per
 * run, so they may be a few runs old: `computed_at` says when), each surveilled one against its
 * objective, with the flag buyers see and the surveillance switch.
 */
export const supplierMonitoring = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: SupplierMonitoring }> => {
  const supplier = await surveyed(deps.db, actor, id)
  if (supplier === undefined) return notFound()
  const [[kept], settings] = await Promise.all([statisticsOf(deps.db, [id]), loadSettings(deps.db)])
  const objectives = {
    otd: settings.misc.objective_otd,
    oqd: settings.misc.objective_oqd,
    hse: settings.misc.objective_hse,
    rating: settings.misc.supplier_rating_threshold,
  }
  const read = (v: string | null | undefined) => (v === null || v === undefined ? null : dec(v))
  const measured = {
    otd: read(kept?.otd),
    oqd: read(kept?.oqd),
    hse: read(kept?.hse),
    rating: read(kept?.rating),
  }
  const missed = missedObjectives(measured, objectives)
  return ok({
    data: {
      currency_code: supplier.currency_code,
      under_surveillance: supplier.under_surveillance,
      surveillance_min_amount: supplier.surveillance_min_amount,
      computed_at: kept?.computed_at.toISOString() ?? null,
      ordered_amount: kept?.ordered_amount ?? null,
      flagged: kept?.flagged ?? false,
      figures: SURVEILLED_FIGURES.map((figure) => ({
        figure,
        value: measured[figure]?.toString() ?? null,
        objective: objectives[figure],
        missed: missed.includes(figure),
      })),
      tf1: kept?.tf1 ?? null,
      tg: kept?.tg ?? null,
    },
  })
}

/** The kept figures of some suppliers (flag and 12 months' figures), for pickers and the record. */
export const statisticsOf = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(supplierStatistics)
        .where(inArray(supplierStatistics.supplier_id, [...ids]))
