import type { Language } from '@procura/core/i18n'
import { DISPUTE_STATUSES, INVOICE_STATUSES } from '@procura/core/invoice'
import { listFilter, listMeta, PER_PAGE_OPTIONS, parseListQuery } from '@procura/core/list'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { and, asc, desc, eq, or, type SQL } from 'drizzle-orm'
import { cappedCount } from '../../db/capped-count'
import { pageAfter, sortExpression } from '../../db/keyset'
import { likeCi } from '../../db/portable-sql'
import { supplierInvoices, suppliers } from '../../db/schema'
import { type InvoiceDeps, visibleInvoicesCondition } from './invoices'

export const INVOICE_SORTS = [
  'code',
  'invoice_date',
  'due_date',
  'created_at',
  'amount_inctax',
  'status',
] as const
const SORT_KINDS = {
  code: 'text',
  invoice_date: 'text',
  due_date: 'text',
  created_at: 'date',
  amount_inctax: 'amount',
  status: 'text',
} as const
export const INVOICE_FILTER_KINDS = {
  status: listFilter.oneOf(INVOICE_STATUSES),
  dispute_status: listFilter.oneOf(DISPUTE_STATUSES),
  payment_status: listFilter.oneOf(['no', 'partial', 'complete']),
  supplier_id: listFilter.id(),
}
export const INVOICE_FILTERS = Object.keys(INVOICE_FILTER_KINDS) as (keyof typeof INVOICE_FILTER_KINDS)[]

/** GET /bwapi/supplier-invoices?{query}: the invoices this user may see, one page (also by key). */
export const listInvoices = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
) => {
  if ((actor.supplier_ids ?? []).length > 0) return err({ code: 'FORBIDDEN' as const })
  const parsed = parseListQuery(query, {
    sortable: INVOICE_SORTS,
    defaultSort: 'created_at',
    pagedByKey: true,
    filters: INVOICE_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = []
  const visible = visibleInvoicesCondition(actor)
  if (visible !== undefined) where.push(visible)
  if (q.search !== null) {
    const pattern = `%${q.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
    const any = or(likeCi(supplierInvoices.code, pattern), likeCi(supplierInvoices.label, pattern))
    if (any !== undefined) where.push(any)
  }
  const f = q.filters
  if (f.status !== undefined) where.push(eq(supplierInvoices.status, f.status))
  if (f.dispute_status !== undefined) where.push(eq(supplierInvoices.dispute_status, f.dispute_status))
  if (f.payment_status !== undefined) where.push(eq(supplierInvoices.payment_status, f.payment_status))
  if (f.supplier_id !== undefined) where.push(eq(supplierInvoices.supplier_id, f.supplier_id))
  const condition = where.length === 0 ? undefined : and(...where)
  const sort = { column: supplierInvoices[q.sort], kind: SORT_KINDS[q.sort], direction: q.direction }
  const after = pageAfter(q.after, sort, { column: supplierInvoices.id, direction: 'desc' })
  if (!after.ok) return after
  const column = sortExpression(sort.column, sort.kind)
  const [rows, total] = await Promise.all([
    deps.db
      .select({ invoice: supplierInvoices, supplier: suppliers.company_name })
      .from(supplierInvoices)
      .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
      .where(and(condition, after.value))
      .orderBy(q.direction === 'asc' ? asc(column) : desc(column), desc(supplierInvoices.id))
      .limit(q.per_page)
      .offset(q.after === null ? (q.page - 1) * q.per_page : 0),
    cappedCount(deps.db, supplierInvoices, condition),
  ])
  const last = rows.length === q.per_page ? rows[rows.length - 1]?.invoice : undefined
  return ok({
    data: rows.map(({ invoice, supplier }) => ({
      id: invoice.id,
      code: invoice.code,
      label: invoice.label,
      supplier,
      status: invoice.status,
      payment_status: invoice.payment_status,
      dispute_status: invoice.dispute_status,
      invoice_date: invoice.invoice_date,
      due_date: invoice.due_date,
      currency_code: invoice.currency_code,
      amount_exctax: invoice.amount_exctax,
      amount_inctax: invoice.amount_inctax,
      created_at: invoice.created_at.toISOString(),
    })),
    meta: listMeta(total, q, last === undefined ? null : { value: last[q.sort], id: last.id }),
  })
}

const t = (en: string, es: string, fr: string) => ({ en, es, fr })
const COLUMNS: Record<(typeof INVOICE_SORTS)[number], Record<Language, string>> = {
  code: t('Piece number', 'Número de pieza', 'Numéro de pièce'),
  invoice_date: t('Invoice date', 'Fecha de factura', 'Date de facture'),
  due_date: t('Due date', 'Vencimiento', 'Échéance'),
  created_at: t('Captured', 'Registrada', 'Saisie'),
  amount_inctax: t('Amount incl. tax', 'Importe con IVA', 'Montant TTC'),
  status: t('Status', 'Estado', 'Statut'),
}
const FILTERS: Record<(typeof INVOICE_FILTERS)[number], Record<Language, string>> = {
  status: t('Status', 'Estado', 'Statut'),
  dispute_status: t('Dispute', 'Litigio', 'Litige'),
  payment_status: t('Payment', 'Pago', 'Paiement'),
  supplier_id: t('Supplier', 'Proveedor', 'Fournisseur'),
}

/** GET /bwapi/supplier-invoices/index */
export const invoicesIndex = (language: Language) => ({
  title: t('Supplier invoices', 'Facturas de proveedores', 'Factures fournisseurs')[language],
  columns: INVOICE_SORTS.map((key) => ({ key, label: COLUMNS[key][language], sortable: true })),
  filters: INVOICE_FILTERS.map((key) => ({ key, label: FILTERS[key][language] })),
  bulk_actions: [],
  per_page_options: PER_PAGE_OPTIONS,
  default_sort: { sort: 'created_at', direction: 'desc' },
})
