/** The languages the interface and every message are available in. */
export const LANGUAGES = ['en', 'es', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

export const FALLBACK_LANGUAGE: Language = 'en'

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

/**
 * The first supported language among candidates such as "fr-FR", "es", "de-DE".
 * Only the first two letters count, case-insensitively.
 */
export const pickLanguage = (...candidates: (string | null | undefined)[]): Language => {
  for (const candidate of candidates) {
    const code = candidate?.trim().slice(0, 2).toLowerCase()
    if (isLanguage(code)) return code
  }
  return FALLBACK_LANGUAGE
}

/**
 * The spec's default-language rule: the language kept in local storage, or else the first two
 * letters of the page language, or else English.
 */
export const defaultLanguage = (input: { stored?: string | null; pageLanguage?: string | null }): Language =>
  pickLanguage(input.stored, input.pageLanguage)

/** Reads an Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8") in order of preference. */
export const languagesFromAcceptHeader = (header: string | null | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';')
      const q = rest.find((p) => p.trim().startsWith('q='))
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag)
