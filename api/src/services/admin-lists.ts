import { hasDuty } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import {
  CODE_LISTS,
  type CodeList,
  CompanySchema,
  codeListPath,
  codeListSchema,
  DepartmentInputSchema,
  ProductFamilyInputSchema,
  ProductFamilyTypeInputSchema,
  ProductSubfamilyInputSchema,
} from '@procura/core/organisation'
import type { OrderActor } from '@procura/core/purchase-order'
import { checkCompanyAllowed } from '@procura/core/settings'
import { and, count, eq, ne, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db, DbOrTx } from '../db'
import { containsPattern, jsonText, likeCi } from '../db/portable-sql'
import {
  accountingEntries,
  allocations,
  articles,
  bankAccounts,
  budgets,
  companies,
  departments,
  expenseReports,
  languages,
  needLines,
  productFamilies,
  productFamilyTypes,
  productSubfamilies,
  purchaseOrderLines,
  purchaseOrders,
  referenceCodes,
  supplierInvoices,
  suppliers,
  userAuthorizations,
} from '../db/schema'
import { ALLOCATIONS } from './budgets/references'
import type { ReferenceFile } from './imports/reference-files'
import { type ReferenceTable, stamped } from './reference-table'
import { loadSettings } from './settings'

/** Who administers the reference lists: administrators and who opens the admin menu. */
const administers = (actor: OrderActor) => actor.administrator === true || hasDuty(actor, 'admin_menu')

/**
 * How many rows name the row in any of these columns; a refusal naming that count when some do
 * (REFERENCE_IN_USE: "disable it instead"). Columns are functions: the engine's bindings are
 * swapped at start.
 */
const usedBy =
  (...columns: (() => SQLiteColumn)[]) =>
  async (db: DbOrTx, row: { id: number; label?: unknown }): Promise<DomainError | null> => {
    let n = 0
    for (const column of columns) {
      const c = column()
      n += Number((await db.select({ n: count() }).from(c.table).where(eq(c, row.id)))[0]?.n ?? 0)
    }
    return n === 0
      ? null
      : { code: 'REFERENCE_IN_USE', params: { label: String(row.label ?? row.id), count: n } }
  }

/**
 * The administration lists of spec §2 (each with {id}/disable, {id}/enable and {id}/delete),
 * declared once each: the generic mechanism (services/reference-table, routes/reference-routes,
 * the app's ReferenceTable) lists, creates, edits, disables and deletes them.
 */
export const COMPANIES: ReferenceTable<typeof CompanySchema> = {
  model: 'company',
  table: () => companies,
  schema: CompanySchema,
  may: administers,
  stamp: stamped,
  active: () => companies.active,
  // Without the multi-company module, one active company (core/settings checkCompanyAllowed).
  allowed: async (db, active, id) => {
    const others = await db
      .select({ n: count() })
      .from(companies)
      .where(and(eq(companies.active, true), id === null ? undefined : ne(companies.id, id)))
    const allowed = checkCompanyAllowed((await loadSettings(db)).modules, Number(others[0]?.n ?? 0), active)
    return allowed.ok ? null : allowed.error
  },
  inUse: usedBy(
    () => departments.company_id,
    () => purchaseOrders.company_id,
    () => supplierInvoices.company_id,
    () => budgets.company_id,
    () => expenseReports.company_id,
  ),
}

export const DEPARTMENTS: ReferenceTable<typeof DepartmentInputSchema> = {
  model: 'department',
  table: () => departments,
  schema: DepartmentInputSchema,
  may: administers,
  stamp: stamped,
  active: () => departments.active,
  check: async (db, input) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id)))
      .length === 0
      ? { company_id: [{ code: 'NOT_IN_LIST' }] }
      : null,
  inUse: usedBy(
    () => purchaseOrders.department_id,
    () => supplierInvoices.department_id,
    () => budgets.department_id,
  ),
}

export const PRODUCT_FAMILY_TYPES: ReferenceTable<typeof ProductFamilyTypeInputSchema> = {
  model: 'product_family_type',
  table: () => productFamilyTypes,
  schema: ProductFamilyTypeInputSchema,
  may: administers,
  active: () => productFamilyTypes.active,
  inUse: usedBy(() => productFamilies.product_family_type_id),
}

export const PRODUCT_FAMILIES: ReferenceTable<typeof ProductFamilyInputSchema> = {
  model: 'product_family',
  table: () => productFamilies,
  schema: ProductFamilyInputSchema,
  may: administers,
  active: () => productFamilies.active,
  check: async (db, input) =>
    input.product_family_type_id !== null &&
    (
      await db
        .select({ id: productFamilyTypes.id })
        .from(productFamilyTypes)
        .where(eq(productFamilyTypes.id, input.product_family_type_id))
    ).length === 0
      ? { product_family_type_id: [{ code: 'NOT_IN_LIST' }] }
      : null,
  inUse: usedBy(
    () => productSubfamilies.product_family_id,
    () => articles.product_family_id,
    () => accountingEntries.product_family_id,
  ),
}

export const PRODUCT_SUBFAMILIES: ReferenceTable<typeof ProductSubfamilyInputSchema> = {
  model: 'product_subfamily',
  table: () => productSubfamilies,
  schema: ProductSubfamilyInputSchema,
  may: administers,
  active: () => productSubfamilies.active,
  check: async (db, input) =>
    input.product_family_id !== null &&
    (
      await db
        .select({ id: productFamilies.id })
        .from(productFamilies)
        .where(eq(productFamilies.id, input.product_family_id))
    ).length === 0
      ? { product_family_id: [{ code: 'NOT_IN_LIST' }] }
      : null,
  inUse: usedBy(() => articles.product_subfamily_id),
}

/** How many rows hold the row's code in these text columns, or in these JSON lists of codes. */
const usedByCode =
  (columns: (() => SQLiteColumn)[], lists: (() => SQLiteColumn)[] = [], where?: () => SQL) =>
  async (db: DbOrTx, row: { code?: unknown; label?: unknown; id: number }): Promise<DomainError | null> => {
    const code = String(row.code)
    let n = 0
    for (const column of columns) {
      const c = column()
      n += Number(
        (
          await db
            .select({ n: count() })
            .from(c.table)
            .where(and(eq(c, code), where?.()))
        )[0]?.n ?? 0,
      )
    }
    for (const column of lists) {
      const c = column()
      n += Number(
        (
          await db
            .select({ n: count() })
            .from(c.table)
            .where(likeCi(jsonText(c), containsPattern(`"${code}"`)))
        )[0]?.n ?? 0,
      )
    }
    return n === 0
      ? null
      : { code: 'REFERENCE_IN_USE', params: { label: String(row.label ?? row.id), count: n } }
  }

/** Where each code list's codes are kept on documents and records (a used code is disabled, not deleted). */
const CODE_USES: Readonly<Record<CodeList, ReturnType<typeof usedByCode> | undefined>> = {
  region: undefined,
  request_type: usedByCode([() => userAuthorizations.value_code], [], () =>
    eq(userAuthorizations.dimension, 'request_type'),
  ),
  country: usedByCode([() => bankAccounts.holder_country_code, () => languages.country_code]),
  incoterm: undefined,
  unit: usedByCode([() => purchaseOrderLines.unit, () => needLines.unit]),
  purchase_type: usedByCode([() => purchaseOrders.purchase_type]),
  tag: usedByCode([], [() => purchaseOrders.tags, () => suppliers.tags]),
}

/** One code list (core CODE_LISTS) of the one `reference_codes` table, by its position then label. */
export const codeList = (list: CodeList): ReferenceTable<ReturnType<typeof codeListSchema>> => ({
  model: list,
  table: () => referenceCodes,
  schema: codeListSchema(list),
  may: administers,
  stamp: stamped,
  active: () => referenceCodes.active,
  scope: { column: () => referenceCodes.list, value: list },
  sort: () => referenceCodes.position,
  ...(CODE_USES[list] === undefined ? {} : { inUse: CODE_USES[list] }),
})

/** code → id of a table's rows (a file names rows by code). */
const codesOf = (table: () => SQLiteTable & { id: SQLiteColumn; code: SQLiteColumn }) => async (db: Db) =>
  new Map(
    (
      (await db.select({ id: table().id, code: table().code }).from(table() as never)) as {
        id: number
        code: string
      }[]
    ).map((r) => [r.code, r.id]),
  )

/**
 * The lists that are files too (`procura import|export <kind>`, POST /bwapi/<kind>/import, GET
 * /bwapi/<kind>/file). Fiscal periods are not: that they never overlap is checked on the screen.
 */
export const REFERENCE_FILES: readonly ReferenceFile[] = [
  { kind: 'companies', spec: COMPANIES },
  {
    kind: 'departments',
    spec: DEPARTMENTS,
    links: [{ field: 'company_id', codes: codesOf(() => companies) }],
  },
  {
    kind: 'allocations',
    spec: ALLOCATIONS,
    keys: ['level', 'code'],
    links: [
      {
        field: 'parent_id',
        codes: async (db) =>
          new Map((await db.select().from(allocations)).map((a) => [`${a.level}|${a.code}`, a.id] as const)),
        key: (cells, value) => `${Number(cells.level) - 1}|${value}`,
      },
    ],
  },
  { kind: 'product-family-types', spec: PRODUCT_FAMILY_TYPES },
  {
    kind: 'product-families',
    spec: PRODUCT_FAMILIES,
    links: [{ field: 'product_family_type_id', codes: codesOf(() => productFamilyTypes) }],
  },
  {
    kind: 'product-subfamilies',
    spec: PRODUCT_SUBFAMILIES,
    links: [{ field: 'product_family_id', codes: codesOf(() => productFamilies) }],
  },
  ...CODE_LISTS.map((list) => ({ kind: codeListPath(list), spec: codeList(list) })),
] as ReferenceFile[]

export const referenceFileOf = (kind: string) => REFERENCE_FILES.find((f) => f.kind === kind)
