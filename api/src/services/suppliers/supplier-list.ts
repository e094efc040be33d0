/** The suppliers list: its index, filters and page. */
import { type Language, type ReferenceKind, referenceCodesNamed, referenceLabel } from '@procura/core/i18n'
import { columnsOf, filterOf, listFilter, PER_PAGE_OPTIONS, parseListQuery } from '@procura/core/list'
import { ok } from '@procura/core/result'
import { GENERIC_STATUS_LABELS, statusLabel } from '@procura/core/status'
import { SUPPLIER_LIST, SUPPLIER_STATUSES } from '@procura/core/supplier'
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../../db'
import { likeCi } from '../../db/portable-sql'
import {
  currencies,
  geographicSectors,
  productFamilies,
  supplierFamilies,
  supplierGroups,
  supplierSectors,
  suppliers,
  users,
} from '../../db/schema'
import { inSlice, readPage } from '../list-page'

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
    rows: (slice) => inSlice(db.select().from(suppliers).$dynamic(), slice),
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
