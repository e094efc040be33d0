import { type DomainError, parseWith, translate } from '@procura/core/errors'
import { isLanguage } from '@procura/core/i18n'
import type { Result } from '@procura/core/result'
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

/**
 * Checks a value with a core rule that answers a refusal (a cart line's quantity against its
 * step): the refusal's message in the interface language, or null when the rule agrees.
 */
export const checkRule = (result: Result<unknown, DomainError>, language: string): string[] | null =>
  result.ok
    ? null
    : [translate(result.error.code, result.error.params, isLanguage(language) ? language : 'en')]

/** The message above a form the checks refused, in the interface language. */
export const formErrorsMessage = (language: string) =>
  translate('FORM_ERRORS', {}, isLanguage(language) ? language : 'en')
