import {
  type CircuitState,
  isComplete,
  planCircuit,
  refuseStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import { type DomainError, parseWith } from '@procura/core/errors'
import {
  checkExpenseReportActor,
  checkExpenseReportEditable,
  EXPENSE_REPORT_STATUS_LABELS,
  EXPENSE_REPORT_STATUSES,
  type ExpenseActor,
  type ExpenseReportAction,
  type ExpenseReportStatus,
  expenseReportActionsFor,
  expenseReportPayable,
  expenseReportTransition,
  expenseTypeIn,
  mayEditExpenseReport,
  mayReadExpenseReport,
  planExpenseReport,
  seesAllExpenses,
} from '@procura/core/expense'
import { countOf } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { dec, toAmountString } from '@procura/core/money'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { everyWord, jsonText, likeCi } from '../../db/portable-sql'
import { companies, expenseReports, expenses, paymentGroups, paymentLines, users } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { moveExpenseReportBudgets } from '../budgets/documents'
import { readPage } from '../list-page'
import { notifyActionsToDo } from '../notify'
import { numberPiece } from '../numbering'
import { delegationsTo, loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { circuitNames } from '../refusal-view'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { type ExpenseDeps, expensesOfReports } from './expenses'

type Answer<T> = Promise<Result<T, DomainError>>
type ReportRow = typeof expenseReports.$inferSelect
type Deps = ExpenseDeps & {
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
}

/** An expense report as its form sends it (POST/PUT /bwapi/expense-reports). */
export const ExpenseReportInputSchema = z.object({
  label: z.string().trim().max(200).default(''),
  company_id: z.number().int().positive().nullable().default(null),
  expense_ids: z.array(z.number().int().positive()).max(500),
})

export const ExpenseReportActionSchema = z.object({ reason: z.string().trim().max(2000).optional() })

const circuitOfReport = (row: ReportRow) => (row.circuit as CircuitState | null) ?? null

const findReport = (db: DbOrTx, id: number) =>
  db.select().from(expenseReports).where(eq(expenseReports.id, id)).limit(1).then(first)

/** The user's expenses a report may hold, as core reads them. */
const reportable = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({
      id: expenses.id,
      user_id: expenses.user_id,
      currency_code: expenses.currency_code,
      amount_exctax: expenses.amount_exctax,
      amount_inctax: expenses.amount_inctax,
      expense_report_id: expenses.expense_report_id,
    })
    .from(expenses)
    .where(inArray(expenses.id, [...ids, 0]))

/**
 * POST /bwapi/expense-reports and PUT /bwapi/expense-reports/{id}: the signed-in user's report of
 * their own expenses, in one currency, none in another report (core/expense planExpenseReport);
 * a report is changed only while a draft or refused (a refused one goes back to draft). Its
 * expenses are held by a conditional update, so an expense cannot land in two reports at once.
 */
export const saveExpenseReport = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  id: number | null,
  input: unknown,
): Answer<{ data: { id: number; code: string } }> => {
  const parsed = parseWith(ExpenseReportInputSchema, input)
  if (!parsed.ok) return parsed
  const existing = id === null ? undefined : await findReport(deps.db, id)
  if (id !== null && existing === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (existing !== undefined) {
    const editable = checkExpenseReportEditable(actor, {
      user_id: existing.user_id,
      status: existing.status as ExpenseReportStatus,
    })
    if (!editable.ok) return editable
  }
  const settings = await loadSettings(deps.db)
  const decimals = settings.formats.decimals
  const companyId =
    parsed.value.company_id ??
    existing?.company_id ??
    (
      await deps.db
        .select({ id: companies.id })
        .from(companies)
        .orderBy(asc(companies.id))
        .limit(1)
        .then(first)
    )?.id
  if (companyId === undefined)
    return err({ code: 'FORM_ERRORS', fields: { company_id: [{ code: 'FIELD_REQUIRED' }] } })
  const now = deps.clock.now()
  const saved = await writeOrRefuse(deps.db, async (tx) => {
    const rows = await reportable(tx, parsed.value.expense_ids)
    const plan = planExpenseReport(rows, parsed.value.expense_ids, actor.id, id, decimals)
    if (!plan.ok) return plan
    const exctax = toAmountString(
      rows
        .filter((r) => parsed.value.expense_ids.includes(r.id))
        .reduce((s, r) => s.plus(r.amount_exctax), dec(0)),
      decimals,
    )
    const values = {
      label: parsed.value.label,
      company_id: companyId,
      currency_code: plan.value.currency_code,
      amount_exctax: exctax,
      amount_inctax: plan.value.amount_inctax,
      expense_count: plan.value.expense_count,
      updated_at: now,
    }
    let reportId = id ?? 0
    let code = existing?.code ?? ''
    if (existing === undefined) {
      const numbered = await numberPiece(tx, 'expense_report', settings.formats.expense_report_number, now, {
        company_id: companyId,
        department_id: null,
      })
      if (!numbered.ok) return numbered
      code = numbered.value.code
      const [inserted] = await tx
        .insert(expenseReports)
        .values({ ...values, code, user_id: actor.id, status: 'draft', created_at: now })
        .returning({ id: expenseReports.id })
      reportId = inserted?.id ?? 0
    } else {
      const held = await tx
        .update(expenseReports)
        .set({ ...values, status: 'draft', circuit: null, lock_version: existing.lock_version + 1 })
        .where(
          and(eq(expenseReports.id, existing.id), eq(expenseReports.lock_version, existing.lock_version)),
        )
        .returning({ id: expenseReports.id })
      if (held.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
      // The expenses taken out are free again.
      await tx
        .update(expenses)
        .set({ expense_report_id: null, payment_status: 'no', updated_at: now })
        .where(eq(expenses.expense_report_id, existing.id))
    }
    const taken = await tx
      .update(expenses)
      .set({ expense_report_id: reportId, payment_status: 'pending', updated_at: now })
      .where(and(inArray(expenses.id, parsed.value.expense_ids), isNull(expenses.expense_report_id)))
      .returning({ id: expenses.id })
    if (taken.length !== parsed.value.expense_ids.length)
      return err({ code: 'ITEMS_ALREADY_PAID_OR_PENDING' } as DomainError)
    await writeTrace(tx, deps.clock, {
      action: existing === undefined ? 'create' : 'update',
      message: `Expense report ${code}: ${countOf(plan.value.expense_count, 'expense')}, ${plan.value.amount_inctax} ${plan.value.currency_code}`,
      model: 'expense_report',
      model_id: reportId,
      user_id: actor.id,
    })
    return ok({ id: reportId, code })
  })
  return saved.ok ? ok({ data: saved.value }) : saved
}

/** DELETE /bwapi/expense-reports/{id}: a draft or refused report of one's own; its expenses are free again. */
export const deleteExpenseReport = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  id: number,
): Answer<{ data: { id: number } }> => {
  const report = await findReport(deps.db, id)
  if (report === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const editable = checkExpenseReportEditable(actor, {
    user_id: report.user_id,
    status: report.status as ExpenseReportStatus,
  })
  if (!editable.ok) return editable
  const now = deps.clock.now()
  const done = await writeOrRefuse(deps.db, async (tx) => {
    await tx
      .update(expenses)
      .set({ expense_report_id: null, payment_status: 'no', updated_at: now })
      .where(eq(expenses.expense_report_id, id))
    const gone = await tx
      .delete(expenseReports)
      .where(and(eq(expenseReports.id, id), eq(expenseReports.lock_version, report.lock_version)))
      .returning({ id: expenseReports.id })
    if (gone.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    await writeTrace(tx, deps.clock, {
      action: 'delete',
      message: `Expense report ${report.code} deleted`,
      model: 'expense_report',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ id })
  })
  return done.ok ? ok({ data: done.value }) : done
}

/** What this user may do to the report now (core's expenseReportActionsFor). */
const actionsOf = (actor: ExpenseActor, report: ReportRow): ExpenseReportAction[] =>
  expenseReportActionsFor(actor, {
    user_id: report.user_id,
    status: report.status as ExpenseReportStatus,
    circuit: circuitOfReport(report),
  })

/**
 * POST /bwapi/expense-reports/{id}/{submit|withdraw|validate|refuse|reopen}: its employee submits it
 * to the expense reports' circuit (planned on its amount and company; validated at once when the
 * chart is empty) and withdraws it back to draft while no validator has decided, the current step's validators validate or refuse it (a reason is kept), its employee
 * reopens a refused one to change it. Paying it is the payment group's (paid and unpaid follow the
 * payment line). The report's version is checked, so two decisions at once cannot both apply.
 */
export const applyExpenseReportAction = async (
  deps: Deps,
  actor: ExpenseActor,
  id: number,
  action: string,
  input: unknown,
): Answer<{ data: { id: number; status: ExpenseReportStatus } }> => {
  if (!['submit', 'withdraw', 'validate', 'refuse', 'reopen'].includes(action))
    return err({ code: 'NOT_FOUND' })
  const act = action as ExpenseReportAction
  const parsed = ExpenseReportActionSchema.safeParse(input ?? {})
  if (!parsed.success) return err({ code: 'FORM_ERRORS', fields: { reason: [{ code: 'INVALID_VALUE' }] } })
  const report = await findReport(deps.db, id)
  if (
    report === undefined ||
    !mayReadExpenseReport(actor, { user_id: report.user_id, circuit: circuitOfReport(report) })
  )
    return err({ code: 'ITEM_NOT_FOUND' })
  const moved = expenseReportTransition(report.status as ExpenseReportStatus, act)
  if (!moved.ok) return moved
  let status = moved.value
  let circuit = circuitOfReport(report)
  const now = deps.clock.now()
  const allowed = checkExpenseReportActor(
    actor,
    { user_id: report.user_id, status: report.status as ExpenseReportStatus, circuit },
    act,
  )
  if (!allowed.ok) return allowed
  if (act === 'submit' || act === 'withdraw' || act === 'reopen') {
    if (act === 'submit') {
      const company = await deps.db
        .select({ code: companies.code })
        .from(companies)
        .where(eq(companies.id, report.company_id))
        .then(first)
      const planned = planCircuit(
        await loadChart(deps.db, 'expense_report'),
        { amount: report.amount_inctax, company: company?.code ?? null },
        await loadUsersByRole(deps.db),
      )
      if (!planned.ok) return planned
      circuit = startCircuit(planned.value)
      if (planned.value.length === 0) status = 'validated'
    } else circuit = null
  } else {
    if (circuit === null) return err({ code: 'NOT_CURRENT_VALIDATOR' })
    const delegations = await delegationsTo(deps.db, actor.id)
    const doc = { amount: report.amount_inctax, tags: [] }
    const decided =
      act === 'validate'
        ? validateStep(circuit, { login: actor.login }, doc, delegations, now)
        : refuseStep(circuit, { login: actor.login }, doc, delegations, now, parsed.data.reason ?? '')
    if (!decided.ok) return decided
    circuit = decided.value
    // A step validated with steps left keeps the report awaiting.
    if (act === 'validate' && !isComplete(circuit)) status = 'awaiting'
  }
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const held = await tx
      .update(expenseReports)
      .set({
        status,
        circuit,
        ...(status === 'validated'
          ? { validated_at: now }
          : status === 'draft'
            ? { validated_at: null }
            : {}),
        lock_version: report.lock_version + 1,
        updated_at: now,
      })
      .where(and(eq(expenseReports.id, id), eq(expenseReports.lock_version, report.lock_version)))
      .returning({ id: expenseReports.id })
    if (held.length === 0) return err({ code: 'DOCUMENT_CHANGED' } as DomainError)
    // Validated: its expenses are spent in their budgets, in the same transaction.
    if (status === 'validated') {
      const moved = await moveExpenseReportBudgets(tx, id, { now, user_id: actor.id })
      if (!moved.ok) return moved
    }
    await writeTrace(tx, deps.clock, {
      action: act,
      message: `Expense report ${report.code}: ${act}${act === 'refuse' && parsed.data.reason ? ` — ${parsed.data.reason}` : ''}`,
      model: 'expense_report',
      model_id: id,
      user_id: actor.id,
    })
    return ok(status)
  })
  if (!done.ok) return done
  await notifyActionsToDo(deps.db, deps.notifyUser, {
    // Withdrawn: who it waited on has one action less.
    logins:
      status === 'awaiting' && circuit !== null
        ? waitingOn(circuit)
        : act === 'withdraw'
          ? waitingOn(circuitOfReport(report) ?? { steps: [] })
          : [],
    ids: act === 'validate' || act === 'refuse' ? [report.user_id] : [],
  })
  return ok({ data: { id, status: done.value } })
}

/** GET /bwapi/expense-reports/{id}: the report, its expenses, circuit, payment and the actions this user may take. */
export const getExpenseReport = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  id: number,
  language: Language,
) => {
  const row = await deps.db
    .select({ report: expenseReports, user: users.label, company: companies.label })
    .from(expenseReports)
    .innerJoin(users, eq(expenseReports.user_id, users.id))
    .innerJoin(companies, eq(expenseReports.company_id, companies.id))
    .where(eq(expenseReports.id, id))
    .then(first)
  if (
    row === undefined ||
    !mayReadExpenseReport(actor, { user_id: row.report.user_id, circuit: circuitOfReport(row.report) })
  )
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  const circuit = circuitOfReport(row.report)
  const [items, payments] = await Promise.all([
    expensesOfReports(deps.db, [id]),
    deps.db
      .select({
        id: paymentLines.id,
        status: paymentLines.status,
        group: paymentGroups.code,
        group_id: paymentGroups.id,
      })
      .from(paymentLines)
      .innerJoin(paymentGroups, eq(paymentLines.payment_group_id, paymentGroups.id))
      .where(eq(paymentLines.expense_report_id, id))
      .orderBy(asc(paymentLines.id)),
  ])
  return ok({
    data: {
      ...row.report,
      user: row.user,
      company: row.company,
      created_at: row.report.created_at.toISOString(),
      updated_at: row.report.updated_at.toISOString(),
      waiting_on: circuit === null ? [] : waitingOn(circuit),
      names: await circuitNames(deps.db, circuit),
      actions: actionsOf(actor, row.report),
      editable: mayEditExpenseReport(actor, {
        user_id: row.report.user_id,
        status: row.report.status as ExpenseReportStatus,
      }),
      expenses: items.map(({ expense, type, type_code }) => ({
        id: expense.id,
        expense_date: expense.expense_date,
        type: expenseTypeIn({ code: type_code, label: type }, language).label,
        label: expense.label,
        distance: expense.distance,
        amount_exctax: expense.amount_exctax,
        amount_inctax: expense.amount_inctax,
        currency_code: expense.currency_code,
      })),
      payments,
      // Whether this reader may put it in a payment now (core expenseReportPayable).
      payable: expenseReportPayable(actor, {
        status: row.report.status as ExpenseReportStatus,
        payments,
      }),
    },
  })
}

export const EXPENSE_REPORT_SORTS = ['code', 'amount_inctax', 'created_at'] as const
export const EXPENSE_REPORT_FILTER_KINDS = {
  status: listFilter.oneOf(EXPENSE_REPORT_STATUSES),
  user_id: listFilter.id(),
}
export const EXPENSE_REPORT_QUERY_FILTERS = Object.keys(EXPENSE_REPORT_FILTER_KINDS)

/** Who sees which reports: their own, those whose circuit names them, all for who pays people. */
const visibleReports = (actor: ExpenseActor): SQL | undefined =>
  seesAllExpenses(actor)
    ? undefined
    : or(eq(expenseReports.user_id, actor.id), likeCi(jsonText(expenseReports.circuit), `%"${actor.login}"%`))

/** GET /bwapi/expense-reports: the reports this user may see, newest first, paged, sorted, filtered. */
export const listExpenseReports = async (
  deps: ExpenseDeps,
  actor: ExpenseActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  const parsed = parseListQuery(query, {
    sortable: EXPENSE_REPORT_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    filters: EXPENSE_REPORT_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: (SQL | undefined)[] = [visibleReports(actor)]
  where.push(
    everyWord(q.search, (pattern) =>
      or(likeCi(expenseReports.code, pattern), likeCi(expenseReports.label, pattern)),
    ),
  )
  if (q.filters.status !== undefined) where.push(eq(expenseReports.status, q.filters.status))
  if (q.filters.user_id !== undefined) where.push(eq(expenseReports.user_id, q.filters.user_id))
  const page = await readPage(deps.db, q, {
    table: expenseReports,
    id: expenseReports.id,
    where: and(...where),
    sort: { by: expenseReports[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      deps.db
        .select({ report: expenseReports, user: users.label })
        .from(expenseReports)
        .innerJoin(users, eq(expenseReports.user_id, users.id))
        .where(slice.where)
        .orderBy(...slice.orderBy)
        .limit(slice.limit)
        .offset(slice.offset),
  })
  if (!page.ok) return page
  return ok({
    data: page.value.rows.map(({ report, user }) => ({
      id: report.id,
      code: report.code,
      label: report.label,
      user,
      user_id: report.user_id,
      expense_count: report.expense_count,
      currency_code: report.currency_code,
      amount_inctax: report.amount_inctax,
      status: report.status,
      payment_date: report.payment_date,
      created_at: report.created_at.toISOString(),
      waiting_on: circuitOfReport(report) === null ? [] : waitingOn(circuitOfReport(report) as CircuitState),
    })),
    meta: page.value.meta,
  })
}

/** GET /bwapi/expense-reports/filter-list/{field}: statuses and employees. */
export const expenseReportFilterOptions = async (
  db: Db,
  actor: ExpenseActor,
  field: string,
  language: Language,
) => {
  if (field === 'status')
    return ok(
      EXPENSE_REPORT_STATUSES.map((value) => ({
        value,
        label: EXPENSE_REPORT_STATUS_LABELS[value][language],
      })),
    )
  if (field === 'user_id')
    return ok(
      (
        await db
          .selectDistinct({ id: users.id, label: users.label })
          .from(expenseReports)
          .innerJoin(users, eq(expenseReports.user_id, users.id))
          .where(visibleReports(actor))
          .orderBy(asc(users.label))
      ).map((u) => ({ value: String(u.id), label: u.label })),
    )
  return ok(null)
}
