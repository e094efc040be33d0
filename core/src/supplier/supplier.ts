import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { LANGUAGES } from '../i18n/language'
import { dec, isDecimalString } from '../money/decimal'
import { PAYMENT_TYPES, PaymentTermSchema } from '../payment/payment-term'
import { type OrderActor, seesInternals } from '../purchase-order/access'
import { err, ok, type Result } from '../result'
import { intraCommunityVat, siret } from '../validation/identifiers'

export const SUPPLIER_STATUSES = ['active', 'inactive', 'prospect'] as const

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
export const SupplierInputSchema = z.object({
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
})
export type SupplierInput = z.output<typeof SupplierInputSchema>

/** A contact orders are sent to, in its language. */
export const SupplierContactInputSchema = z.object({
  name: z.string().trim().min(1).max(150),
  email: z.email(),
  language: z.enum(LANGUAGES).default('en'),
  main_order_contact: z.boolean().default(false),
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
