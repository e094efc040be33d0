/** The payment groups list. */
import type { Language } from '@procura/core/i18n'
import { columnsOf, filterOf, listFilter, PER_PAGE_OPTIONS, parseListQuery } from '@procura/core/list'
import { PAYMENT_GROUP_LIST, paymentGroupStatus, seesAllPayments } from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import {
  PAYMENT_LINE_STATUS_LABELS,
  PAYMENT_LINE_STATUSES,
  type PaymentLineStatus,
  statusLabel,
} from '@procura/core/status'
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import { everyWord, jsonText, likeCi } from '../../db/portable-sql'
import { companies, paymentGroups, paymentLines, users } from '../../db/schema'
import type { InvoiceDeps } from '../invoices/invoices'
import { inSlice, readPage } from '../list-page'
import { linesOfGroups } from './payment-group-read'

export const PAYMENT_GROUP_SORTS = ['code', 'payment_date', 'created_at', 'amount_inctax'] as const
const SORT_KINDS = {
  code: 'text',
  payment_date: 'text',
  created_at: 'date',
  amount_inctax: 'amount',
} as const
export const PAYMENT_GROUP_FILTER_KINDS = {
  company_id: listFilter.id(),
  currency_code: listFilter.code(),
  line_status: listFilter.oneOf(PAYMENT_LINE_STATUSES),
}
export const PAYMENT_GROUP_FILTERS = Object.keys(
  PAYMENT_GROUP_FILTER_KINDS,
) as (keyof typeof PAYMENT_GROUP_FILTER_KINDS)[]

/**
 * GET /bwapi/payment-groups?{query}: the groups, newest first, paged, sorted, searched by number
 * and filtered by company, currency and the status of their lines; each with its status (its
 * lines' when they share one, else mixed) and its number of lines.
 */
export const listPaymentGroups = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
) => {
  const parsed = parseListQuery(query, {
    sortable: PAYMENT_GROUP_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    filters: PAYMENT_GROUP_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = []
  // Who does not pay sees the groups whose circuit names them (to validate or refuse).
  if (!seesAllPayments(actor)) where.push(likeCi(jsonText(paymentGroups.circuit), `%"${actor.login}"%`))
  const search = everyWord(q.search, (pattern) => likeCi(paymentGroups.code, pattern))
  if (search !== undefined) where.push(search)
  const f = q.filters
  if (f.company_id !== undefined) where.push(eq(paymentGroups.company_id, f.company_id))
  if (f.currency_code !== undefined) where.push(eq(paymentGroups.currency_code, f.currency_code))
  if (f.line_status !== undefined)
    where.push(
      inArray(
        paymentGroups.id,
        deps.db
          .select({ id: paymentLines.payment_group_id })
          .from(paymentLines)
          .where(eq(paymentLines.status, f.line_status)),
      ),
    )
  const page = await readPage(deps.db, q, {
    table: paymentGroups,
    id: paymentGroups.id,
    where: and(...where),
    sort: { by: paymentGroups[q.sort], kind: SORT_KINDS[q.sort] },
    totals: {
      currency: paymentGroups.currency_code,
      amounts: { amount_inctax: paymentGroups.amount_inctax },
    },
    rows: (slice) =>
      inSlice(
        deps.db
          .select({ group: paymentGroups, company: companies.label, creator: users.label })
          .from(paymentGroups)
          .innerJoin(companies, eq(paymentGroups.company_id, companies.id))
          .innerJoin(users, eq(paymentGroups.created_by, users.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const lines = await linesOfGroups(
    deps.db,
    rows.map((r) => r.group.id),
  )
  return ok({
    data: rows.map(({ group, company, creator }) => {
      const own = lines.filter((l) => l.line.payment_group_id === group.id)
      return {
        id: group.id,
        code: group.code,
        payment_date: group.payment_date,
        company,
        currency_code: group.currency_code,
        amount_inctax: group.amount_inctax,
        status: paymentGroupStatus(own.map((l) => ({ status: l.line.status as PaymentLineStatus }))),
        line_count: own.length,
        suppliers: [...new Set(own.map((l) => l.supplier))],
        created_by: creator,
        created_at: group.created_at.toISOString(),
      }
    }),
    meta: page.value.meta,
  })
}

const t = (en: string, es: string, fr: string) => ({ en, es, fr })
const FILTERS: Record<(typeof PAYMENT_GROUP_FILTERS)[number], Record<Language, string>> = {
  company_id: t('Company', 'Empresa', 'Société'),
  currency_code: t('Currency', 'Moneda', 'Devise'),
  line_status: t('Payment status', 'Estado del pago', 'Statut du paiement'),
}

/** GET /bwapi/payment-groups/index: what the list screen needs to draw itself. */
export const paymentGroupsIndex = (language: Language) => ({
  title: t('Payments', 'Pagos', 'Paiements')[language],
  columns: columnsOf(PAYMENT_GROUP_LIST, language),
  filters: PAYMENT_GROUP_FILTERS.map((key) => filterOf(key, FILTERS[key][language])),
  bulk_actions: [],
  per_page_options: PER_PAGE_OPTIONS,
  default_sort: { sort: 'created_at', direction: 'desc' },
})

/** GET /bwapi/payment-groups/filter-list/{field}?search=: the options of one filter; null when unknown. */
export const paymentGroupFilterOptions = async (
  deps: InvoiceDeps,
  field: string,
  search: string,
  language: Language,
) => {
  const needle = search.trim().toLowerCase()
  const matching = (options: { value: string; label: string }[]) =>
    options.filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle))
  if (field === 'line_status')
    return matching(
      PAYMENT_LINE_STATUSES.map((value) => ({
        value,
        label: statusLabel(PAYMENT_LINE_STATUS_LABELS, value, language),
      })),
    )
  if (field === 'company_id')
    return matching(
      (await deps.db.select({ id: companies.id, label: companies.label }).from(companies)).map((c) => ({
        value: String(c.id),
        label: c.label,
      })),
    )
  if (field === 'currency_code')
    return matching(
      (await deps.db.selectDistinct({ code: paymentGroups.currency_code }).from(paymentGroups)).map((c) => ({
        value: c.code,
        label: c.code,
      })),
    )
  return null
}
