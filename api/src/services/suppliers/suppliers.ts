import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { type Language, type ReferenceKind, referenceCodesNamed, referenceLabel } from '@procura/core/i18n'
import { columnsOf, filterOf, listFilter, PER_PAGE_OPTIONS, parseListQuery } from '@procura/core/list'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { GENERIC_STATUS_LABELS, statusLabel } from '@procura/core/status'
import {
  canReadSupplier,
  checkCanManageSuppliers,
  SUPPLIER_LIST,
  SUPPLIER_STATUSES,
  type SupplierContactInput,
  SupplierContactInputSchema,
  type SupplierInput,
  SupplierInputSchema,
  supplierViewFor,
} from '@procura/core/supplier'
import { and, asc, count, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { likeCi } from '../../db/portable-sql'
import {
  currencies,
  geographicSectors,
  productFamilies,
  purchaseOrders,
  supplierContacts,
  supplierFamilies,
  supplierGroups,
  supplierSectors,
  suppliers,
  users,
} from '../../db/schema'
import { readPage } from '../list-page'
import { writeTrace } from '../trace'

type Deps = { db: Db; clock: Clock }
type Refusal<T> = Promise<Result<T, DomainError>>

export const SUPPLIER_SORTS = ['code', 'company_name', 'status', 'created_at'] as const
/** The suppliers list's filters, each with the kind of value it takes. */
export const SUPPLIER_FILTER_KINDS = {
  status: listFilter.oneOf(SUPPLIER_STATUSES),
  currency_code: listFilter.code(),
  group_id: listFilter.id(),
  manager_id: listFilter.id(),
  sector_id: listFilter.id(),
  family_id: listFilter.id(),
}
export const SUPPLIER_FILTERS = Object.keys(SUPPLIER_FILTER_KINDS) as (keyof typeof SUPPLIER_FILTER_KINDS)[]

const FILTER_LABELS = {
  status: { en: 'Status', es: 'Estado', fr: 'Statut' },
  currency_code: { en: 'Currency', es: 'Moneda', fr: 'Devise' },
  group_id: { en: 'Group', es: 'Grupo', fr: 'Groupe' },
  manager_id: { en: 'Manager', es: 'Responsable', fr: 'Responsable' },
  sector_id: { en: 'Geographic sector', es: 'Sector geográfico', fr: 'Secteur géographique' },
  family_id: { en: 'Product family', es: 'Familia de productos', fr: 'Famille de produits' },
} as const satisfies Record<keyof typeof SUPPLIER_FILTER_KINDS, Record<Language, string>>

/** The ids of the suppliers whose name or code holds a searched text (a list's search, as a subquery). */
export const suppliersMatching = (db: DbOrTx, pattern: string) =>
  db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(or(likeCi(suppliers.company_name, pattern), likeCi(suppliers.code, pattern)))

/** GET /bwapi/suppliers/index: what the list screen needs to draw itself. */
export const suppliersIndex = (language: Language) => ({
  title: SUPPLIER_LIST.title[language],
  columns: columnsOf(SUPPLIER_LIST, language),
  filters: SUPPLIER_FILTERS.map((key) => filterOf(key, FILTER_LABELS[key][language])),
  bulk_actions: [],
  per_page_options: PER_PAGE_OPTIONS,
  default_sort: { sort: SUPPLIER_LIST.defaultSort.key, direction: SUPPLIER_LIST.defaultSort.direction },
})

/** The rows of a table as options: by `value` (one id) or whose label (or code) holds the text. */
const optionsOf = async (
  db: Db,
  table: { id: SQLiteColumn; label: SQLiteColumn; code?: SQLiteColumn },
  needle: string,
  value: string | undefined,
  where?: SQL,
  /** Shipped reference data (product families) named in the reader's language. */
  named?: { kind: ReferenceKind; language: Language },
) => {
  const pattern = `%${needle.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
  const rows = await db
    .select({ id: table.id, label: table.label, ...(table.code === undefined ? {} : { code: table.code }) })
    .from(table.id.table as never)
    .where(
      and(
        value !== undefined && /^\d{1,15}$/.test(value)
          ? eq(table.id, Number(value))
          : or(
              likeCi(table.label, pattern),
              table.code === undefined ? undefined : likeCi(table.code, pattern),
              // Shipped reference data found by its name in the reader's language too.
              ...(named === undefined || table.code === undefined
                ? []
                : [inArray(table.code, referenceCodesNamed(named.kind, needle, named.language))]),
            ),
        where,
      ),
    )
    .orderBy(asc(table.label))
    .limit(50)
  return (rows as { id: number; label: string; code?: string }[]).map((r) => {
    const label = named === undefined ? r.label : referenceLabel(named.kind, r.code, r.label, named.language)
    return { value: String(r.id), label: r.code === undefined ? label : `${label} (${r.code})` }
  })
}

/**
 * GET /bwapi/suppliers/filter-list/{field}?search=&value=: the options of one filter (the record's
 * pickers ask the same: group, manager, sector, family); null when unknown.
 */
export const supplierFilterOptions = async (
  db: Db,
  field: string,
  search: string,
  language: Language,
  value?: string,
) => {
  const needle = search.trim().toLowerCase()
  if (field === 'group_id') return optionsOf(db, supplierGroups, needle, value)
  if (field === 'sector_id') return optionsOf(db, geographicSectors, needle, value)
  if (field === 'family_id')
    return optionsOf(db, productFamilies, needle, value, undefined, { kind: 'family', language })
  if (field === 'manager_id')
    return optionsOf(
      db,
      { id: users.id, label: users.label, code: users.login },
      needle,
      value,
      and(eq(users.active, true), eq(users.buyer, true)),
    )
  const matches = (o: { value: string; label: string }) =>
    needle === '' || `${o.label} ${o.value}`.toLowerCase().includes(needle)
  if (field === 'status')
    return SUPPLIER_STATUSES.map((value) => ({
      value,
      label: statusLabel(GENERIC_STATUS_LABELS, value, language),
    })).filter(matches)
  if (field === 'currency_code') {
    const rows = await db.select({ value: currencies.code, label: currencies.label }).from(currencies)
    return rows.map((r) => ({ value: r.value, label: `${r.label} (${r.value})` })).filter(matches)
  }
  return null
}

/** GET /bwapi/suppliers?{query}: one page of suppliers, searchable by code or name. */
export const listSuppliers = async (db: Db, query: Record<string, string | undefined>) => {
  const parsed = parseListQuery(query, {
    sortable: SUPPLIER_SORTS,
    defaultSort: 'company_name',
    filters: SUPPLIER_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = []
  if (q.search !== null) {
    const pattern = `%${q.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
    const search = or(likeCi(suppliers.code, pattern), likeCi(suppliers.company_name, pattern))
    if (search) where.push(search)
  }
  if (q.filters.status !== undefined) where.push(eq(suppliers.status, q.filters.status))
  if (q.filters.currency_code !== undefined) where.push(eq(suppliers.currency_code, q.filters.currency_code))
  if (q.filters.group_id !== undefined) where.push(eq(suppliers.group_id, q.filters.group_id))
  if (q.filters.manager_id !== undefined) where.push(eq(suppliers.manager_id, q.filters.manager_id))
  if (q.filters.sector_id !== undefined)
    where.push(
      inArray(
        suppliers.id,
        db
          .select({ id: supplierSectors.supplier_id })
          .from(supplierSectors)
          .where(eq(supplierSectors.sector_id, q.filters.sector_id)),
      ),
    )
  if (q.filters.family_id !== undefined)
    where.push(
      inArray(
        suppliers.id,
        db
          .select({ id: supplierFamilies.supplier_id })
          .from(supplierFamilies)
          .where(eq(supplierFamilies.family_id, q.filters.family_id)),
      ),
    )
  const page = await readPage(db, q, {
    table: suppliers,
    id: suppliers.id,
    idDirection: 'asc',
    where: and(...where),
    sort: { by: suppliers[q.sort] },
    rows: (slice) =>
      db
        .select()
        .from(suppliers)
        .where(slice.where)
        .orderBy(...slice.orderBy)
        .limit(slice.limit)
        .offset(slice.offset),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  return ok({
    data: rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
    meta: page.value.meta,
  })
}

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
const writeLinks = async (tx: DbOrTx, id: number, input: SupplierInput) => {
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
const ownColumns = ({ sector_ids: _s, family_ids: _f, main_family_id: _m, ...columns }: SupplierInput) =>
  columns

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
const missingId = async (
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
  const allowed = checkCanManageSuppliers(actor)
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
  const allowed = checkCanManageSuppliers(actor)
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
  const allowed = checkCanManageSuppliers(actor)
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
