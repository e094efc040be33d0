/** An expense report's actions: submit, withdraw, validate, refuse, reopen. */
import {
  isComplete,
  planCircuit,
  refuseStep,
  startCircuit,
  validateStep,
  waitingOn,
} from '@procura/core/circuit'
import type { DomainError } from '@procura/core/errors'
import {
  type ExpenseActor,
  type ExpenseReportAction,
  ExpenseReportActionSchema,
  type ExpenseReportStatus,
  expenseReportTransition,
  mayReadExpenseReport,
} from '@procura/core/expense'
import { guard } from '@procura/core/policy'
import { err, ok } from '@procura/core/result'
import { and, eq } from 'drizzle-orm'
import { first } from '../../db/first'
import { companies, expenseReports } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { moveExpenseReportBudgets } from '../budgets/documents'
import { noticesQueued, queueNotices } from '../notifications/notice-queue'
import { notifyActionsToDo } from '../notify'
import { delegationsTo, loadChart, loadUsersByRole } from '../purchase-orders/circuit'
import { writeTrace } from '../trace'
import type { Answer } from './expenses'
import { circuitOfReport, type Deps, findReport, reportDecisions } from './reports'

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
  const now = deps.clock.now()
  const allowed = guard(await reportDecisions(deps.db, actor, report, now), act)
  if (!allowed.ok) return allowed
  const moved = expenseReportTransition(report.status as ExpenseReportStatus, act)
  if (!moved.ok) return moved
  let status = moved.value
  let circuit = circuitOfReport(report)
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
    // The validators it now waits on are asked (mail with its decision links), once this commits.
    if (status === 'awaiting' && circuit !== null)
      await queueNotices(tx, now, [
        {
          type: 'validators',
          document: {
            model: 'expense_report',
            id,
            code: report.code,
            amount: report.amount_inctax,
            currency_code: report.currency_code,
          },
          logins: waitingOn(circuit),
          link_base: deps.linkBase ?? '',
        },
      ])
    return ok(status)
  })
  if (!done.ok) return done
  await noticesQueued(deps)
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
