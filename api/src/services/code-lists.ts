import type { CodeList } from '@procura/core/organisation'
import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../db'
import { referenceCodes } from '../db/schema'

/** The codes a form offers from one list (core/organisation CODE_LISTS): the active ones, in their order. */
export const activeCodes = (db: DbOrTx, list: CodeList) =>
  db
    .select({ code: referenceCodes.code, label: referenceCodes.label })
    .from(referenceCodes)
    .where(and(eq(referenceCodes.list, list), eq(referenceCodes.active, true)))
    .orderBy(asc(referenceCodes.position), asc(referenceCodes.label))

/**
 * Whether a document may carry this code: none, the one it already carries (a code disabled since
 * stays on the documents that name it), or an active code of the list.
 */
export const codeAllowed = async (
  db: DbOrTx,
  list: CodeList,
  code: string | null,
  kept: string | null = null,
) =>
  code === null ||
  code === kept ||
  (
    await db
      .select({ id: referenceCodes.id })
      .from(referenceCodes)
      .where(
        and(eq(referenceCodes.list, list), eq(referenceCodes.code, code), eq(referenceCodes.active, true)),
      )
      .limit(1)
  ).length > 0
