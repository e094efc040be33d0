/** What the journals read: the invoices with their lines, the claimed payments, by batches. */
import { accountOfLine, type JournalInvoice, type JournalPayment } from '@procura/core/accounting'
import type { VatType } from '@procura/core/invoice'
import { bookingFactor } from '@procura/core/locale'
import { and, asc, eq, gt, inArray, max, type SQL } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db'
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
import { selectValues } from '../../db/values'
import { type Accounts, BATCH } from './exports'

/** An invoice as the journal's batch reads it: one array of values (selectValues), in this order. */
type InvoiceValues = [
  id: number,
  code: string,
  label: string,
  status: string,
  company_id: number,
  invoice_date: string,
  due_date: string,
  currency_code: string,
  exchange_rate: string,
  company_currency: string,
  vat_type: string,
  amount_inctax: string,
  payment_status: string,
  accounting_export_id: number | null,
  supplier_code: string | null,
  supplier_name: string,
]
type LineValues = [
  invoice: number,
  amount_exctax: string,
  vat_rate: string,
  accounting_entry_id: number | null,
  product_family_id: number | null,
]

/**
 * A batch of invoices with their lines (and the product family of each line's article), as the
 * journal reads them: rows read as arrays (selectValues), no object per row but the invoice's.
 */
export const journalBatch = async (
  db: Db,
  condition: SQL | undefined,
  afterId: number,
  accounts: Accounts,
) => {
  const rows = await selectValues<InvoiceValues>(
    db,
    db
      .select({
        id: supplierInvoices.id,
        code: supplierInvoices.code,
        label: supplierInvoices.label,
        status: supplierInvoices.status,
        company_id: supplierInvoices.company_id,
        invoice_date: supplierInvoices.invoice_date,
        due_date: supplierInvoices.due_date,
        currency_code: supplierInvoices.currency_code,
        exchange_rate: supplierInvoices.exchange_rate,
        company_currency: companies.currency_code,
        vat_type: supplierInvoices.vat_type,
        amount_inctax: supplierInvoices.amount_inctax,
        payment_status: supplierInvoices.payment_status,
        accounting_export_id: supplierInvoices.accounting_export_id,
        supplier_code: suppliers.accounting_code,
        supplier_name: suppliers.company_name,
      })
      .from(supplierInvoices)
      .innerJoin(suppliers, eq(supplierInvoices.supplier_id, suppliers.id))
      .innerJoin(companies, eq(supplierInvoices.company_id, companies.id))
      .where(and(condition, gt(supplierInvoices.id, afterId)))
      .orderBy(asc(supplierInvoices.id))
      .limit(BATCH),
  )
  const lines =
    rows.length === 0
      ? []
      : await selectValues<LineValues>(
          db,
          db
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
                rows.map((r) => Number(r[0])),
              ),
            )
            .orderBy(asc(supplierInvoiceLines.supplier_invoice_id), asc(supplierInvoiceLines.position)),
        )
  const linesOf = new Map<number, LineValues[]>()
  for (const line of lines) {
    const invoice = Number(line[0])
    const known = linesOf.get(invoice)
    if (known === undefined) linesOf.set(invoice, [line])
    else known.push(line)
  }
  // Fully paid invoices: the day of their last paid payment letters their supplier line.
  const paid = rows.filter((r) => r[12] === 'complete').map((r) => Number(r[0]))
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
  // Lines of the same expense entry and family resolve to the same account: resolved once.
  const accountOf = new Map<string, string | null>()
  return rows.map((values) => {
    const [
      id,
      code,
      label,
      status,
      company,
      invoice_date,
      due_date,
      currency_code,
      exchange_rate,
      company_currency,
    ] = values
    const row = {
      id: Number(id),
      code,
      label,
      status,
      company_id: Number(company),
      invoice_date,
      due_date,
      currency_code,
      company_currency,
      amount_inctax: values[11],
      accounting_export_id: values[13] === null ? null : Number(values[13]),
      supplier_name: values[15],
    }
    return {
      row,
      invoice: {
        id: row.id,
        code,
        label,
        invoice_date,
        due_date,
        currency_code,
        vat_type: values[10] as VatType,
        supplier: { code: values[14], name: values[15] },
        paid_on: paidOn.get(row.id) ?? null,
        // Another currency than its company's: booked in the company's at the invoice date's rates.
        booking:
          currency_code === company_currency
            ? null
            : {
                currency: company_currency,
                factor: bookingFactor(exchange_rate, accounts.rateOn(company_currency, invoice_date)),
              },
        lines: (linesOf.get(row.id) ?? []).map(([, amount_exctax, vat_rate, entry, family]) => {
          const key = `${entry ?? ''} ${family ?? ''}`
          let account = accountOf.get(key)
          if (account === undefined) {
            account = accountOfLine(
              {
                accounting_entry_id: entry === null ? null : Number(entry),
                product_family_id: family === null ? null : Number(family),
              },
              accounts.entries,
            )
            accountOf.set(key, account)
          }
          return {
            amount_exctax: String(amount_exctax),
            vat_rate: String(vat_rate),
            account,
            account_label: accounts.labels.get(account ?? '') ?? undefined,
          }
        }),
      } satisfies JournalInvoice,
    }
  })
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
