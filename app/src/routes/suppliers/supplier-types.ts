import { dataOf } from '@procura/core/answer'
import {
  checkCanManageSuppliers,
  type SupplierAnswer,
  SupplierAnswerSchema,
  type SupplierContactAnswer,
  type SupplierInput,
  SupplierInputSchema,
  type SupplierRowAnswer,
} from '@procura/core/supplier'
import { useAnswer } from '../../http/use-api'
import { useCurrentUser } from '../../session/session'

export type SupplierRow = SupplierRowAnswer
export type Contact = SupplierContactAnswer
/** GET /bwapi/suppliers/{id}: the record, its contacts, its sectors and families by name. */
export type Supplier = SupplierAnswer

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

/**
 * Whether the reader creates suppliers and keeps their reference tables (groups): core's rule
 * (buyers and administrators). What the reader may do to one supplier is its read's `actions`
 * (useSupplierActions).
 */
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

const SupplierActionsRead = dataOf(SupplierAnswerSchema.pick({ actions: true, refused_actions: true }))

/** What the reader may do to this supplier, as its read answers it (its policy): `may('edit')`. */
export const useSupplierActions = (supplierId: number) => {
  const answer = useAnswer(`/bwapi/suppliers/${supplierId}`, SupplierActionsRead)
  const actions = answer.data?.data.actions ?? []
  return {
    may: (action: string) => actions.includes(action),
    refused: answer.data?.data.refused_actions ?? [],
  }
}
