import type { Language } from '../i18n/language'

/** One message in every supported language; `{name}` marks a parameter. */
export type MessageTexts = Readonly<Record<Language, string>>
export type MessageTable = Readonly<Record<string, MessageTexts>>
