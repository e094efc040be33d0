import { z } from 'zod'
import { VAT_TYPES } from '../invoice/status'

/** An account number as accounting software takes it: digits and capitals, no spaces. */
const account = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{1,20}$/, 'INVALID_VALUE')

/**
 * An accounting entry (spec §3): an expense account, for a product family or as the default of
 * the lines no family names.
 */
export const AccountingEntryInputSchema = z.object({
  code: account,
  label: z.string().trim().min(1).max(200),
  product_family_id: z.number().int().positive().nullable().default(null),
  is_default: z.boolean().default(false),
})
export type AccountingEntryInput = z.output<typeof AccountingEntryInputSchema>

/**
 * An accounting VAT entry (spec §3): the deductible VAT account of a rate and VAT type, and for
 * reverse charge and intracommunity purchases the self-assessed (collected) account beside it.
 */
export const AccountingVatEntryInputSchema = z
  .object({
    code: account,
    label: z.string().trim().min(1).max(200),
    vat_rate: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,3})?$|^100$/, 'INVALID_VALUE'),
    vat_type: z.enum(VAT_TYPES),
    self_assessed_code: account.nullable().default(null),
  })
  .refine(
    (v) =>
      !(v.vat_type === 'intracommunity' || v.vat_type === 'reverse_charge') || v.self_assessed_code !== null,
    { message: 'REQUIRED', path: ['self_assessed_code'] },
  )
export type AccountingVatEntryInput = z.output<typeof AccountingVatEntryInputSchema>

/**
 * The expense account of an invoice line: the one chosen on the line, else its article's product
 * family's, else the default entry; null when none applies. Disabled entries are not offered.
 */
export const accountOfLine = (
  line: { accounting_entry_id: number | null; product_family_id: number | null },
  entries: readonly {
    id: number
    code: string
    product_family_id: number | null
    is_default: boolean
    active: boolean
  }[],
): string | null => {
  const active = entries.filter((e) => e.active)
  const chosen =
    line.accounting_entry_id === null ? undefined : active.find((e) => e.id === line.accounting_entry_id)
  const family =
    line.product_family_id === null
      ? undefined
      : active.find((e) => e.product_family_id === line.product_family_id)
  return (chosen ?? family ?? active.find((e) => e.is_default))?.code ?? null
}
