import { z } from 'zod'
import { NamedAnswerSchema } from '../answer'
import { DecimalString } from '../list/answers'
import { PAYMENT_TYPES } from '../payment/payment-term'
import { RefusedActionSchema } from '../policy/decisions'
import { ACCOUNT_TYPES, SUPPLIER_STATUSES } from './supplier'

/**
 * The suppliers' answers as the API declares them and the app types them (one schema for both
 * sides: the API's tests check every answer against it).
 */

const id = z.number().int()
const text = z.string().nullable()
const named = z.looseObject({ id, label: z.string() })

/** A row of the suppliers list. */
export const SupplierRowAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  company_name: z.string(),
  status: z.string(),
  currency_code: z.string(),
  /** The organisation's ceilings: absent for the supplier's own contacts. */
  max_per_order: DecimalString.nullable().optional(),
  max_per_year: DecimalString.nullable().optional(),
})
export type SupplierRowAnswer = z.infer<typeof SupplierRowAnswerSchema>

/** A contact of a supplier as its record lists it. */
export const SupplierContactAnswerSchema = z.looseObject({
  id,
  name: z.string(),
  email: text,
  language: z.string(),
  main_order_contact: z.boolean(),
  main_contact: z.boolean(),
  main_billing_contact: z.boolean(),
  phone: text,
  mobile: text,
  types: z.array(z.string()),
})
export type SupplierContactAnswer = z.infer<typeof SupplierContactAnswerSchema>

/** A payment term as a record reads it back (core/payment). */
const PaymentTermAnswer = z.looseObject({
  on_receipt: z.boolean(),
  days: z.number().int().int(),
  month_end: z.boolean(),
  fixed_day: z.number().int().nullable(),
  payment_deadline: z.number().int().nullable(),
})

/** GET /bwapi/suppliers/{id}: the record (every field its form edits), its contacts, its sectors and families by name. */
export const SupplierAnswerSchema = SupplierRowAnswerSchema.extend({
  status: z.enum(SUPPLIER_STATUSES),
  /** What its reader may do to it (its policy), and what is refused with why. */
  actions: z.array(z.string()),
  refused_actions: z.array(RefusedActionSchema),
  address: text,
  intra_community_vat: text,
  siret: text,
  accounting_code: text,
  payment_term: PaymentTermAnswer.nullable(),
  payment_type: z.enum(PAYMENT_TYPES),
  client_number: text,
  duns: text,
  account_type: z.enum(ACCOUNT_TYPES),
  contractual_status: text,
  qualification: text,
  group_id: id.nullable(),
  manager_id: id.nullable(),
  manage_shipping_date: z.boolean(),
  manage_stock: z.boolean(),
  po_informations: text,
  punchout_url: text,
  website: text,
  activity_details: text,
  tags: z.array(z.string()),
  surveillance_min_amount: DecimalString.nullable(),
  sector_ids: z.array(id),
  family_ids: z.array(id),
  main_family_id: id.nullable(),
  contacts: z.array(SupplierContactAnswerSchema),
  sectors: z.array(named),
  families: z.array(named),
  group: text,
  manager: text,
})
export type SupplierAnswer = z.infer<typeof SupplierAnswerSchema>

/** GET /bwapi/geographic-sectors: a sector, under its parent. */
export const SectorAnswerSchema = z.looseObject({ id, label: z.string(), parent_id: id.nullable() })

/** GET /bwapi/suppliers/{id}/files: a supplier's document with its state today. */
export const SupplierFileAnswerSchema = z.looseObject({
  id: z.number().int(),
  label: z.string().nullable(),
  type: z.string().nullable(),
  category: z.string(),
  validator_role: z.string().nullable(),
  document_date: z.string(),
  validity_date: z.string().nullable(),
  name: z.string(),
  size: z.number(),
  sent_by: z.string().nullable(),
  validated_at: z.string().nullable(),
  state: z.enum(['awaiting', 'valid', 'expiring', 'expired']),
})
export type SupplierFileAnswer = z.infer<typeof SupplierFileAnswerSchema>

/** GET /bwapi/supplier-file-types: a type of supplier document. */
export const SupplierFileTypeAnswerSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  category_id: z.number().int(),
  duration_months: z.number().int().nullable(),
  required: z.boolean(),
})
export type SupplierFileTypeAnswer = z.infer<typeof SupplierFileTypeAnswerSchema>

/** GET /bwapi/supplier-file-categories: a category of supplier documents. */
export const SupplierFileCategoryAnswerSchema = NamedAnswerSchema
export type SupplierFileCategoryAnswer = z.infer<typeof SupplierFileCategoryAnswerSchema>

/** GET …/bank-accounts: a bank account of a supplier, a company or a user. */
export const BankAccountAnswerSchema = z.looseObject({
  id: z.number().int(),
  account_number: z.string(),
  bic: z.string().nullable(),
  holder_name: z.string(),
  holder_country_code: z.string(),
  main: z.boolean(),
  status: z.string(),
  changed_by_label: z.string(),
  /** Its policy for the reader: edit, validate, remove; the refused ones with why (four eyes). */
  actions: z.array(z.string()),
  refused_actions: z.array(RefusedActionSchema),
  can_validate: z.boolean(),
  /** Other suppliers paid on this number: a fraud signal. */
  shared_with: z.array(z.string()).optional(),
})
export type BankAccountAnswer = z.infer<typeof BankAccountAnswerSchema>

/** POST …/bank-accounts: the account saved, and the other suppliers paid on its number. */
export const BankAccountSavedAnswerSchema = z.object({
  data: z.looseObject({
    id: z.number().int().int(),
    status: z.string(),
    shared_with: z.array(z.string()).optional(),
  }),
})
export type BankAccountSavedAnswer = z.infer<typeof BankAccountSavedAnswerSchema>

/** GET /bwapi/suppliers/{id}/approval: where the supplier's approval stands. */
export const SupplierApprovalAnswerSchema = z.looseObject({
  status: z.string(),
  approved_until: z.string().nullable(),
  forced_status: z.enum(['active', 'inactive']).nullable(),
  forced_status_date: z.string().nullable(),
  issues: z.array(
    z.looseObject({
      code: z.string(),
      message: z.string(),
    }),
  ),
  approver_roles: z.array(NamedAnswerSchema),
  may_approve: z.boolean(),
  approvals: z.array(
    z.looseObject({
      id: z.number().int(),
      user: z.string(),
      approved_on: z.string(),
      valid_until: z.string(),
    }),
  ),
  forced_status_max_days: z.number().int(),
})
export type SupplierApprovalAnswer = z.infer<typeof SupplierApprovalAnswerSchema>

/** POST …/approve: until when the supplier is approved. */
export const SupplierApprovedAnswerSchema = z.looseObject({
  data: z.looseObject({
    approved_until: z.string(),
  }),
})
export type SupplierApprovedAnswer = z.infer<typeof SupplierApprovedAnswerSchema>

/** GET /bwapi/suppliers/{id}/contracts: a contract with its notice deadline and state today. */
export const SupplierContractAnswerSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  reference: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  tacit_renewal: z.boolean(),
  notice_months: z.number().int(),
  amount_exctax: z.string().nullable(),
  notice_deadline: z.string().nullable(),
  state: z.enum(['active', 'notice_due', 'ended']),
  files: z.number().int(),
})
export type SupplierContractAnswer = z.infer<typeof SupplierContractAnswerSchema>
