import { type DomainError, formError, parseWith } from '@procura/core/errors'
import {
  allowedExpenseActions,
  checkExpenseAmounts,
  checkExpenseValues,
  EXPENSE_PAYMENT_STATUS_LABELS,
  type ExpenseActor,
  type ExpenseField,
  ExpenseInputSchema,
  expenseTypeIn,
  maySeeExpense,
  mileageField,
  seesAllExpenses,
  type Vehicle,
} from '@procura/core/expense'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { guard } from '@procura/core/policy'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { everyWord, likeCi } from '../../db/portable-sql'
import { currencies, expenseReports, expenses, expenseTypes, users } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { allocationIssues } from '../budgets/ledger'
import { inSlice, readPage } from '../list-page'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { lockMileage, scaleOn, settleVehicle } from './mileage'

export type ExpenseDeps = { db: Db; clock: Clock }
export type Answer<T> = Promise<Result<T, DomainError>>
type ExpenseRow = typeof expenses.$inferSelect

const vehicleOf = (
  row: Pick<ExpenseRow, 'transport_mean' | 'fiscal_horsepower' | 'electric'>,
): Vehicle | null =>
  row.transport_mean === null
    ? null
    : {
        transport_mean: row.transport_mean as Vehicle['transport_mean'],
        fiscal_horsepower: row.fiscal_horsepower ?? 0,
        electric: row.electric,
      }

/** The expense if this user may see it: their own, or anyone's for who pays people. */
export const findVisibleExpense = async (db: DbOrTx, actor: ExpenseActor, id: number) => {
  const row = await db.select().from(expenses).where(eq(expenses.id, id)).limit(1).then(first)
  return row === undefined || !maySeeExpense(actor, row) ? undefined : row
}

const reportOf = async (db: DbOrTx, row: ExpenseRow) =>
  row.expense_report_id === null
    ? undefined
    : await db
        .select({ code: expenseReports.code, status: expenseReports.status })
        .from(expenseReports)
        .where(eq(expenseReports.id, row.expense_report_id))
        .then(first)

/**
 * POST /bwapi/expenses and PUT /bwapi/expenses/{id}: an expense of the signed-in user (its type's
 * fields checked; HT, VAT and TTC agreeing to the cent), or a mileage expense priced from the
 * kilometer scale of its date for its vehicle, the year's mileage of that vehicle settled again in
 * the same transaction. An expense in a report is not changed (EXPENSE_IN_REPORT).
 */
export const saveExpense = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  id: number | null,
  input: unknown,
): Answer<{ data: { id: number; amount_inctax: string } }> => {
  const existing = id === null ? undefined : await findVisibleExpense(deps.db, actor, id)
  if (id !== null && existing === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (existing !== undefined) {
    const editable = guard(
      allowedExpenseActions(actor, existing, (await reportOf(deps.db, existing))?.code ?? null),
      'edit',
    )
    if (!editable.ok) return editable
  }
  const parsed = parseWith(ExpenseInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const type = await deps.db
    .select()
    .from(expenseTypes)
    .where(eq(expenseTypes.id, value.expense_type_id))
    .then(first)
  if (type === undefined || (!type.active && existing?.expense_type_id !== type.id))
    return err(formError({ expense_type_id: [{ code: 'NOT_IN_LIST' }] }))
  const fields = type.fields as ExpenseField[]
  const values = checkExpenseValues(fields, value.values)
  if (!values.ok) return values
  // The project code exists (where projects are administered) and the user may use it (spec §6).
  const codes = await allocationIssues(deps.db, [{ allocation1: value.allocation1 }], actor)
  if (codes !== null) return err(formError({ allocation1: codes['lines.0.allocation1'] ?? [] }))
  const settings = await loadSettings(deps.db)
  const decimals = settings.formats.decimals
  const mileage = mileageField(fields)
  const known = await deps.db.select().from(currencies)
  const now = deps.clock.now()
  let row: Omit<
    ExpenseRow,
    'id' | 'created_at' | 'updated_at' | 'user_id' | 'expense_report_id' | 'payment_status'
  >
  let vehicle: Vehicle | null = null
  if (mileage !== undefined) {
    if (value.transport_mean === null) return err(formError({ transport_mean: [{ code: 'FIELD_REQUIRED' }] }))
    vehicle = {
      transport_mean: value.transport_mean,
      fiscal_horsepower: value.fiscal_horsepower ?? 0,
      electric: value.electric,
    }
    const scale = await scaleOn(deps.db, value.expense_date, vehicle)
    if (scale === undefined) return err({ code: 'NO_KILOMETER_SCALE', params: { date: value.expense_date } })
    row = {
      expense_type_id: type.id,
      expense_date: value.expense_date,
      label: value.label,
      allocation1: value.allocation1,
      // The scale is in the default currency.
      currency_code: known.find((c) => c.is_default)?.code ?? 'EUR',
      amount_exctax: '0',
      amount_inctax: '0',
      vat: [],
      values: values.value,
      distance: values.value[mileage.key] ?? null,
      ...vehicle,
      scale_period_id: scale.period.id,
      comment: value.comment,
    }
  } else {
    if (!known.some((c) => c.code === value.currency_code))
      return err(formError({ currency_code: [{ code: 'NOT_IN_LIST' }] }))
    const issues = {
      ...(value.amount_exctax === null ? { amount_exctax: [{ code: 'FIELD_REQUIRED' as const }] } : {}),
      ...(value.amount_inctax === null ? { amount_inctax: [{ code: 'FIELD_REQUIRED' as const }] } : {}),
    }
    if (value.amount_exctax === null || value.amount_inctax === null) return err(formError(issues))
    const agreed = checkExpenseAmounts(
      { amount_exctax: value.amount_exctax, amount_inctax: value.amount_inctax, vat: value.vat },
      decimals,
    )
    if (!agreed.ok) return agreed
    row = {
      expense_type_id: type.id,
      expense_date: value.expense_date,
      label: value.label,
      allocation1: value.allocation1,
      currency_code: value.currency_code,
      amount_exctax: value.amount_exctax,
      amount_inctax: value.amount_inctax,
      vat: value.vat,
      values: values.value,
      distance: null,
      transport_mean: null,
      fiscal_horsepower: null,
      electric: false,
      scale_period_id: null,
      comment: value.comment,
    }
  }
  const saved = await writeOrRefuse(deps.db, async (tx) => {
    if (vehicle !== null || (existing !== undefined && vehicleOf(existing) !== null))
      await lockMileage(tx, actor.id)
    let rowId = id ?? 0
    if (id === null) {
      const [inserted] = await tx
        .insert(expenses)
        .values({ ...row, user_id: actor.id, payment_status: 'no', created_at: now, updated_at: now })
        .returning({ id: expenses.id })
      rowId = inserted?.id ?? 0
    } else {
      const changed = await tx
        .update(expenses)
        .set({ ...row, updated_at: now })
        .where(and(eq(expenses.id, id), eq(expenses.payment_status, 'no')))
        .returning({ id: expenses.id })
      if (changed.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    }
    // The vehicle it was on before (a changed vehicle or date) and the one it is on now.
    const before = existing === undefined ? null : vehicleOf(existing)
    if (before !== null && existing !== undefined)
      await settleVehicle(tx, actor.id, existing.expense_date, before, decimals, now)
    if (vehicle !== null && !(await settleVehicle(tx, actor.id, row.expense_date, vehicle, decimals, now)))
      return err({ code: 'NO_KILOMETER_SCALE', params: { date: row.expense_date } } as DomainError)
    const amount = await tx
      .select({ amount: expenses.amount_inctax })
      .from(expenses)
      .where(eq(expenses.id, rowId))
      .then(first)
    await writeTrace(tx, deps.clock, {
      action: id === null ? 'create' : 'update',
      message: `Expense ${row.expense_date} ${type.label}: ${amount?.amount ?? ''} ${row.currency_code}`,
      model: 'expense',
      model_id: rowId,
      user_id: actor.id,
    })
    return ok({ id: rowId, amount_inctax: amount?.amount ?? '0' })
  })
  return saved.ok ? ok({ data: saved.value }) : saved
}

/** DELETE /bwapi/expenses/{id}: one's own expense in no report; the vehicle's mileage settled again. */
export const deleteExpense = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  id: number,
): Answer<{ data: { id: number } }> => {
  const existing = await findVisibleExpense(deps.db, actor, id)
  if (existing === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const editable = guard(
    allowedExpenseActions(actor, existing, (await reportOf(deps.db, existing))?.code ?? null),
    'edit',
  )
  if (!editable.ok) return editable
  const { formats } = await loadSettings(deps.db)
  const now = deps.clock.now()
  const done = await writeOrRefuse(deps.db, async (tx) => {
    if (vehicleOf(existing) !== null) await lockMileage(tx, actor.id)
    const gone = await tx
      .delete(expenses)
      .where(and(eq(expenses.id, id), eq(expenses.payment_status, 'no')))
      .returning({ id: expenses.id })
    if (gone.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    const vehicle = vehicleOf(existing)
    if (vehicle !== null)
      await settleVehicle(tx, actor.id, existing.expense_date, vehicle, formats.decimals, now)
    await writeTrace(tx, deps.clock, {
      action: 'delete',
      message: `Expense ${existing.expense_date} deleted`,
      model: 'expense',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ id })
  })
  return done.ok ? ok({ data: done.value }) : done
}

/** An expense type read from its table, named in the reader's language (core expenseTypeIn). */
const typeIn = (type: typeof expenseTypes.$inferSelect, language: Language) =>
  expenseTypeIn({ ...type, fields: type.fields as ExpenseField[] }, language)

/** GET /bwapi/expenses/{id}: the expense with its type's fields and its report. */
export const getExpense = async (deps: ExpenseDeps, actor: ExpenseActor, id: number, language: Language) => {
  const row = await findVisibleExpense(deps.db, actor, id)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const type = await deps.db
    .select()
    .from(expenseTypes)
    .where(eq(expenseTypes.id, row.expense_type_id))
    .then(first)
  const report = await reportOf(deps.db, row)
  const named = type === undefined ? undefined : typeIn(type, language)
  return ok({
    data: {
      ...row,
      type: named?.label ?? '',
      fields: named?.fields ?? [],
      report: report?.code ?? null,
      report_status: report?.status ?? null,
      editable: allowedExpenseActions(actor, row, report?.code ?? null).edit.allowed,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
  })
}

/**
 * GET /bwapi/expenses/form-data: the active expense types with their fields, the currencies, the
 * user's last vehicle, and whether a distance service can fill distances (none is configured:
 * the distance is entered by hand, spec §8 "No Google API key configured").
 */
export const expenseFormData = async (db: Db, actor: ExpenseActor, language: Language) => {
  const [types, known, last] = await Promise.all([
    db.select().from(expenseTypes).where(eq(expenseTypes.active, true)).orderBy(asc(expenseTypes.label)),
    db.select().from(currencies).orderBy(asc(currencies.code)),
    db
      .select({
        transport_mean: expenses.transport_mean,
        fiscal_horsepower: expenses.fiscal_horsepower,
        electric: expenses.electric,
      })
      .from(expenses)
      .where(
        and(
          eq(expenses.user_id, actor.id),
          or(
            eq(expenses.transport_mean, 'car'),
            eq(expenses.transport_mean, 'motorbike_over_50cc'),
            eq(expenses.transport_mean, 'bike_under_50cc'),
          ),
        ),
      )
      .orderBy(desc(expenses.id))
      .limit(1)
      .then(first),
  ])
  return ok({
    data: {
      types: types
        .map((t) => typeIn(t, language))
        .map((t) => ({
          id: t.id,
          code: t.code,
          label: t.label,
          default_vat_rate: t.default_vat_rate,
          fields: t.fields,
        })),
      currencies: known.map((c) => ({ code: c.code, label: c.label, is_default: c.is_default })),
      vehicle: last ?? null,
      distance_service: { configured: false, message: 'NO_GOOGLE_API_KEY' },
    },
  })
}

export const EXPENSE_SORTS = ['expense_date', 'amount_exctax', 'amount_inctax'] as const
export const EXPENSE_FILTER_KINDS = {
  payment_status: listFilter.oneOf(['no', 'pending', 'paid'] as const),
  expense_type_id: listFilter.id(),
}
export const EXPENSE_QUERY_FILTERS = Object.keys(EXPENSE_FILTER_KINDS)

/** GET /bwapi/expenses: one's own expenses (everyone's for who pays people), newest first. */
export const listExpenses = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  query: Record<string, string | undefined>,
  language: Language,
  options: { count?: boolean } = {},
) => {
  const parsed = parseListQuery(query, {
    sortable: EXPENSE_SORTS,
    defaultSort: 'expense_date',
    defaultDirection: 'desc',
    filters: EXPENSE_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: (SQL | undefined)[] = [seesAllExpenses(actor) ? undefined : eq(expenses.user_id, actor.id)]
  where.push(
    everyWord(q.search, (pattern) =>
      or(
        likeCi(expenses.label, pattern),
        inArray(
          expenses.expense_type_id,
          deps.db
            .select({ id: expenseTypes.id })
            .from(expenseTypes)
            .where(likeCi(expenseTypes.label, pattern)),
        ),
      ),
    ),
  )
  if (q.filters.payment_status !== undefined)
    where.push(eq(expenses.payment_status, q.filters.payment_status))
  if (q.filters.expense_type_id !== undefined)
    where.push(eq(expenses.expense_type_id, q.filters.expense_type_id))
  const page = await readPage(deps.db, q, {
    table: expenses,
    id: expenses.id,
    where: and(...where),
    sort: { by: expenses[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      inSlice(
        deps.db
          .select({
            expense: expenses,
            type: expenseTypes.label,
            type_code: expenseTypes.code,
            user: users.label,
            report: expenseReports.code,
          })
          .from(expenses)
          .innerJoin(expenseTypes, eq(expenses.expense_type_id, expenseTypes.id))
          .innerJoin(users, eq(expenses.user_id, users.id))
          .leftJoin(expenseReports, eq(expenses.expense_report_id, expenseReports.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  return ok({
    data: page.value.rows.map(({ expense, type, type_code, user, report }) => ({
      id: expense.id,
      expense_date: expense.expense_date,
      type: expenseTypeIn({ code: type_code, label: type }, language).label,
      label: expense.label,
      user,
      user_id: expense.user_id,
      currency_code: expense.currency_code,
      amount_exctax: expense.amount_exctax,
      amount_inctax: expense.amount_inctax,
      distance: expense.distance,
      report,
      expense_report_id: expense.expense_report_id,
      payment_status: expense.payment_status,
    })),
    meta: page.value.meta,
  })
}

/** GET /bwapi/expenses/filter-list/{field}: payment statuses and types. */
export const expenseFilterOptions = async (db: Db, field: string, language: Language) => {
  if (field === 'payment_status')
    return ok(
      (['no', 'pending', 'paid'] as const).map((value) => ({
        value,
        label: EXPENSE_PAYMENT_STATUS_LABELS[value][language],
      })),
    )
  if (field === 'expense_type_id')
    return ok(
      (await db.select().from(expenseTypes).orderBy(asc(expenseTypes.label))).map((t) => ({
        value: String(t.id),
        label: typeIn(t, language).label,
      })),
    )
  return ok(null)
}

/** The expenses of reports, as a report's page and its payment read them. */
export const expensesOfReports = (db: DbOrTx, reportIds: readonly number[]) =>
  db
    .select({ expense: expenses, type: expenseTypes.label, type_code: expenseTypes.code })
    .from(expenses)
    .innerJoin(expenseTypes, eq(expenses.expense_type_id, expenseTypes.id))
    .where(inArray(expenses.expense_report_id, [...reportIds, 0]))
    .orderBy(asc(expenses.expense_date), asc(expenses.id))
