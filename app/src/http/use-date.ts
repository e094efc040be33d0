import { formatDate } from '@procura/core/format'
import { useTranslation } from 'react-i18next'
import { useApi } from './use-api'

type Formats = {
  languages: { code: string; date_format: string; hour_format: string }[]
  formats: { time_zone?: string }
}

/** Formats dates in the interface language's date format and the instance's time zone (core's rule). */
export const useDate = () => {
  const { i18n } = useTranslation()
  const infos = useApi<Formats>('/bwapi/init-infos')
  return (iso: string) => {
    const language = infos.data?.languages.find((l) => l.code === i18n.language)
    if (language === undefined) return iso.slice(0, 10)
    return formatDate(new Date(iso), language, infos.data?.formats.time_zone ?? 'UTC')
  }
}
