/** What the journals read: the invoices with their lines, the claimed payments, by batches. */
import { accountOfLine, type JournalInvoice, type JournalPayment } from '@procura/core/accounting'
import type { VatType } from '@procura/core/invoice'
import { bookingFactor } from '@procura/core/locale'
import { and, asc, eq, gt, inArray, max, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import {
  articles,
  companies,
  paymentGroups,
  paymentLines,
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoiceLines,
  supplierInvoices,
  suppliers,
} from '../../db/schema'
import { type Accounts, BATCH, invoiceColumns } from './exports'

/** A batch of invoices with their lines (and the product family of each line's article), as the journal reads them. */
export const journalBatch = async (
  db: DbOrTx,
  condition: SQL | undefined,
  afterId: number,
  accounts: Accounts,
) => {
  const rows = await db
    .select(invoiceColumns())
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
    .innerJoin(companies, eq(supplierInvoices.company_id, companies.id))
    .where(and(condition, gt(supplierInvoices.id, afterId)))
    .orderBy(asc(supplierInvoices.id))
    .limit(BATCH)
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            invoice: supplierInvoiceLines.supplier_invoice_id,
            amount_exctax: supplierInvoiceLines.amount_exctax,
            vat_rate: supplierInvoiceLines.vat_rate,
            accounting_entry_id: supplierInvoiceLines.accounting_entry_id,
            product_family_id: articles.product_family_id,
          })
          .from(supplierInvoiceLines)
          .leftJoin(
            purchaseOrderLines,
            eq(supplierInvoiceLines.purchase_order_line_id, purchaseOrderLines.id),
          )
          .leftJoin(articles, eq(purchaseOrderLines.article_id, articles.id))
          .where(
            inArray(
              supplierInvoiceLines.supplier_invoice_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(supplierInvoiceLines.supplier_invoice_id), asc(supplierInvoiceLines.position))
  const linesOf = new Map<number, typeof lines>()
  for (const line of lines) {
    const known = linesOf.get(line.invoice)
    if (known === undefined) linesOf.set(line.invoice, [line])
    else known.push(line)
  }
  // Fully paid invoices: the day of their last paid payment letters their supplier line.
  const paid = rows.filter((r) => r.payment_status === 'complete').map((r) => r.id)
  const paidOn = new Map(
    (paid.length === 0
      ? []
      : await db
          .select({ invoice: paymentLines.supplier_invoice_id, at: max(paymentLines.paid_at) })
          .from(paymentLines)
          .where(and(inArray(paymentLines.supplier_invoice_id, paid), eq(paymentLines.status, 'paid')))
          .groupBy(paymentLines.supplier_invoice_id)
    ).map((r) => [r.invoice, r.at === null ? null : new Date(r.at).toISOString().slice(0, 10)]),
  )
  return rows.map((row) => ({
    row,
    invoice: {
      id: row.id,
      code: row.code,
      label: row.label,
      invoice_date: row.invoice_date,
      due_date: row.due_date,
      currency_code: row.currency_code,
      vat_type: row.vat_type as VatType,
      supplier: { code: row.supplier_code, name: row.supplier_name },
      paid_on: paidOn.get(row.id) ?? null,
      // Another currency than its company's: booked in the company's at the invoice date's rates.
      booking:
        row.currency_code === row.company_currency
          ? null
          : {
              currency: row.company_currency,
              factor: bookingFactor(
                row.exchange_rate,
                accounts.rateOn(row.company_currency, row.invoice_date),
              ),
            },
      lines: (linesOf.get(row.id) ?? []).map((l) => {
        const account = accountOfLine(
          { accounting_entry_id: l.accounting_entry_id, product_family_id: l.product_family_id ?? null },
          accounts.entries,
        )
        return {
          amount_exctax: l.amount_exctax,
          vat_rate: l.vat_rate,
          account,
          account_label: accounts.labels.get(account ?? '') ?? undefined,
        }
      }),
    } satisfies JournalInvoice,
  }))
}

/** A batch of claimed payments, as the bank journal reads them. */
export const paymentBatch = async (
  db: DbOrTx,
  exportId: number,
  afterId: number,
): Promise<JournalPayment[]> => {
  const rows = await db
    .select({
      id: paymentLines.id,
      amount: paymentLines.amount_inctax,
      paid_at: paymentLines.paid_at,
      updated_at: paymentLines.updated_at,
      group_code: paymentGroups.code,
      supplier_code: suppliers.accounting_code,
      supplier_name: suppliers.company_name,
      invoice_code: supplierInvoices.code,
      invoice_label: supplierInvoices.label,
      invoice_date: supplierInvoices.invoice_date,
      order_code: purchaseOrders.code,
    })
    .from(paymentLines)
    .innerJoin(paymentGroups, eq(paymentLines.payment_group_id, paymentGroups.id))
    .innerJoin(suppliers, eq(paymentLines.supplier_id, suppliers.id))
    .leftJoin(supplierInvoices, eq(paymentLines.supplier_invoice_id, supplierInvoices.id))
    .leftJoin(purchaseOrders, eq(paymentLines.purchase_order_id, purchaseOrders.id))
    .where(and(eq(paymentLines.accounting_export_id, exportId), gt(paymentLines.id, afterId)))
    .orderBy(asc(paymentLines.id))
    .limit(BATCH)
  return rows.map((r) => ({
    id: r.id,
    group_code: r.group_code,
    paid_on: (r.paid_at ?? r.updated_at).toISOString().slice(0, 10),
    amount: r.amount,
    supplier: { code: r.supplier_code ?? '', name: r.supplier_name },
    invoice:
      r.invoice_code === null
        ? null
        : { code: r.invoice_code, label: r.invoice_label ?? '', invoice_date: r.invoice_date ?? '' },
    order_code: r.order_code,
  }))
}
