import type { DomainError } from '@procura/core/errors'
import { actionsAnswerOf } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import {
  allowedSupplierActions,
  canReadSupplier,
  type SupplierInput,
  supplierViewFor,
} from '@procura/core/supplier'
import { and, asc, count, eq, inArray, ne, or } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { likeCi } from '../../db/portable-sql'
import {
  geographicSectors,
  productFamilies,
  purchaseOrders,
  roles,
  supplierApprovalRoles,
  supplierContacts,
  supplierFamilies,
  supplierGroups,
  supplierSectors,
  suppliers,
  users,
} from '../../db/schema'

export type Deps = { db: Db; clock: Clock }
export type Refusal<T> = Promise<Result<T, DomainError>>

/** The ids of the suppliers whose name or code holds a searched text (a list's search, as a subquery). */
export const suppliersMatching = (db: DbOrTx, pattern: string) =>
  db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(or(likeCi(suppliers.company_name, pattern), likeCi(suppliers.code, pattern)))

/** GET /bwapi/suppliers/{id}: the supplier and its contacts. */
export const getSupplier = async (db: Db, actor: OrderActor, id: number): Refusal<{ data: unknown }> => {
  if (!canReadSupplier(actor, id)) return err({ code: 'ITEM_NOT_FOUND' })
  const row = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1).then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const [contacts, links, group, manager] = await Promise.all([
    db
      .select()
      .from(supplierContacts)
      .where(eq(supplierContacts.supplier_id, id))
      .orderBy(asc(supplierContacts.name)),
    supplierLinks(db, id),
    row.group_id === null
      ? undefined
      : db
          .select({ label: supplierGroups.label })
          .from(supplierGroups)
          .where(eq(supplierGroups.id, row.group_id))
          .limit(1)
          .then(first),
    row.manager_id === null
      ? undefined
      : db
          .select({ label: users.label })
          .from(users)
          .where(eq(users.id, row.manager_id))
          .limit(1)
          .then(first),
  ])
  return ok({
    data: {
      ...supplierViewFor(actor, row),
      ...links,
      group: group?.label ?? null,
      manager: manager?.label ?? null,
      contacts,
      ...actionsAnswerOf(await supplierDecisions(db, actor, id)),
    },
  })
}

/** A supplier's sectors and families (the main one named), as its form edits them, with their labels. */
export const supplierLinks = async (db: DbOrTx, id: number) => {
  const [sectors, families] = await Promise.all([
    db
      .select({ id: supplierSectors.sector_id, label: geographicSectors.label })
      .from(supplierSectors)
      .innerJoin(geographicSectors, eq(geographicSectors.id, supplierSectors.sector_id))
      .where(eq(supplierSectors.supplier_id, id))
      .orderBy(asc(geographicSectors.label)),
    db
      .select({ id: supplierFamilies.family_id, label: productFamilies.label, main: supplierFamilies.main })
      .from(supplierFamilies)
      .innerJoin(productFamilies, eq(productFamilies.id, supplierFamilies.family_id))
      .where(eq(supplierFamilies.supplier_id, id))
      .orderBy(asc(productFamilies.label)),
  ])
  return {
    sector_ids: sectors.map((r) => r.id),
    family_ids: families.map((r) => r.id),
    main_family_id: families.find((r) => r.main)?.id ?? null,
    sectors: sectors.map(({ id, label }) => ({ id, label })),
    families: families.map(({ id, label }) => ({ id, label })),
  }
}

/** Replaces a supplier's sectors and families (inside the saving transaction). */
export const writeLinks = async (tx: DbOrTx, id: number, input: SupplierInput) => {
  await tx.delete(supplierSectors).where(eq(supplierSectors.supplier_id, id))
  await tx.delete(supplierFamilies).where(eq(supplierFamilies.supplier_id, id))
  const sectorIds = [...new Set(input.sector_ids)]
  const familyIds = [...new Set(input.family_ids)]
  if (sectorIds.length > 0)
    await tx.insert(supplierSectors).values(sectorIds.map((sector_id) => ({ supplier_id: id, sector_id })))
  if (familyIds.length > 0)
    await tx.insert(supplierFamilies).values(
      familyIds.map((family_id) => ({
        supplier_id: id,
        family_id,
        main: family_id === input.main_family_id,
      })),
    )
}

/** The supplier's own columns: the input without its links. */
export const ownColumns = ({
  sector_ids: _s,
  family_ids: _f,
  main_family_id: _m,
  ...columns
}: SupplierInput) => columns

/** GET /bwapi/suppliers/{id}/header: what the supplier page's header shows. */
export const supplierHeader = async (db: Db, actor: OrderActor, id: number): Refusal<{ data: unknown }> => {
  if (!canReadSupplier(actor, id)) return err({ code: 'ITEM_NOT_FOUND' })
  const row = await db
    .select({
      id: suppliers.id,
      code: suppliers.code,
      company_name: suppliers.company_name,
      status: suppliers.status,
      currency_code: suppliers.currency_code,
    })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1)
    .then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const orders = await db
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.supplier_id, id), ne(purchaseOrders.status, 'obsolete')))
    .limit(1)
    .then(first)
  return ok({ data: { ...row, orders: orders?.n ?? 0 } })
}

/** Which of the ids are missing from a table (answers the first missing one, or null). */
export const missingId = async (
  db: DbOrTx,
  table: typeof geographicSectors | typeof productFamilies,
  ids: number[],
) => {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return null
  const found = new Set(
    (await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id),
  )
  return wanted.find((id) => !found.has(id)) ?? null
}

/** The roles named to approve suppliers (none named: buyers and administrators approve). */
export const approverRoles = (db: DbOrTx) =>
  db
    .select({ id: roles.id, code: roles.code, label: roles.label })
    .from(supplierApprovalRoles)
    .innerJoin(roles, eq(roles.id, supplierApprovalRoles.role_id))
    .orderBy(roles.label)

/**
 * The supplier's actions policy for one person, with what it reads: the roles named to approve
 * suppliers and the person's role.
 */
export const supplierDecisions = async (db: DbOrTx, actor: OrderActor, supplierId: number) => {
  const [named, user] = await Promise.all([
    approverRoles(db),
    db.select({ role_id: users.role_id }).from(users).where(eq(users.id, actor.id)).limit(1).then(first),
  ])
  return allowedSupplierActions(actor, { id: supplierId }, { roles: named, role_id: user?.role_id ?? null })
}
