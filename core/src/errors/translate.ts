import type { Language } from '../i18n/language'
import { type ErrorCode, MESSAGES } from './catalogue'
import { interpolate, type MessageParams } from './interpolate'

export { interpolate, type MessageParams, placeholdersOf } from './interpolate'

/** The message of `code` in `language`, with its parameters filled in. */
export const translate = (code: ErrorCode, params: MessageParams | undefined, language: Language): string =>
  interpolate(MESSAGES[code][language], params)
