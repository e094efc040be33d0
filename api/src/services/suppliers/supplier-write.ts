/** Writing suppliers and their contacts. */
import { formError, parseWith } from '@procura/core/errors'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import {
  checkCanManageSuppliers,
  type SupplierContactInput,
  SupplierContactInputSchema,
  type SupplierInput,
  SupplierInputSchema,
} from '@procura/core/supplier'
import { and, count, eq, ne } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  currencies,
  geographicSectors,
  productFamilies,
  purchaseOrders,
  supplierContacts,
  supplierGroups,
  suppliers,
  users,
} from '../../db/schema'
import { writeTrace } from '../trace'
import { type Deps, missingId, ownColumns, type Refusal, supplierDecisions, writeLinks } from './suppliers'

/** The checks the schema cannot make: a unique code, a known currency, group, manager, sectors and families. */
const checkSupplierReferences = async (db: DbOrTx, input: SupplierInput, exceptId: number | null) => {
  const { code, currency_code: currency } = input
  const fields: Record<string, { code: 'NOT_UNIQUE' | 'NOT_IN_LIST' }[]> = {}
  const group =
    input.group_id === null
      ? null
      : await db
          .select({ id: supplierGroups.id })
          .from(supplierGroups)
          .where(eq(supplierGroups.id, input.group_id))
          .limit(1)
          .then(first)
  if (group === undefined) fields.group_id = [{ code: 'NOT_IN_LIST' }]
  const manager =
    input.manager_id === null
      ? null
      : await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, input.manager_id), eq(users.active, true)))
          .limit(1)
          .then(first)
  if (manager === undefined) fields.manager_id = [{ code: 'NOT_IN_LIST' }]
  if ((await missingId(db, geographicSectors, input.sector_ids)) !== null)
    fields.sector_ids = [{ code: 'NOT_IN_LIST' }]
  if ((await missingId(db, productFamilies, input.family_ids)) !== null)
    fields.family_ids = [{ code: 'NOT_IN_LIST' }]
  const taken = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      exceptId === null
        ? eq(suppliers.code, code)
        : and(eq(suppliers.code, code), ne(suppliers.id, exceptId)),
    )
    .limit(1)
    .then(first)
  const known = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.code, currency))
    .limit(1)
    .then(first)
  if (taken !== undefined) fields.code = [{ code: 'NOT_UNIQUE' }]
  if (known === undefined) fields.currency_code = [{ code: 'NOT_IN_LIST' }]
  return Object.keys(fields).length === 0 ? ok(undefined) : err(formError(fields))
}

/** POST /bwapi/suppliers (buyers and administrators). */
export const createSupplier = async (
  deps: Deps,
  actor: OrderActor,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageSuppliers(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(SupplierInputSchema, input)
  if (!parsed.ok) return parsed
  const references = await checkSupplierReferences(deps.db, parsed.value, null)
  if (!references.ok) return references
  const now = deps.clock.now()
  const id = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(suppliers)
      .values({ ...ownColumns(parsed.value), created_at: now, updated_at: now })
      .returning({ id: suppliers.id })
    const newId = inserted[0]?.id ?? 0
    await writeLinks(tx, newId, parsed.value)
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Supplier ${parsed.value.code} created`,
      model: 'supplier',
      model_id: newId,
      user_id: actor.id,
    })
    return newId
  })
  return ok({ data: { id } })
}

/** PUT /bwapi/suppliers/{id} */
export const updateSupplier = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, id), 'edit')
  if (!allowed.ok) return allowed
  const row = await deps.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1)
    .then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(SupplierInputSchema, input)
  if (!parsed.ok) return parsed
  const references = await checkSupplierReferences(deps.db, parsed.value, id)
  if (!references.ok) return references
  await deps.db.transaction(async (tx) => {
    await tx
      .update(suppliers)
      .set({ ...ownColumns(parsed.value), updated_at: deps.clock.now() })
      .where(eq(suppliers.id, id))
    await writeLinks(tx, id, parsed.value)
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Supplier ${parsed.value.code} updated`,
      model: 'supplier',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}

/** Writes a contact; the main, main order and main billing contacts are one each per supplier (setting one unsets the others). */
const saveContact = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  contactId: number | null,
  input: SupplierContactInput,
) =>
  deps.db.transaction(async (tx) => {
    // Each "main" role is one contact's: giving it to this one takes it from the others.
    for (const role of ['main_order_contact', 'main_contact', 'main_billing_contact'] as const)
      if (input[role])
        await tx
          .update(supplierContacts)
          .set({ [role]: false })
          .where(eq(supplierContacts.supplier_id, supplierId))
    let id = contactId
    if (id === null) {
      const inserted = await tx
        .insert(supplierContacts)
        .values({ ...input, supplier_id: supplierId })
        .returning({ id: supplierContacts.id })
      id = inserted[0]?.id ?? 0
    } else await tx.update(supplierContacts).set(input).where(eq(supplierContacts.id, id))
    await writeTrace(tx, deps.clock, {
      action: contactId === null ? 'create_contact' : 'update_contact',
      message: `Contact ${input.name} (${input.email ?? input.phone ?? input.mobile})`,
      model: 'supplier',
      model_id: supplierId,
      user_id: actor.id,
    })
    return id
  })

const findContact = (db: Db, supplierId: number, contactId: number) =>
  db
    .select()
    .from(supplierContacts)
    .where(and(eq(supplierContacts.id, contactId), eq(supplierContacts.supplier_id, supplierId)))
    .limit(1)
    .then(first)

/** POST /bwapi/suppliers/{id}/contacts, PUT /bwapi/suppliers/{id}/contacts/{contact} */
export const saveSupplierContact = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  contactId: number | null,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, supplierId), 'edit')
  if (!allowed.ok) return allowed
  const supplier = await deps.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId))
    .limit(1)
    .then(first)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (contactId !== null && (await findContact(deps.db, supplierId, contactId)) === undefined)
    return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(SupplierContactInputSchema, input)
  if (!parsed.ok) return parsed
  return ok({ data: { id: await saveContact(deps, actor, supplierId, contactId, parsed.value) } })
}

/** DELETE /bwapi/suppliers/{id}/contacts/{contact}: refused while an order names the contact. */
export const deleteSupplierContact = async (
  deps: Deps,
  actor: OrderActor,
  supplierId: number,
  contactId: number,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, supplierId), 'edit')
  if (!allowed.ok) return allowed
  const contact = await findContact(deps.db, supplierId, contactId)
  if (contact === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const used = await deps.db
    .select({ n: count() })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.supplier_contact_id, contactId))
    .limit(1)
    .then(first)
  if ((used?.n ?? 0) > 0) return err({ code: 'SUPPLIER_CONTACT_IN_USE' })
  await deps.db.transaction(async (tx) => {
    await tx.delete(supplierContacts).where(eq(supplierContacts.id, contactId))
    await writeTrace(tx, deps.clock, {
      action: 'delete_contact',
      message: `Contact ${contact.name} (${contact.email ?? contact.phone ?? contact.mobile}) removed`,
      model: 'supplier',
      model_id: supplierId,
      user_id: actor.id,
    })
  })
  return ok({ data: { id: contactId } })
}
