import type { MessageTexts } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'

/** One language's texts of a core label table (statuses, actions): core says them once. */
export const textsIn = <K extends string>(table: Readonly<Record<K, MessageTexts>>, language: Language) =>
  Object.fromEntries(
    Object.entries<MessageTexts>(table).map(([key, texts]) => [key, texts[language]]),
  ) as Record<K, string>
