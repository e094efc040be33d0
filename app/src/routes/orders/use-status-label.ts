import { isLanguage, type Language } from '@procura/core/i18n'
import { GENERIC_STATUS_LABELS, type GenericStatus } from '@procura/core/status'
import { useTranslation } from 'react-i18next'

/** The translated label of a status of the generic vocabulary (core), in the interface language. */
export const useStatusLabel = () => {
  const { i18n } = useTranslation()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  return (status: string) => GENERIC_STATUS_LABELS[status as GenericStatus]?.[language] ?? status
}

/** The translated label of a sub-status (delivery, billing…) from its core label table. */
export const useSubStatusLabel = () => {
  const { i18n } = useTranslation()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  return (labels: Readonly<Record<string, Readonly<Record<Language, string>>>>, status: string) =>
    labels[status]?.[language] ?? status
}
