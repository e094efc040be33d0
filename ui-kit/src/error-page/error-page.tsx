import { type PageMessageCode, translatePage as translate } from '@procura/core/errors/pages'
import type { Language } from '@procura/core/i18n'
import type { ReactNode } from 'react'

export const ERROR_PAGE_STATUSES = [403, 404, 498, 500, 503] as const
export type ErrorPageStatus = (typeof ERROR_PAGE_STATUSES)[number]

const CODE_OF: Record<ErrorPageStatus, PageMessageCode> = {
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  498: 'LINK_EXPIRED',
  500: 'SERVER_ERROR',
  503: 'MAINTENANCE',
}

export type ErrorPageProps = {
  status: ErrorPageStatus
  language: Language
  /** 503 only: seconds before retrying; without it the page says "retry later". */
  retryAfter?: number | null
  /** 503 only: the optional extra message of the maintenance. */
  extraMessage?: string | null
  /** Actions under the message, e.g. a link home or a retry button. */
  actions?: ReactNode
  /** A page of its own is the `main` landmark; inside the app's frame (which has one) a section. */
  as?: 'main' | 'section'
}

/** The error pages of the spec: 403, 404, 498, 500 and 503 (with its retry delay). */
export const ErrorPage = ({
  status,
  language,
  retryAfter,
  extraMessage,
  actions,
  as: Landmark = 'main',
}: ErrorPageProps) => (
  <Landmark className="pc-error-page" aria-labelledby="pc-error-title">
    <p className="pc-error-page__status" aria-hidden="true">
      {status}
    </p>
    <h1 id="pc-error-title" className="pc-error-page__message">
      {translate(CODE_OF[status], undefined, language)}
    </h1>
    {status === 503 ? (
      <>
        <p className="pc-error-page__detail">
          {retryAfter
            ? translate('MAINTENANCE_RETRY_IN', { seconds: retryAfter }, language)
            : translate('MAINTENANCE_RETRY_LATER', undefined, language)}
        </p>
        {extraMessage ? <p className="pc-error-page__detail">{extraMessage}</p> : null}
      </>
    ) : null}
    {actions ? <div className="pc-error-page__actions">{actions}</div> : null}
  </Landmark>
)
