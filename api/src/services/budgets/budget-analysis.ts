/** The budgets' analysis: consumption by key, period and level. */
import {
  available,
  type BudgetActor,
  budgetTaxFactor,
  canViewBudgets,
  consumedPercent,
  UNITS,
} from '@procura/core/budget'
import { type DomainError, formError } from '@procura/core/errors'
import { Dec, dec, toAmountString } from '@procura/core/money'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import {
  budgetMoves,
  budgets,
  companies,
  departments,
  fiscalPeriods,
  paymentLines,
  supplierInvoices,
  users,
} from '../../db/schema'
import { loadSettings } from '../settings'
import { balanceOf, defaultCurrency, named, type Row, view, visibleBudgets } from './budgets'

/**
 * GET /bwapi/budgets/analysis?fiscal_period_id=: each budget the reader may see against what holds
 * it — reserved, committed, invoiced and, of what was invoiced, what was paid (each invoice's
 * share in the budget times the part of the invoice paid) — with the totals. The period is the
 * one asked, else the one holding today, else the latest.
 */
type Analysis = {
  data: {
    fiscal_period: { id: number; label: string; starts_on: string; ends_on: string } | null
    fiscal_periods: { id: number; label: string }[]
    currency_code: string
    rows: (ReturnType<typeof view> & { paid: string; consumed_percent: number | null; link: string })[]
    totals: Record<'amount' | 'reserved' | 'committed' | 'actual' | 'paid' | 'available', string> | null
  }
}

export const budgetAnalysis = async (
  deps: { db: Db; clock: Clock },
  actor: BudgetActor,
  query: Record<string, string | undefined>,
): Promise<Result<Analysis, DomainError>> => {
  if (!canViewBudgets(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const periods = await deps.db.select().from(fiscalPeriods).orderBy(desc(fiscalPeriods.starts_on))
  const today = deps.clock.now().toISOString().slice(0, 10)
  const asked = query.fiscal_period_id === undefined ? null : Number(query.fiscal_period_id)
  if (asked !== null && !periods.some((p) => p.id === asked))
    return err(formError({ fiscal_period_id: [{ code: 'NOT_IN_LIST' }] }))
  const period =
    periods.find((p) => p.id === asked) ??
    periods.find((p) => p.starts_on <= today && today <= p.ends_on) ??
    periods[0]
  const [settings, currency] = await Promise.all([loadSettings(deps.db), defaultCurrency(deps.db)])
  const decimals = settings.formats.decimals
  if (period === undefined)
    return ok({
      data: { fiscal_period: null, fiscal_periods: [], currency_code: currency, rows: [], totals: null },
    })
  const rows = await deps.db
    .select(named())
    .from(budgets)
    .innerJoin(fiscalPeriods, eq(fiscalPeriods.id, budgets.fiscal_period_id))
    .leftJoin(users, eq(users.id, budgets.owner_id))
    .leftJoin(companies, eq(companies.id, budgets.company_id))
    .leftJoin(departments, eq(departments.id, budgets.department_id))
    .where(and(eq(budgets.fiscal_period_id, period.id), visibleBudgets(actor)))
    .orderBy(asc(budgets.key))
  const ids = rows.map((r) => r.budget.id)
  // What each invoice spent in each budget, and how much of each invoice was paid.
  const spent =
    ids.length === 0
      ? []
      : await deps.db
          .select({
            budget_id: budgetMoves.budget_id,
            invoice_id: budgetMoves.invoice_id,
            units: sql<string>`sum(${budgetMoves.units})`,
          })
          .from(budgetMoves)
          .where(and(inArray(budgetMoves.budget_id, ids), eq(budgetMoves.kind, 'actual')))
          .groupBy(budgetMoves.budget_id, budgetMoves.invoice_id)
  const invoiceIds = [...new Set(spent.flatMap((s) => (s.invoice_id === null ? [] : [s.invoice_id])))]
  const [invoiceRows, paidRows] =
    invoiceIds.length === 0
      ? [[], []]
      : await Promise.all([
          deps.db
            .select({ id: supplierInvoices.id, total: supplierInvoices.amount_inctax })
            .from(supplierInvoices)
            .where(inArray(supplierInvoices.id, invoiceIds)),
          deps.db
            .select({ id: paymentLines.supplier_invoice_id, amount: paymentLines.amount_inctax })
            .from(paymentLines)
            .where(
              and(inArray(paymentLines.supplier_invoice_id, invoiceIds), eq(paymentLines.status, 'paid')),
            ),
        ])
  const share = new Map(
    invoiceRows.map((i) => {
      const paid = paidRows.filter((p) => p.id === i.id).reduce((sum, p) => sum.plus(dec(p.amount)), dec(0))
      const total = dec(i.total)
      return [i.id, total.isZero() ? dec(0) : Dec.min(paid.div(total), 1)] as const
    }),
  )
  const paidUnits = (budgetId: number) =>
    spent
      .filter((s) => s.budget_id === budgetId && s.invoice_id !== null)
      .reduce((sum, s) => sum.plus(dec(String(s.units)).times(share.get(s.invoice_id ?? 0) ?? 0)), dec(0))
  // Kept excluding tax; read including it at the budget VAT rate when asked (?with_tax=1).
  const withTax = query.with_tax === '1'
  const factor = budgetTaxFactor(settings.prices.budget_vat_rate, withTax)
  const money = (units: ReturnType<typeof dec>) => toAmountString(units.div(UNITS).times(factor), decimals)
  const data = rows.map((r) => {
    const v = view(r.budget, decimals, currency, r, factor)
    const paid = paidUnits(r.budget.id)
    return {
      ...v,
      paid: money(paid),
      consumed_percent: consumedPercent(balanceOf(r.budget)),
      link: `/budgets/${r.budget.id}`,
    }
  })
  const total = (pick: (b: Row) => number) => money(dec(rows.reduce((sum, r) => sum + pick(r.budget), 0)))
  return ok({
    data: {
      fiscal_period: {
        id: period.id,
        label: period.label,
        starts_on: period.starts_on,
        ends_on: period.ends_on,
      },
      fiscal_periods: periods.map((p) => ({ id: p.id, label: p.label })),
      currency_code: currency,
      rows: data,
      totals: {
        amount: total((b) => Number(b.amount)),
        reserved: total((b) => Number(b.reserved)),
        committed: total((b) => Number(b.committed)),
        actual: total((b) => Number(b.actual)),
        paid: money(rows.reduce((sum, r) => sum.plus(paidUnits(r.budget.id)), dec(0))),
        available: total((b) => available(balanceOf(b))),
      },
    },
  })
}
