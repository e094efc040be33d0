import { z } from 'zod'

/** A code: letters, digits, "-", "_" and "." (no spaces), at most 30 characters. */
export const codeSchema = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9_.-]+$/, 'INVALID_VALUE')

export const CompanySchema = z.object({
  code: codeSchema,
  label: z.string().trim().min(1).max(150),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
  /** Its country (ISO 3166 alpha-2): where it is established, for its tax and payment files. */
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, 'INVALID_VALUE')
    .nullable()
    .default(null),
  /** Printed on its orders. */
  address: z.string().trim().max(500).nullable().default(null),
  vat_number: z.string().trim().max(30).nullable().default(null),
  /** Its SIREN (9 digits): e-invoices addressed to it are recognised by it (docs/domain/e-invoicing.md). */
  siren: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'INVALID_VALUE')
    .nullable()
    .default(null),
  active: z.boolean().default(true),
})
export type Company = z.output<typeof CompanySchema>

export const DepartmentSchema = z.object({
  code: codeSchema,
  label: z.string().trim().min(1).max(150),
  company_code: codeSchema,
  active: z.boolean().default(true),
})
export type Department = z.output<typeof DepartmentSchema>

const id = z.number().int().positive()
const label = z.string().trim().min(1).max(150)

/** A department as its admin list edits it (GET/POST /bwapi/departments, PUT /{id}). */
export const DepartmentInputSchema = z.object({
  code: codeSchema,
  label,
  company_id: id,
  /** Its e-invoicing routing code ("code routage"): an e-invoice addressed to it lands in its queue. */
  routing_code: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'INVALID_VALUE')
    .nullable()
    .default(null),
  active: z.boolean().default(true),
})

/** The three levels of the product classification (spec §2 product-family-types, -families, -subfamilies). */
export const ProductFamilyTypeInputSchema = z.object({
  code: codeSchema,
  label,
  active: z.boolean().default(true),
})
export const ProductFamilyInputSchema = z.object({
  code: codeSchema,
  label,
  product_family_type_id: id.nullable().default(null),
  active: z.boolean().default(true),
})
export const ProductSubfamilyInputSchema = z.object({
  code: codeSchema,
  label,
  product_family_id: id.nullable().default(null),
  active: z.boolean().default(true),
})
