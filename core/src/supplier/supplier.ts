import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { LANGUAGES } from '../i18n/language'
import { checkImportHeader } from '../import'
import { dec, isDecimalString } from '../money/decimal'
import { PAYMENT_TYPES, PaymentTermSchema } from '../payment/payment-term'
import { type OrderActor, seesInternals } from '../purchase-order/access'
import { err, ok, type Result } from '../result'
import { duns, intraCommunityVat, siret } from '../validation/identifiers'

export const SUPPLIER_STATUSES = ['active', 'inactive', 'prospect'] as const

/** A free text, blank read as none. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((value) => (value === null || value === '' ? null : value))

const id = z.number().int().positive().nullable().default(null)

export const ACCOUNT_TYPES = ['iban', 'other'] as const
export const CONTACT_TYPES = [
  'commercial',
  'technical',
  'quality',
  'accounting',
  'logistics',
  'management',
] as const

const ceiling = z
  .string()
  .trim()
  .refine(isDecimalString, 'NOT_A_NUMBER')
  .refine((v) => !isDecimalString(v) || dec(v).gt(0), 'TOO_SMALL')
  .nullable()
  .default(null)

/**
 * A supplier as much as ordering needs (issue 5): identity, status, currency and the ceilings the
 * order validation checks (null: no maximum). Full supplier management extends this.
 */
export const SupplierInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(30)
      .regex(/^[A-Za-z0-9_.-]+$/, 'INVALID_VALUE'),
    company_name: z.string().trim().min(1).max(200),
    status: z.enum(SUPPLIER_STATUSES).default('active'),
    currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
    max_per_order: ceiling,
    max_per_year: ceiling,
    /** Printed on the orders it receives. */
    address: z.string().trim().max(500).nullable().default(null),
    intra_community_vat: z
      .string()
      .trim()
      .max(30)
      .nullable()
      .default(null)
      .superRefine((value, ctx) => {
        const issue = value === null || value === '' ? null : intraCommunityVat(value)
        if (issue !== null) ctx.addIssue({ code: 'custom', message: issue.code, params: issue.params })
      }),
    /** The French company identifier (14 digits, Luhn): e-invoices find their supplier by it. */
    siret: z
      .string()
      .trim()
      .max(20)
      .nullable()
      .default(null)
      .transform((value) => (value === null || value === '' ? null : value.replace(/\s/g, '')))
      .superRefine((value, ctx) => {
        const issue = value === null ? null : siret(value)
        if (issue !== null) ctx.addIssue({ code: 'custom', message: issue.code })
      }),
    /** Its code in accounting: its account is the export prefix and this code (core/accounting). */
    accounting_code: z
      .string()
      .trim()
      .toUpperCase()
      .max(20)
      .nullable()
      .default(null)
      .transform((value) => (value === null || value === '' ? null : value))
      .refine((value) => value === null || /^[0-9A-Z]+$/.test(value), 'INVALID_VALUE'),
    /** Printed on its orders; invoices' due dates follow it (core/payment). */
    payment_term: PaymentTermSchema.nullable().default(null),
    payment_type: z.enum(PAYMENT_TYPES).default('transfer'),
    client_number: text(50),
    /** Dun & Bradstreet's number: 9 digits, kept without dashes. */
    duns: text(20)
      .transform((value) => (value === null ? null : value.replace(/[\s-]/g, '')))
      .superRefine((value, ctx) => {
        const issue = value === null ? null : duns(value)
        if (issue !== null) ctx.addIssue({ code: 'custom', message: issue.code })
      }),
    account_type: z.enum(ACCOUNT_TYPES).default('iban'),
    contractual_status: text(100),
    qualification: text(100),
    group_id: id,
    manager_id: id,
    manage_shipping_date: z.boolean().default(false),
    manage_stock: z.boolean().default(false),
    po_informations: text(2000),
    punchout_url: text(500).refine((v) => v === null || /^https?:\/\/\S+$/.test(v), 'INVALID_URL'),
    website: text(500).refine((v) => v === null || /^https?:\/\/\S+$/.test(v), 'INVALID_URL'),
    activity_details: text(5000),
    tags: z.array(z.string().trim().min(1).max(50)).max(30).default([]),
    surveillance_min_amount: ceiling,
    /** The geographic sectors it works in and the families it serves (approval needs one of each). */
    sector_ids: z.array(z.number().int().positive()).max(200).default([]),
    family_ids: z.array(z.number().int().positive()).max(500).default([]),
    /** One of its families, shown first. */
    main_family_id: id,
  })
  .superRefine((value, ctx) => {
    if (value.main_family_id !== null && !value.family_ids.includes(value.main_family_id))
      ctx.addIssue({ code: 'custom', path: ['main_family_id'], message: 'NOT_IN_LIST' })
  })
export type SupplierInput = z.output<typeof SupplierInputSchema>

/** A contact orders are sent to, in its language. */
export const SupplierContactInputSchema = z
  .object({
    name: z.string().trim().min(1).max(150),
    /** At least one of e-mail, phone or mobile (spec §5); orders and the portal use the e-mail. */
    email: z
      .union([z.email(), z.literal('')])
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v)),
    language: z.enum(LANGUAGES).default('en'),
    main_order_contact: z.boolean().default(false),
    main_contact: z.boolean().default(false),
    main_billing_contact: z.boolean().default(false),
    phone: text(30),
    mobile: text(30),
    types: z.array(z.enum(CONTACT_TYPES)).max(CONTACT_TYPES.length).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.email === null && v.phone === null && v.mobile === null)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'CONTACT_NEEDS_A_WAY' })
  })
export type SupplierContactInput = z.output<typeof SupplierContactInputSchema>

/** Buyers and administrators create and edit suppliers; everyone signed in reads them. */
export const checkCanManageSuppliers = (actor: OrderActor): Result<void, DomainError> =>
  actor.buyer || actor.administrator === true ? ok(undefined) : err({ code: 'FORBIDDEN' })

/**
 * Who reads a supplier's record: the organisation's people, and that supplier's own contacts
 * (their company's record, nothing of other suppliers).
 */
export const canReadSupplier = (actor: OrderActor, supplierId: number): boolean =>
  seesInternals(actor) || (actor.supplier_ids ?? []).includes(supplierId)

/** What the organisation keeps to itself on a supplier's record: its ordering ceilings. */
export const SUPPLIER_INTERNAL_FIELDS = ['max_per_order', 'max_per_year'] as const

/** The record as this reader may see it: without the internal fields for the supplier's contact. */
export const supplierViewFor = <T extends Record<string, unknown>>(
  actor: OrderActor,
  record: T,
): Partial<T> =>
  seesInternals(actor)
    ? record
    : (Object.fromEntries(
        Object.entries(record).filter(
          ([key]) => !(SUPPLIER_INTERNAL_FIELDS as readonly string[]).includes(key),
        ),
      ) as Partial<T>)

/** The status a supplier has on a day: its forced status while in force, else the one people set. */
export const supplierStatusOn = (
  supplier: { status: string; forced_status: string | null; forced_status_date: string | null },
  today: string,
): string =>
  supplier.forced_status !== null &&
  supplier.forced_status_date !== null &&
  supplier.forced_status_date >= today
    ? supplier.forced_status
    : supplier.status

/** POST /bwapi/suppliers/{id}/force-status: a status held until a date (core approval `checkForcedStatusEnd`). */
export const ForcedStatusInputSchema = z.object({
  status: z.enum(['active', 'inactive']),
  until: z.iso.date(),
})

/** A geographic sector (a tree) and what it requires of the suppliers in it. */
export const SectorInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  parent_id: id,
  requires_siret: z.boolean().default(false),
  requires_duns: z.boolean().default(false),
  requires_intra_community_vat: z.boolean().default(false),
})

export const SupplierGroupInputSchema = z.object({ label: z.string().trim().min(1).max(100) })

export const FileCategoryInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  validator_role_id: id,
})

export const FileTypeInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  category_id: z.number().int().positive(),
  /** Valid this many months from its document date; none: without end. */
  duration_months: z.number().int().min(1).max(240).nullable().default(null),
  show_in_certification_chart: z.boolean().default(false),
  /** Approval needs a valid, validated file of this type. */
  required: z.boolean().default(false),
})

/** The fields sent with a supplier file (multipart): a type, or a category and a label (spec §5). */
export const SupplierFileInputSchema = z
  .object({
    type_id: z.coerce.number().int().positive().nullable().default(null),
    category_id: z.coerce.number().int().positive().nullable().default(null),
    label: text(200),
    document_date: z.iso.date(),
  })
  .superRefine((value, ctx) => {
    if (value.type_id !== null) return
    if (value.label === null) ctx.addIssue({ code: 'custom', path: ['label'], message: 'FIELD_REQUIRED' })
    if (value.category_id === null)
      ctx.addIssue({ code: 'custom', path: ['category_id'], message: 'FIELD_REQUIRED' })
  })

/** The columns of the suppliers import (and export), in order; `group` is a group's label. */
export const SUPPLIER_CSV_COLUMNS = [
  'id',
  'code',
  'company_name',
  'status',
  'currency_code',
  'max_per_order',
  'max_per_year',
  'address',
  'intra_community_vat',
  'siret',
  'duns',
  'accounting_code',
  'client_number',
  'website',
  'group',
] as const

/** A suppliers file's header: known columns, each once, with `id` and `code`. */
export const checkSupplierCsvHeader = (header: readonly string[]) =>
  checkImportHeader(header, SUPPLIER_CSV_COLUMNS, ['id', 'code'])

/** The columns of a contacts file: the supplier by its code, then the contact (flags as 1/0). */
export const CONTACT_CSV_COLUMNS = [
  'id',
  'supplier_code',
  'name',
  'email',
  'phone',
  'mobile',
  'language',
  'main_contact',
  'main_order_contact',
  'main_billing_contact',
] as const
