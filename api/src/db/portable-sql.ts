import { searchWords } from '@procura/core/list'
import { and, type SQL, sql } from 'drizzle-orm'

/**
 * SQL fragments written once for both engines, where SQLite and PostgreSQL differ.
 */

/** A JSON column read as text (PostgreSQL's jsonb has no LIKE). */
export const jsonText = (column: unknown): SQL => sql`cast(${column} as text)`

/**
 * LIKE ignoring case, with "\" escaping "%" and "_" in the pattern: SQLite's LIKE ignores ASCII
 * case and PostgreSQL's does not, so both compare lower-cased text.
 */
export const likeCi = (column: unknown, pattern: string): SQL => {
  const lower = pattern.toLowerCase()
  // SQLite's lower() changes ASCII letters only ("SafeWork Équipements" → "safework Équipements"),
  // PostgreSQL's every letter: the pattern is tried both ways when they differ.
  const asciiLower = pattern.replace(/[A-Z]/g, (c) => c.toLowerCase())
  return lower === asciiLower
    ? sql`lower(${column}) like ${lower} escape '\\'`
    : sql`(lower(${column}) like ${lower} escape '\\' or lower(${column}) like ${asciiLower} escape '\\')`
}

/** The LIKE pattern of a text found anywhere in a value ("%text%"), its %, _ and \\ escaped for likeCi. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`

/**
 * A list's search by words (core searchWords): every word found by `match` (given the word's
 * "%word%" pattern) in one of the document's fields, in any order; undefined without a word.
 */
export const everyWord = (
  search: string | null,
  match: (pattern: string) => SQL | undefined,
): SQL | undefined => {
  const words = searchWords(search)
  return words.length === 0 ? undefined : and(...words.map((word) => match(containsPattern(word))))
}
