import { z } from 'zod'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** GET /bwapi/accounting-settings: the accounting export settings (administrators). */
export const AccountingSettingsAnswerSchema = z.looseObject({
  accounting: z.looseObject({
    export_prefix: z.string(),
    journal_code: z.string(),
    journal_label: z.string().nullable(),
    csv_separator: z.string(),
    csv_columns: z.array(z.string()),
  }),
  formats: z.looseObject({
    decimal_delimiter: z.string(),
    date_format: z.string(),
  }),
  prefix_locked: z.boolean(),
})
export type AccountingSettingsAnswer = z.infer<typeof AccountingSettingsAnswerSchema>

/** POST /bwapi/accounting-exports/check: what an export would take and the problems that would refuse it. */
export const AccountingCheckAnswerSchema = z.looseObject({
  count: z.number().int(),
  /** Paid payments the export also books, in the bank journal. */
  payment_count: z.number().int().optional(),
  problems: z.array(
    z.looseObject({
      code: z.string(),
      message: z.string(),
    }),
  ),
  invoices: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
      supplier: z.string(),
      invoice_date: z.string(),
      amount_inctax: z.string(),
      currency_code: z.string(),
      ok: z.boolean(),
    }),
  ),
})
export type AccountingCheckAnswer = z.infer<typeof AccountingCheckAnswerSchema>

/** A row of the accounting exports list. */
export const AccountingExportRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  company: z.string(),
  format: z.string(),
  status: z.string(),
  /** What the reader may do with it now (core allowedAccountingExportActions). */
  actions: z.array(z.enum(['download', 'cancel'])),
  up_to: z.string().nullable(),
  invoice_count: z.number().int(),
  payment_count: z.number().int(),
  debit_total: z.string(),
  credit_total: z.string(),
  file_name: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
})
export type AccountingExportRowAnswer = z.infer<typeof AccountingExportRowAnswerSchema>

/** POST /bwapi/accounting-exports: what the export booked. */
export const AccountingExportedAnswerSchema = z.looseObject({
  data: z.looseObject({
    invoice_count: z.number().int(),
    payment_count: z.number().int(),
    debit_total: z.string(),
  }),
})
export type AccountingExportedAnswer = z.infer<typeof AccountingExportedAnswerSchema>

/** A row of the accounting entries and VAT entries lists (the accounts an export books to). */
export const AccountingAccountAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  active: z.boolean(),
  product_family_id: z.number().int().nullable().optional(),
  family: z.string().nullable().optional(),
  is_default: z.boolean().optional(),
  vat_rate: z.string().optional(),
  vat_type: z.string().optional(),
  self_assessed_code: z.string().nullable().optional(),
})
export type AccountingAccountAnswer = z.infer<typeof AccountingAccountAnswerSchema>
