import type { PaymentTerm } from '@procura/core/payment'
import { checkCanManageSuppliers, type SupplierInput, SupplierInputSchema } from '@procura/core/supplier'
import { useCurrentUser } from '../../session/session'

export type SupplierRow = {
  id: number
  code: string
  company_name: string
  status: string
  currency_code: string
  max_per_order: string | null
  max_per_year: string | null
  address?: string | null
  intra_community_vat?: string | null
  siret?: string | null
  accounting_code?: string | null
  payment_term?: PaymentTerm | null
  payment_type?: 'none' | 'transfer'
}

export type Contact = {
  id: number
  name: string
  email: string | null
  language: string
  main_order_contact: boolean
  main_contact: boolean
  main_billing_contact: boolean
  phone: string | null
  mobile: string | null
  types: string[]
}

type Named = { id: number; label: string }

/** GET /bwapi/suppliers/{id}: the record, its contacts, its sectors and families by name. */
export type Supplier = SupplierRow &
  Omit<SupplierInput, 'payment_term'> & {
    payment_term: SupplierInput['payment_term']
    contacts: Contact[]
    sectors: Named[]
    families: Named[]
    group: string | null
    manager: string | null
  }

const FIELDS = Object.keys(SupplierInputSchema.shape) as (keyof SupplierInput)[]

/**
 * The whole record as the API takes it back: each tab edits some fields and sends them with the
 * others unchanged (a PUT replaces the record).
 */
export const recordOf = (supplier: Supplier | null): Record<string, unknown> =>
  supplier === null
    ? {}
    : Object.fromEntries(
        FIELDS.filter((key) => supplier[key] !== undefined).map((key) => [key, supplier[key]]),
      )

/** A text field's value, or null when blank. */
export const blank = (f: FormData, name: string) => {
  const value = String(f.get(name) ?? '').trim()
  return value === '' ? null : value
}

/** A chosen id (a picker's hidden input), or null. */
export const chosenId = (f: FormData, name: string) => {
  const value = blank(f, name)
  return value === null ? null : Number(value)
}

/** Whether the reader edits suppliers: core's rule (buyers and administrators). */
export const useMayManageSuppliers = () => {
  const user = useCurrentUser()
  return checkCanManageSuppliers({
    id: user.id,
    login: user.login,
    buyer: user.buyer === true,
    can_view_other_po: false,
    administrator: user.role === 'admin',
  }).ok
}
