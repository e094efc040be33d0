import { keyText, toUnits } from '@procura/core/budget'
import { isoDateIn } from '@procura/core/calendar'
import { asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db'
import {
  allocations,
  budgets,
  departments,
  expenseReports,
  fiscalPeriods,
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoices,
  suppliers,
  users,
} from '../db/schema'
import { moveExpenseReportBudgets, moveInvoiceBudgets, moveOrderBudgets } from '../services/budgets/documents'
import { writeTrace } from '../services/trace'

/** The demo's projects, each the orders of some suppliers, and its budget's room and overrun action. */
const PROJECTS = [
  { code: 'P-SAFETY', label: 'Site safety', suppliers: ['SAFEWORK'], room: '500', action: 'block' },
  {
    code: 'P-OFFICE',
    label: 'Office running',
    suppliers: ['OFFICEPRO', 'BUREAUPLUS'],
    room: '-1500',
    action: 'notify',
  },
  { code: 'P-SITE', label: 'Sites and facilities', suppliers: [], room: '20000', action: 'block' },
] as const

/**
 * The demo's budgets, after its year of history: three fiscal periods (last year, this year and
 * next, without budgets yet), allocation codes, the history's
 * order lines put on their projects, the ledger replayed through the same rules the services apply
 * (every validated order commits, every validated invoice spends, closings and cancellations
 * release), then each project's budget set from what it holds: Site safety blocks with 500 € left
 * (an order of more waits, refused), Office running notifies and is overrun by 1,500 €, the
 * Maintenance department has room.
 */
export const seedBudgets = async (db: Db, clock: Clock) => {
  const now = clock.now()
  const year = Number(isoDateIn(now).slice(0, 4))
  const stamp = { created_at: now, updated_at: now }
  // Next year's period is open too, so that next year's budgets can be generated from this one's.
  const [previous, current] = await db
    .insert(fiscalPeriods)
    .values(
      [year - 1, year, year + 1].map((y) => ({
        code: `FY${y}`,
        label: `FY ${y}`,
        starts_on: `${y}-01-01`,
        ends_on: `${y}-12-31`,
        ...stamp,
      })),
    )
    .returning({ id: fiscalPeriods.id })
  if (previous === undefined || current === undefined) return
  const [projects] = await Promise.all([
    db
      .insert(allocations)
      .values(PROJECTS.map((p) => ({ level: 1, code: p.code, label: p.label, ...stamp })))
      .returning({ id: allocations.id, code: allocations.code }),
    db.insert(allocations).values([
      { level: 3, code: 'N-GOODS', label: 'Goods', ...stamp },
      { level: 3, code: 'N-SERVICES', label: 'Services', ...stamp },
    ]),
  ])
  // The history's order lines go to the project of their supplier.
  for (const project of PROJECTS) {
    if (project.suppliers.length === 0) continue
    const ids = db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplier_id))
      .where(inArray(suppliers.code, [...project.suppliers]))
    await db
      .update(purchaseOrderLines)
      .set({ allocation1: project.code, allocation3: 'N-GOODS' })
      .where(inArray(purchaseOrderLines.purchase_order_id, ids))
  }
  const [owner, maintenance] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'finance'))
      .then((r) => r[0]?.id ?? null),
    db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.code, 'MAINT'))
      .then((r) => r[0]?.id),
  ])
  const key = (parts: { allocation1?: string; department_id?: number }) => ({
    company_id: null,
    department_id: parts.department_id ?? null,
    allocation1: parts.allocation1 ?? null,
    allocation2: null,
    allocation3: null,
    allocation4: null,
  })
  const budgetRows = [
    ...PROJECTS.flatMap((p) =>
      [previous.id, current.id].map((period) => ({
        fiscal_period_id: period,
        ...key({ allocation1: p.code }),
        label: `${p.label} ${period === current.id ? year : year - 1}`,
        overrun_action: p.action,
      })),
    ),
    ...(maintenance === undefined
      ? []
      : [
          {
            fiscal_period_id: current.id,
            ...key({ department_id: maintenance }),
            label: `Maintenance ${year}`,
            overrun_action: 'notify' as const,
          },
        ]),
  ]
  await db
    .insert(budgets)
    .values(
      budgetRows.map((b) => ({ ...b, key: keyText(b), amount: 0, owner_id: owner, tag: 'demo', ...stamp })),
    )
  // The ledger replayed, oldest first, never refused: what the history's documents hold.
  const replay = { now, user_id: null, control: false }
  const orders = await db
    .select({ id: purchaseOrders.id, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(isNotNull(purchaseOrders.validated_at))
    .orderBy(asc(purchaseOrders.validated_at))
  for (const order of orders)
    await db.transaction(async (tx) => {
      await moveOrderBudgets(tx, order.id, 'awaiting', 'validated', replay)
      await moveOrderBudgets(tx, order.id, 'validated', order.status, replay)
    })
  const invoices = await db
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(eq(supplierInvoices.status, 'validated'))
    .orderBy(asc(supplierInvoices.validated_at))
  for (const invoice of invoices)
    await db.transaction((tx) => moveInvoiceBudgets(tx, invoice.id, 'awaiting', 'validated', replay))
  // The travellers' validated expense reports spend their trips to the sites.
  const reports = await db
    .select({ id: expenseReports.id })
    .from(expenseReports)
    .where(inArray(expenseReports.status, ['validated', 'paid']))
    .orderBy(asc(expenseReports.validated_at))
  for (const report of reports) await db.transaction((tx) => moveExpenseReportBudgets(tx, report.id, replay))
  // Each budget set from what it holds: last year's at what was spent, this year's with its room.
  const room = (b: {
    fiscal_period_id: number
    allocation1: string | null
    department_id: number | null
  }) => {
    if (b.department_id !== null) return toUnits('25000')
    const project = PROJECTS.find((p) => p.code === b.allocation1)
    return b.fiscal_period_id === current.id && project !== undefined ? toUnits(project.room) : 0
  }
  for (const b of await db.select().from(budgets)) {
    const held = Number(b.reserved) + Number(b.committed) + Number(b.actual)
    // Last year's budgets of projects that spent nothing then are not kept.
    if (b.fiscal_period_id === previous.id && held === 0) {
      await db.delete(budgets).where(eq(budgets.id, b.id))
      continue
    }
    await db
      .update(budgets)
      .set({ amount: Math.max(held + room(b), 0) })
      .where(eq(budgets.id, b.id))
  }
  await writeTrace(db, clock, {
    action: 'seed',
    message: `Demo budgets seeded: ${budgetRows.length} budgets on ${projects.length} projects`,
    model: 'database',
  })
}
