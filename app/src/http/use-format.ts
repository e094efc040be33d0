import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FIRST_PAGE_ANSWERS } from '../session/first-page-answers'
import { useOptionalCurrentUser } from '../session/session'
import { createFormatter, type Formatter } from './format'
import { useAnswer } from './use-api'

/** The app's formatter for the signed-in reader (createFormatter): every amount, number and date goes through it. */
export const useFormat = (): Formatter => {
  const { i18n } = useTranslation()
  const infos = useAnswer('/bwapi/init-infos', FIRST_PAGE_ANSWERS.initInfos)
  const user = useOptionalCurrentUser()
  const currency = user?.currency ?? null
  const incTax = user?.price_display_inctax ?? false
  return useMemo(
    () => createFormatter(infos.data, { language: i18n.language, currency, price_display_inctax: incTax }),
    [infos.data, i18n.language, currency, incTax],
  )
}
