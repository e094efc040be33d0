import type { Language } from '@procura/core/i18n'
import {
  canHandleInvoices,
  DISPUTE_STATUSES,
  INVOICE_KIND_LABELS,
  INVOICE_KINDS,
  INVOICE_LIST,
  INVOICE_STATUSES,
  type InvoiceKind,
  VAT_TYPES,
} from '@procura/core/invoice'
import {
  columnsOf,
  filterOf,
  listFilter,
  PER_PAGE_OPTIONS,
  parseListQuery,
  rangesOf,
} from '@procura/core/list'
import { dec, toAmountString } from '@procura/core/money'
import { type OrderActor, VALIDATED_STATUSES } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import {
  DISPUTE_STATUS_LABELS,
  GENERIC_STATUS_LABELS,
  PURCHASE_ORDER_PAYMENT_STATUS_LABELS,
  statusLabel,
} from '@procura/core/status'
import { and, asc, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import { first } from '../../db/first'
import { amountRange, isoDayRange } from '../../db/keyset'
import { everyWord, likeCi } from '../../db/portable-sql'
import {
  companies,
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoiceLines,
  supplierInvoices,
  suppliers,
} from '../../db/schema'
import { inSlice, readPage } from '../list-page'
import { orderFilterOptions } from '../purchase-orders/order-list'
import { loadSettings } from '../settings'
import { suppliersMatching } from '../suppliers/suppliers'
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
  kind: listFilter.oneOf(INVOICE_KINDS),
  // The ranges of core's INVOICE_LIST.
  invoice_date_from: listFilter.date(),
  invoice_date_to: listFilter.date(),
  due_date_from: listFilter.date(),
  due_date_to: listFilter.date(),
  amount_min: listFilter.decimal(),
  amount_max: listFilter.decimal(),
}
/** The filters the list's screen offers as choices (the ranges are drawn from the index's `ranges`). */
export const INVOICE_FILTERS = ['status', 'dispute_status', 'payment_status', 'supplier_id', 'kind'] as const
/** Every filter the list's query takes. */
export const INVOICE_QUERY_FILTERS = Object.keys(
  INVOICE_FILTER_KINDS,
) as (keyof typeof INVOICE_FILTER_KINDS)[]

/** GET /bwapi/supplier-invoices?{query}: the invoices this user may see, one page (also by key). */
export const listInvoices = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  /** An export reads every page: it needs neither the count nor the totals of each. `kind`: one kind only (the external charges' list). */
  options: { count?: boolean; kind?: InvoiceKind } = {},
) => {
  if ((actor.supplier_ids ?? []).length > 0) return err({ code: 'FORBIDDEN' as const })
  const parsed = parseListQuery(query, {
    sortable: INVOICE_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    pagedByKey: true,
    filters: INVOICE_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = []
  const visible = visibleInvoicesCondition(actor)
  if (visible !== undefined) where.push(visible)
  if (options.kind !== undefined) where.push(eq(supplierInvoices.kind, options.kind))
  // Each word in the number, the supplier's own number (label), the supplier's name or code.
  const search = everyWord(q.search, (pattern) =>
    or(
      likeCi(supplierInvoices.code, pattern),
      likeCi(supplierInvoices.label, pattern),
      inArray(supplierInvoices.supplier_id, suppliersMatching(deps.db, pattern)),
    ),
  )
  if (search !== undefined) where.push(search)
  const f = q.filters
  if (f.status !== undefined) where.push(eq(supplierInvoices.status, f.status))
  if (f.dispute_status !== undefined) where.push(eq(supplierInvoices.dispute_status, f.dispute_status))
  if (f.payment_status !== undefined) where.push(eq(supplierInvoices.payment_status, f.payment_status))
  if (f.supplier_id !== undefined) where.push(eq(supplierInvoices.supplier_id, f.supplier_id))
  if (f.kind !== undefined) where.push(eq(supplierInvoices.kind, f.kind))
  where.push(
    ...isoDayRange(supplierInvoices.invoice_date, f.invoice_date_from, f.invoice_date_to),
    ...isoDayRange(supplierInvoices.due_date, f.due_date_from, f.due_date_to),
    ...amountRange(supplierInvoices.amount_inctax, f.amount_min, f.amount_max),
  )
  const page = await readPage(deps.db, q, {
    table: supplierInvoices,
    id: supplierInvoices.id,
    where: and(...where),
    sort: { by: supplierInvoices[q.sort], kind: SORT_KINDS[q.sort] },
    counted: options.count !== false,
    totals: {
      currency: supplierInvoices.currency_code,
      amounts: {
        amount_exctax: supplierInvoices.amount_exctax,
        amount_inctax: supplierInvoices.amount_inctax,
      },
    },
    rows: (slice) =>
      inSlice(
        deps.db
          // Only what a row shows and the cursor reads (not the invoice's every column).
          .select({
            invoice: {
              id: supplierInvoices.id,
              code: supplierInvoices.code,
              label: supplierInvoices.label,
              kind: supplierInvoices.kind,
              status: supplierInvoices.status,
              payment_status: supplierInvoices.payment_status,
              dispute_status: supplierInvoices.dispute_status,
              invoice_date: supplierInvoices.invoice_date,
              due_date: supplierInvoices.due_date,
              currency_code: supplierInvoices.currency_code,
              amount_exctax: supplierInvoices.amount_exctax,
              amount_inctax: supplierInvoices.amount_inctax,
              created_at: supplierInvoices.created_at,
            },
            supplier: suppliers.company_name,
          })
          .from(supplierInvoices)
          .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
          .$dynamic(),
        slice,
      ),
    placeOf: (row) => ({ value: row.invoice[q.sort], id: row.invoice.id }),
  })
  if (!page.ok) return page
  return ok({
    data: page.value.rows.map(({ invoice, supplier }) => ({
      id: invoice.id,
      code: invoice.code,
      label: invoice.label,
      kind: invoice.kind,
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
    meta: page.value.meta,
  })
}

const t = (en: string, es: string, fr: string) => ({ en, es, fr })
const FILTERS: Record<(typeof INVOICE_FILTERS)[number], Record<Language, string>> = {
  status: t('Status', 'Estado', 'Statut'),
  dispute_status: t('Dispute', 'Litigio', 'Litige'),
  payment_status: t('Payment', 'Pago', 'Paiement'),
  supplier_id: t('Supplier', 'Proveedor', 'Fournisseur'),
  kind: t('Kind', 'Tipo', 'Nature'),
}

/** GET /bwapi/supplier-invoices/index */
export const invoicesIndex = (language: Language) => ({
  title: t('Supplier invoices', 'Facturas de proveedores', 'Factures fournisseurs')[language],
  columns: columnsOf(INVOICE_LIST, language),
  ranges: rangesOf(INVOICE_LIST, language),
  filters: INVOICE_FILTERS.map((key) => filterOf(key, FILTERS[key][language])),
  bulk_actions: [],
  per_page_options: PER_PAGE_OPTIONS,
  default_sort: { sort: 'created_at', direction: 'desc' },
})

/**
 * GET /bwapi/supplier-invoices/create-form?supplier_id=: what the invoice form offers — the
 * suppliers, companies and VAT types, and for the chosen supplier its validated orders' lines with
 * what is left to bill (received less billed, or ordered less billed, as the settings say).
 */
export const invoiceFormData = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  chosenSupplier: number | null,
  invoiceId: number | null = null,
  /** Billing one order (from its page, or the order an e-invoice names): its supplier, its lines only. */
  orderId: number | null = null,
  /**
   * A credit note: the lines offered are those billed (what it may credit), the invoice it corrects
   * narrowing them to that invoice's; the supplier's validated invoices are offered to correct.
   */
  credit: { corrects: number | null } | null = null,
) => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' as const })
  const order =
    orderId === null
      ? null
      : ((await deps.db
          .select({
            id: purchaseOrders.id,
            code: purchaseOrders.code,
            supplier_id: purchaseOrders.supplier_id,
          })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.id, orderId))
          .then(first)) ?? null)
  if (orderId !== null && order === null) return err({ code: 'ITEM_NOT_FOUND' as const })
  const supplierId = order?.supplier_id ?? chosenSupplier
  const settings = await loadSettings(deps.db)
  // Editing an invoice: its own lines stay offered, with what it billed given back to the remainder.
  const mine =
    invoiceId === null
      ? []
      : await deps.db
          .select({
            id: supplierInvoiceLines.purchase_order_line_id,
            quantity: supplierInvoiceLines.quantity,
            amount: supplierInvoiceLines.amount_exctax,
          })
          .from(supplierInvoiceLines)
          .where(eq(supplierInvoiceLines.supplier_invoice_id, invoiceId))
  const billedHere = new Map(mine.flatMap((m) => (m.id === null ? [] : [[m.id, m] as const])))
  const [supplierRows, companyRows, lines] = await Promise.all([
    deps.db
      .select({
        id: suppliers.id,
        code: suppliers.code,
        company_name: suppliers.company_name,
        currency_code: suppliers.currency_code,
      })
      .from(suppliers)
      .where(eq(suppliers.status, 'active'))
      .orderBy(asc(suppliers.company_name)),
    deps.db
      .select({ id: companies.id, code: companies.code, label: companies.label })
      .from(companies)
      .where(eq(companies.active, true)),
    supplierId === null
      ? []
      : deps.db
          .select({
            line: purchaseOrderLines,
            order: {
              id: purchaseOrders.id,
              code: purchaseOrders.code,
              currency_code: purchaseOrders.currency_code,
              company_id: purchaseOrders.company_id,
            },
          })
          .from(purchaseOrderLines)
          .innerJoin(purchaseOrders, eq(purchaseOrderLines.purchase_order_id, purchaseOrders.id))
          .where(
            and(
              eq(purchaseOrders.supplier_id, supplierId),
              order === null ? undefined : eq(purchaseOrders.id, order.id),
              inArray(purchaseOrders.status, [...VALIDATED_STATUSES]),
              or(
                credit === null
                  ? and(
                      ne(purchaseOrderLines.billing_status, 'complete'),
                      ne(purchaseOrderLines.billing_status, 'complete_more'),
                      ne(purchaseOrderLines.billing_status, 'complete_less'),
                    )
                  : and(
                      ne(purchaseOrderLines.billing_status, 'no'),
                      credit.corrects === null
                        ? undefined
                        : inArray(
                            purchaseOrderLines.id,
                            deps.db
                              .select({ id: supplierInvoiceLines.purchase_order_line_id })
                              .from(supplierInvoiceLines)
                              .where(eq(supplierInvoiceLines.supplier_invoice_id, credit.corrects)),
                          ),
                    ),
                billedHere.size === 0 ? undefined : inArray(purchaseOrderLines.id, [...billedHere.keys()]),
              ),
            ),
          )
          .orderBy(desc(purchaseOrders.id), asc(purchaseOrderLines.position))
          .limit(500),
  ])
  const decimals = settings.formats.decimals
  const correctable =
    credit === null || supplierId === null
      ? []
      : await deps.db
          .select({ id: supplierInvoices.id, code: supplierInvoices.code, label: supplierInvoices.label })
          .from(supplierInvoices)
          .where(
            and(
              eq(supplierInvoices.supplier_id, supplierId),
              eq(supplierInvoices.status, 'validated'),
              ne(supplierInvoices.kind, 'credit_note'),
            ),
          )
          .orderBy(desc(supplierInvoices.id))
          .limit(100)
  return ok({
    order,
    correctable,
    suppliers: supplierRows,
    companies: companyRows,
    vat_types: VAT_TYPES,
    bill_delivered_only: settings.prices.bill_delivered_only,
    lines: lines.map(({ line, order }) => {
      const here = billedHere.get(line.id)
      const base = settings.prices.bill_delivered_only ? line.delivered_amount_exctax : line.amount_exctax
      const left = dec(base)
        .minus(line.billed_amount_exctax)
        .plus(here?.amount ?? 0)
      const quantityBase = settings.prices.bill_delivered_only ? line.delivered_quantity : line.quantity
      const quantityLeft = dec(quantityBase)
        .minus(line.billed_quantity)
        .plus(here?.quantity ?? 0)
      return {
        id: line.id,
        purchase_order_id: order.id,
        purchase_order_code: order.code,
        currency_code: order.currency_code,
        company_id: order.company_id,
        position: line.position,
        label: line.label,
        receipt_mode: line.receipt_mode,
        unit_price_exctax: line.unit_price_exctax,
        vat_rate: line.vat_rate,
        ordered_quantity: line.quantity,
        delivered_quantity: line.delivered_quantity,
        billed_amount_exctax: line.billed_amount_exctax,
        remaining_quantity: quantityLeft.lt(0) ? '0' : quantityLeft.toString(),
        /** Billed beyond what is still received (goods sent back): what a return's credit note takes off. */
        returned_quantity: (() => {
          const returned = dec(line.billed_quantity).minus(line.delivered_quantity)
          return returned.gt(0) ? returned.toString() : '0'
        })(),
        remaining_exctax: toAmountString(left.lt(0) ? 0 : left, decimals),
        billed_here: here === undefined ? null : line.receipt_mode === 'amount' ? here.amount : here.quantity,
      }
    }),
  })
}

/** GET /bwapi/supplier-invoices/filter-list/{field}?search=: the options of one filter; null when unknown. */
export const invoiceFilterOptions = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  field: string,
  search: string,
  language: Language,
  value?: string,
) => {
  const needle = search.trim().toLowerCase()
  const matching = (options: { value: string; label: string }[]) =>
    options.filter((o) => needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle))
  if (field === 'status')
    return matching(
      INVOICE_STATUSES.map((value) => ({
        value,
        label: statusLabel(GENERIC_STATUS_LABELS, value, language),
      })),
    )
  if (field === 'dispute_status')
    return matching(
      DISPUTE_STATUSES.map((value) => ({
        value,
        label: statusLabel(DISPUTE_STATUS_LABELS, value, language),
      })),
    )
  if (field === 'payment_status')
    return matching(
      (['no', 'partial', 'complete'] as const).map((value) => ({
        value,
        label: statusLabel(PURCHASE_ORDER_PAYMENT_STATUS_LABELS, value, language),
      })),
    )
  if (field === 'supplier_id') return orderFilterOptions(deps, actor, field, search, language, value)
  if (field === 'kind')
    return matching(INVOICE_KINDS.map((value) => ({ value, label: INVOICE_KIND_LABELS[value][language] })))
  return null
}
