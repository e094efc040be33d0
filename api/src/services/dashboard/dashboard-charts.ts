/** The dashboard's charts: the distribution of orders and the comparison with the year before. */
import { addDays, addMonths, DISTRIBUTION_MONTHS, rollingMonths } from '@procura/core/calendar'
import {
  type Comparison,
  DISTRIBUTION_PARTS,
  type Distribution,
  largestParts,
  type Share,
} from '@procura/core/dashboard'
import { type Language, referenceLabel } from '@procura/core/i18n'
import { type Dec, dec } from '@procura/core/money'
import { type OrderActor, VALIDATED_STATUSES } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { and, eq, inArray } from 'drizzle-orm'
import { exactSum } from '../../db/capped-count'
import {
  articles,
  departments,
  orderFamilySums,
  orderSums,
  productFamilies,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../../db/schema'
import {
  type Answer,
  converter,
  type Deps,
  internal,
  ordersSeen,
  readsSums,
  refused,
  sumOf,
  today,
  validatedSums,
  validatedWithin,
} from './dashboard'

/**
 * GET /bwapi/dashboard/distribution: what was ordered over the last 3 months (the current month
 * and the two before: validated orders excl. tax), by product family of the lines' articles, by
 * supplier and by department; the largest parts and the rest as "others".
 */
export const distribution = async (
  deps: Deps,
  actor: OrderActor,
  language: Language = 'en',
): Answer<Distribution> => {
  if (!internal(actor)) return refused()
  const money = await converter(deps.db)
  const { from, to, months } = rollingMonths(today(deps), DISTRIBUTION_MONTHS)
  const seen = ordersSeen(deps, actor, validatedWithin(from, to))
  const sums = readsSums(deps, actor)
  const [families, bySupplier, byDepartment] = await Promise.all([
    sums
      ? deps.db
          .select({
            key: productFamilies.id,
            code: productFamilies.code,
            label: productFamilies.label,
            currency: orderFamilySums.currency_code,
            sum: sumOf(orderFamilySums.amount),
          })
          .from(orderFamilySums)
          .leftJoin(productFamilies, eq(productFamilies.id, orderFamilySums.family_id))
          .where(
            and(
              inArray(orderFamilySums.month, [...months]),
              inArray(orderFamilySums.status, [...VALIDATED_STATUSES]),
            ),
          )
          .groupBy(
            productFamilies.id,
            productFamilies.code,
            productFamilies.label,
            orderFamilySums.currency_code,
          )
      : deps.db
          .select({
            key: productFamilies.id,
            code: productFamilies.code,
            label: productFamilies.label,
            currency: purchaseOrders.currency_code,
            sum: exactSum(purchaseOrderLines.amount_exctax),
          })
          .from(purchaseOrderLines)
          .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchase_order_id))
          .leftJoin(articles, eq(articles.id, purchaseOrderLines.article_id))
          .leftJoin(productFamilies, eq(productFamilies.id, articles.product_family_id))
          .where(seen)
          .groupBy(
            productFamilies.id,
            productFamilies.code,
            productFamilies.label,
            purchaseOrders.currency_code,
          ),
    sums
      ? deps.db
          .select({
            key: suppliers.id,
            label: suppliers.company_name,
            currency: orderSums.currency_code,
            sum: sumOf(orderSums.amount),
          })
          .from(orderSums)
          .innerJoin(suppliers, eq(suppliers.id, orderSums.supplier_id))
          .where(validatedSums(months))
          .groupBy(suppliers.id, suppliers.company_name, orderSums.currency_code)
      : deps.db
          .select({
            key: suppliers.id,
            label: suppliers.company_name,
            currency: purchaseOrders.currency_code,
            sum: exactSum(purchaseOrders.amount_exctax),
          })
          .from(purchaseOrders)
          .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplier_id))
          .where(seen)
          .groupBy(suppliers.id, suppliers.company_name, purchaseOrders.currency_code),
    sums
      ? deps.db
          .select({
            key: departments.id,
            label: departments.label,
            currency: orderSums.currency_code,
            sum: sumOf(orderSums.amount),
          })
          .from(orderSums)
          .leftJoin(departments, eq(departments.id, orderSums.department_id))
          .where(validatedSums(months))
          .groupBy(departments.id, departments.label, orderSums.currency_code)
      : deps.db
          .select({
            key: departments.id,
            label: departments.label,
            currency: purchaseOrders.currency_code,
            sum: exactSum(purchaseOrders.amount_exctax),
          })
          .from(purchaseOrders)
          .leftJoin(departments, eq(departments.id, purchaseOrders.department_id))
          .where(seen)
          .groupBy(departments.id, departments.label, purchaseOrders.currency_code),
  ])
  const range = `created_from=${from}&created_to=${addDays(to, -1)}`
  const filtered = (field: string, id: number | null) => (id === null ? '' : `${field}=${id}&`)
  const parts = (
    rows: readonly { key: number | null; label: string | null; currency: string; sum: unknown }[],
    link: (key: number | null) => string | null,
  ): Share[] => {
    const byKey = new Map<string, { key: string; label: string; amount: Dec; id: number | null }>()
    for (const r of rows) {
      const key = r.key === null ? 'none' : String(r.key)
      const current = byKey.get(key)
      byKey.set(key, {
        key,
        label: r.label ?? '',
        id: r.key,
        amount: (current?.amount ?? dec(0)).plus(money.inBase(r.currency, r.sum)),
      })
    }
    return largestParts([...byKey.values()], DISTRIBUTION_PARTS, (amount) => ({
      key: 'others',
      label: '',
      id: null,
      amount,
    })).map((p) => ({
      key: p.key,
      label: p.label,
      amount: money.text(p.amount),
      link: p.key === 'others' ? null : link(p.id),
    }))
  }
  const total = bySupplier.reduce((t, r) => t.plus(money.inBase(r.currency, r.sum)), dec(0))
  return ok({
    data: {
      currency_code: money.base,
      from,
      to,
      total: money.text(total),
      // Each part leads to the period's orders of its family, supplier or department ("none": the period's).
      // The shipped families in the reader's language (as the catalogue and the order filters name them).
      family: parts(
        families.map((f) => ({
          ...f,
          label: f.label === null ? null : referenceLabel('family', f.code, f.label, language),
        })),
        (id) => `/purchase-orders?${filtered('product_family_id', id)}${range}`,
      ),
      supplier: parts(bySupplier, (id) => `/purchase-orders?${filtered('supplier_id', id)}${range}`),
      department: parts(byDepartment, (id) => `/purchase-orders?${filtered('department_id', id)}${range}`),
    },
  })
}

/**
 * GET /bwapi/dashboard/comparison: month by month over the comparison months (setting), what was
 * ordered (validated orders excl. tax) against the same month a year before.
 */
export const comparison = async (deps: Deps, actor: OrderActor): Answer<Comparison> => {
  if (!internal(actor)) return refused()
  const money = await converter(deps.db)
  const months = money.settings.misc.dashboard_comparison_months
  // One exact sum per month and currency, each month its own range on the validation date (an
  // index range), so that no engine-specific month function is needed.
  const keys = rollingMonths(today(deps), months).months
  const monthSum = async (month: string) => {
    const from = `${month}-01`
    const rows = await deps.db
      .select({ currency: purchaseOrders.currency_code, sum: exactSum(purchaseOrders.amount_exctax) })
      .from(purchaseOrders)
      .where(ordersSeen(deps, actor, validatedWithin(from, addMonths(from, 1))))
      .groupBy(purchaseOrders.currency_code)
    return rows.reduce((t, r) => t.plus(money.inBase(r.currency, r.sum)), dec(0))
  }
  const previousOf = (m: string) => `${Number(m.slice(0, 4)) - 1}${m.slice(4)}`
  const everyMonth = [...keys, ...keys.map(previousOf)]
  const kept = readsSums(deps, actor)
    ? await deps.db
        .select({ month: orderSums.month, currency: orderSums.currency_code, sum: sumOf(orderSums.amount) })
        .from(orderSums)
        .where(validatedSums(everyMonth))
        .groupBy(orderSums.month, orderSums.currency_code)
    : null
  const byMonth = async (month: string) =>
    kept === null
      ? monthSum(month)
      : kept
          .filter((r) => r.month === month)
          .reduce((t, r) => t.plus(money.inBase(r.currency, r.sum)), dec(0))
  const [now, before] = await Promise.all([
    Promise.all(keys.map(byMonth)),
    Promise.all(keys.map((m) => byMonth(previousOf(m)))),
  ])
  const a = new Map(keys.map((m, i) => [m, now[i] ?? dec(0)]))
  const b = new Map(keys.map((m, i) => [previousOf(m), before[i] ?? dec(0)]))
  const rows = keys.map((m) => {
    const previousMonth = previousOf(m)
    return {
      month: m,
      previous_month: previousMonth,
      current: money.text(a.get(m) ?? dec(0)),
      previous: money.text(b.get(previousMonth) ?? dec(0)),
      link: `/purchase-orders?created_from=${m}-01&created_to=${addDays(addMonths(`${m}-01`, 1), -1)}`,
    }
  })
  const sum = (m: Map<string, Dec>) => money.text([...m.values()].reduce((t, v) => t.plus(v), dec(0)))
  return ok({
    data: { currency_code: money.base, months: rows, current_total: sum(a), previous_total: sum(b) },
  })
}
