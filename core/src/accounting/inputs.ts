/** The inputs of accounting requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'
import { SettingsSchema } from '../settings/settings.schema'
import { ACCOUNTING_FORMATS } from './formats'

/** What the accounting export settings screen changes: the accounting group and two Formats. */
export const AccountingSettingsSchema = z.object({
  accounting: SettingsSchema.shape.accounting.unwrap().partial().optional(),
  formats: SettingsSchema.shape.formats
    .unwrap()
    .pick({ decimal_delimiter: true, date_format: true })
    .partial()
    .optional(),
})

export const AccountingExportInputSchema = z.object({
  company_id: z.number().int().positive(),
  /** The invoices dated up to this day (all validated, not exported, of the company); or… */
  up_to: z.iso.date().nullable().default(null),
  /** …exactly these invoices. */
  invoice_ids: z.array(z.number().int().positive()).max(100_000).nullable().default(null),
  format: z.enum(ACCOUNTING_FORMATS).default('csv'),
})
