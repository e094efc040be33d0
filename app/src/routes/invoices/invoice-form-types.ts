/** What the invoice form reads from the API and keeps while it is filled in. */
export type BillableLine = {
  id: number
  purchase_order_id: number
  purchase_order_code: string
  position: number
  currency_code: string
  company_id: number
  label: string
  receipt_mode: 'quantity' | 'amount'
  unit_price_exctax: string
  vat_rate: string
  remaining_quantity: string
  remaining_exctax: string
  /** Billed beyond what is still received (goods sent back): what a return's credit note takes off. */
  returned_quantity?: string
  /** Editing: what this invoice bills on the line (its quantity, or its amount for a service). */
  billed_here?: string | null
}
/** The invoice being edited, as GET /bwapi/supplier-invoices/{id} reads it. */
export type EditedInvoice = {
  id: number
  code: string
  kind: string
  corrects_invoice_id: number | null
  label: string
  supplier_id: number
  company_id: number
  invoice_date: string
  due_date: string
  vat_type: string
  outside_eu: boolean
  amount_exctax: string
  payable_amount: string
  lines: {
    purchase_order_line_id: number | null
    label: string
    amount_exctax: string
    vat_rate: string
    rebill?: boolean
  }[]
}
export type InvoiceFormData = {
  /** The one order billed (from its page, or the order an e-invoice names), whose lines only are offered. */
  order: { id: number; code: string; supplier_id: number } | null
  /** For a credit note: the supplier's validated invoices it may correct. */
  correctable: { id: number; code: string; label: string }[]
  suppliers: { id: number; code: string; company_name: string; currency_code: string }[]
  companies: { id: number; code: string; label: string }[]
  vat_types: string[]
  lines: BillableLine[]
}
export type Match = {
  lines: { purchase_order_line_id: number | null; result: string; amount_exctax: string }[]
  amount_exctax: string
  amount_inctax: string
  payable_amount: string
  problems: { code: string; message: string }[]
}
export type FreeLine = { label: string; amount_exctax: string; vat_rate: string }
