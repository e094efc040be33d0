/** Writing expense reports: saving and deleting them. */
import { type DomainError, parseWith } from '@procura/core/errors'
import { type ExpenseActor, ExpenseReportInputSchema, planExpenseReport } from '@procura/core/expense'
import { countOf } from '@procura/core/format'
import { dec, toAmountString } from '@procura/core/money'
import { guard } from '@procura/core/policy'
import { err, ok } from '@procura/core/result'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { first } from '../../db/first'
import { companies, expenseReports, expenses } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { numberPiece } from '../numbering'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { Answer, ExpenseDeps } from './expenses'
import { findReport, reportable, reportDecisions } from './reports'

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
    const editable = guard(await reportDecisions(deps.db, actor, existing, deps.clock.now()), 'edit')
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
  const editable = guard(await reportDecisions(deps.db, actor, report, deps.clock.now()), 'edit')
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
