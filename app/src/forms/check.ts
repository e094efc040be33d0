import { parseWith, translate } from '@procura/core/errors'
import { isLanguage } from '@procura/core/i18n'
import type { z } from 'zod'

/**
 * Checks values with a core schema before they are sent, as the server will: the per-field
 * messages in the interface language (the catalogue's, the same the server answers), or null.
 */
export const checkWith = <S extends z.ZodType>(
  schema: S,
  values: unknown,
  language: string,
): Record<string, string[]> | null => {
  const parsed = parseWith(schema, values)
  if (parsed.ok) return null
  const lang = isLanguage(language) ? language : 'en'
  return Object.fromEntries(
    Object.entries(parsed.error.fields ?? {}).map(([field, issues]) => [
      field,
      issues.map((issue) => translate(issue.code, issue.params, lang)),
    ]),
  )
}

/** The message above a form the checks refused, in the interface language. */
export const formErrorsMessage = (language: string) =>
  translate('FORM_ERRORS', {}, isLanguage(language) ? language : 'en')
