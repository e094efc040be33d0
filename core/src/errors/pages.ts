import type { Language } from '../i18n/language'
import { interpolate, type MessageParams } from './interpolate'
import { PAGE_MESSAGES } from './messages/pages'

/**
 * `@procura/core/errors/pages`: the error pages' messages alone (403, 404, 498, 500, 503 and its
 * retry lines), without the whole catalogue, for the web app's first page.
 */
export type PageMessageCode = keyof typeof PAGE_MESSAGES

/** The page message of `code` in `language`, with its parameters filled in (as `translate`). */
export const translatePage = (code: PageMessageCode, params: MessageParams | undefined, language: Language) =>
  interpolate(PAGE_MESSAGES[code][language], params)
