import { isLanguage } from '@procura/core/i18n'
import { ErrorPage, type ErrorPageStatus } from '@procura/ui-kit/error-page'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../http/client'

const PAGE_STATUSES = new Set([403, 404, 498, 500, 503])

/**
 * A failed load shown as the spec's error page matching its status (500 for anything else), as a
 * section of the app's frame (whose `main` it sits in).
 */
export const ErrorState = ({ error }: { error: unknown }) => {
  const { i18n } = useTranslation()
  const status =
    error instanceof ApiError && PAGE_STATUSES.has(error.status) ? (error.status as ErrorPageStatus) : 500
  return (
    <ErrorPage
      as="section"
      status={status}
      language={isLanguage(i18n.language) ? i18n.language : 'en'}
      retryAfter={error instanceof ApiError ? (error.body.retry_after ?? null) : null}
      extraMessage={error instanceof ApiError ? (error.body.extra_message ?? null) : null}
    />
  )
}
