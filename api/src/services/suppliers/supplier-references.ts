import type { FieldIssues } from '@procura/core/errors'
import {
  checkCanManageSuppliers,
  FileCategoryInputSchema,
  FileTypeInputSchema,
  SectorAnswerSchema,
  SectorInputSchema,
  SupplierFileCategoryAnswerSchema,
  SupplierFileTypeAnswerSchema,
  SupplierGroupInputSchema,
} from '@procura/core/supplier'
import { count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  geographicSectors,
  roles,
  supplierFileCategories,
  supplierFiles,
  supplierFileTypes,
  supplierGroups,
  supplierSectors,
  suppliers,
} from '../../db/schema'
import { type ReferenceTable, stamped } from '../reference-table'

const administrator = (actor: { administrator?: boolean }) => actor.administrator === true
/** How many rows of `table` have `column = id`. */
const usedBy = async (db: DbOrTx, column: Parameters<typeof eq>[0], id: number, table: unknown) =>
  (
    (await db
      .select({ n: count() })
      .from(table as never)
      .where(eq(column, id))
      .limit(1)
      .then(first)) as { n: number } | undefined
  )?.n ?? 0

const exists = async (db: DbOrTx, table: unknown, column: Parameters<typeof eq>[0], id: number) =>
  (await usedBy(db, column, id, table)) > 0

const inUseRefusal = (label: unknown, n: number) =>
  n === 0 ? null : { code: 'SUPPLIER_REFERENCE_IN_USE' as const, params: { label: String(label), count: n } }

/** Geographic sectors: a tree whose parent must exist and not be the sector or one below it. */
export const SECTORS: ReferenceTable<typeof SectorInputSchema> = {
  model: 'geographic_sector',
  table: () => geographicSectors,
  schema: SectorInputSchema,
  answer: SectorAnswerSchema,
  may: administrator,
  stamp: stamped,
  check: async (db, input, id) => {
    if (input.parent_id === null) return null
    const tree = await db
      .select({ id: geographicSectors.id, parent_id: geographicSectors.parent_id })
      .from(geographicSectors)
    const parents = new Map(tree.map((s) => [s.id, s.parent_id]))
    if (!parents.has(input.parent_id)) return { parent_id: [{ code: 'NOT_IN_LIST' }] }
    // Walking up from the new parent must not meet the sector itself.
    const seen = new Set<number>()
    for (
      let at: number | null | undefined = input.parent_id;
      at != null && !seen.has(at);
      at = parents.get(at)
    ) {
      if (at === id) return { parent_id: [{ code: 'SECTOR_UNDER_ITSELF' }] } satisfies FieldIssues
      seen.add(at)
    }
    return null
  },
  inUse: async (db, row) =>
    inUseRefusal(
      row.label,
      (await usedBy(db, supplierSectors.sector_id, row.id, supplierSectors)) +
        (await usedBy(db, geographicSectors.parent_id, row.id, geographicSectors)),
    ),
}

/** Supplier groups (spec §2 supplier-groups: list, create and {id} modals). */
export const GROUPS: ReferenceTable<typeof SupplierGroupInputSchema> = {
  model: 'supplier_group',
  table: () => supplierGroups,
  schema: SupplierGroupInputSchema,
  may: (actor) => checkCanManageSuppliers(actor).ok,
  stamp: stamped,
  inUse: async (db, row) => inUseRefusal(row.label, await usedBy(db, suppliers.group_id, row.id, suppliers)),
}

/** Categories of supplier documents, each validated by a role. */
export const FILE_CATEGORIES: ReferenceTable<typeof FileCategoryInputSchema> = {
  model: 'supplier_file_category',
  table: () => supplierFileCategories,
  schema: FileCategoryInputSchema,
  answer: SupplierFileCategoryAnswerSchema,
  may: administrator,
  check: async (db, input) =>
    input.validator_role_id === null || (await exists(db, roles, roles.id, input.validator_role_id))
      ? null
      : { validator_role_id: [{ code: 'NOT_IN_LIST' }] },
  inUse: async (db, row) =>
    inUseRefusal(
      row.label,
      (await usedBy(db, supplierFileTypes.category_id, row.id, supplierFileTypes)) +
        (await usedBy(db, supplierFiles.category_id, row.id, supplierFiles)),
    ),
}

/** Kinds of supplier documents: duration, category, certification chart, required for approval. */
export const FILE_TYPES: ReferenceTable<typeof FileTypeInputSchema> = {
  model: 'supplier_file_type',
  table: () => supplierFileTypes,
  schema: FileTypeInputSchema,
  answer: SupplierFileTypeAnswerSchema,
  may: administrator,
  check: async (db, input) =>
    (await exists(db, supplierFileCategories, supplierFileCategories.id, input.category_id))
      ? null
      : { category_id: [{ code: 'NOT_IN_LIST' }] },
  inUse: async (db, row) =>
    inUseRefusal(row.label, await usedBy(db, supplierFiles.type_id, row.id, supplierFiles)),
}
