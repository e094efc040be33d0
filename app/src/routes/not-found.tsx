import { isLanguage } from '@procura/core/i18n'
import { ButtonLink } from '@procura/ui-kit/button'
import { ErrorPage } from '@procura/ui-kit/error-page'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** Any route the app does not know: the 404 page of the spec. */
export const NotFound = () => {
  const { t, i18n } = useTranslation()
  return (
    <ErrorPage
      status={404}
      language={isLanguage(i18n.language) ? i18n.language : 'en'}
      actions={
        <ButtonLink as={Link} variant="primary" to="/">
          {t('errors.home')}
        </ButtonLink>
      }
    />
  )
}
