import { type DateFormats, formatDay } from '@procura/core/format'
import type { Language } from '@procura/core/i18n'
import type { DbOrTx } from '../db'
import { languages } from '../db/schema'

/**
 * Writes calendar days in each reader's language's date format (the languages table, as screens
 * show them): `dayIn('fr', '2026-11-30')` → "30/11/2026". Read once per job run.
 */
export const dayWriter = async (db: DbOrTx) => {
  const rows = await db
    .select({ code: languages.code, date_format: languages.date_format, hour_format: languages.hour_format })
    .from(languages)
  const formats = new Map<string, DateFormats>(rows.map((r) => [r.code, r]))
  return (language: Language, day: string) => {
    const of = formats.get(language)
    return of === undefined ? day.slice(0, 10) : formatDay(day, of)
  }
}
