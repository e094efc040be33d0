import type {
  BillableLineAnswer,
  InvoiceAnswer,
  InvoiceFormDataAnswer,
  InvoiceMatchAnswer,
} from '@procura/core/invoice'
export type BillableLine = BillableLineAnswer
export type EditedInvoice = InvoiceAnswer
export type InvoiceFormData = InvoiceFormDataAnswer
export type Match = InvoiceMatchAnswer
export type FreeLine = { label: string; amount_exctax: string; vat_rate: string }
