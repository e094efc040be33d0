import {
  canAdministerExpenses,
  ExpenseTypeInputSchema,
  ScaleBandInputSchema,
  ScalePeriodInputSchema,
  TRANSPORT_MEAN_LABELS,
} from '@procura/core/expense'
import { count, eq, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { expenses, expenseTypes, kilometerScales, scalePeriods } from '../../db/schema'
import { type ReferenceTable, stamped } from '../reference-table'

const expensesWhere = async (db: DbOrTx, where: ReturnType<typeof eq>) =>
  Number((await db.select({ n: count() }).from(expenses).where(where))[0]?.n ?? 0)

/**
 * Expense types (GET/POST /bwapi/expense-types, PUT/DELETE /{id}): administered by
 * administrators, each with its fields (only one mileage field); a type with expenses is
 * disabled, not deleted.
 */
export const EXPENSE_TYPES: ReferenceTable<typeof ExpenseTypeInputSchema> = {
  model: 'expense_type',
  table: () => expenseTypes,
  schema: ExpenseTypeInputSchema,
  may: canAdministerExpenses,
  stamp: stamped,
  inUse: async (db, row) => {
    const n = await expensesWhere(db, eq(expenses.expense_type_id, row.id))
    return n === 0
      ? null
      : { code: 'EXPENSE_REFERENCE_IN_USE', params: { label: String(row.label), count: n } }
  },
}

/** Scale periods (GET/POST /bwapi/scale-periods): the years kilometer scales apply to, never overlapping. */
export const SCALE_PERIODS: ReferenceTable<typeof ScalePeriodInputSchema> = {
  model: 'scale_period',
  table: () => scalePeriods,
  schema: ScalePeriodInputSchema,
  may: canAdministerExpenses,
  stamp: stamped,
  check: async (db, input, id) => {
    const others = await db
      .select()
      .from(scalePeriods)
      .where(id === null ? undefined : ne(scalePeriods.id, id))
    const clash = others.find((p) => p.starts_on <= input.ends_on && input.starts_on <= p.ends_on)
    return clash === undefined
      ? null
      : { starts_on: [{ code: 'FISCAL_PERIOD_OVERLAP', params: { period: clash.label } }] }
  },
  inUse: async (db, row) => {
    const n = await expensesWhere(db, eq(expenses.scale_period_id, row.id))
    return n === 0
      ? null
      : { code: 'EXPENSE_REFERENCE_IN_USE', params: { label: String(row.label), count: n } }
  },
}

/** A band's name in the admin list: "Car 3 CV, 5000–20000 km". */
export const bandLabel = (band: {
  transport_mean: keyof typeof TRANSPORT_MEAN_LABELS
  fiscal_horsepower: number
  min_distance: number
  max_distance: number | null
}) =>
  `${TRANSPORT_MEAN_LABELS[band.transport_mean].en} ${band.fiscal_horsepower} CV, ${band.min_distance}–${band.max_distance ?? '∞'} km`

const KilometerScaleSchema = ScaleBandInputSchema.transform((band) => ({ ...band, label: bandLabel(band) }))

/**
 * The bands of the kilometer scales (GET/POST /bwapi/kilometer-scales): per scale period,
 * transport mean, horsepower category and distance band, a rate and a fixed part. Amounts already
 * granted stay as they were: a changed band prices the expenses recorded after it.
 */
export const KILOMETER_SCALES: ReferenceTable<typeof KilometerScaleSchema> = {
  model: 'kilometer_scale',
  table: () => kilometerScales,
  schema: KilometerScaleSchema,
  may: canAdministerExpenses,
  stamp: stamped,
  check: async (db, input) => {
    const period = await db
      .select({ id: scalePeriods.id })
      .from(scalePeriods)
      .where(eq(scalePeriods.id, input.scale_period_id))
    return period.length === 0 ? { scale_period_id: [{ code: 'NOT_IN_LIST' }] } : null
  },
}
