import { isLanguage } from '@procura/core/i18n'
import { Button } from '@procura/ui-kit/button'
import { ErrorPage } from '@procura/ui-kit/error-page'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiError, apiFetch } from '../http/client'
import { useFormat } from '../http/use-format'

type InitInfos = {
  app: { name: string; title: string }
  currencies: { code: string; label: string; symbol: string }[]
}

/** The dashboard (base path). Charts come with the dashboard issue; for now, the server's hello. */
export const Dashboard = () => {
  const { t, i18n } = useTranslation()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const format = useFormat()
  const query = useQuery({
    queryKey: ['init-infos', language],
    queryFn: ({ signal }) => apiFetch<InitInfos>('/bwapi/init-infos', { signal }),
  })
  if (query.isPending) return <p role="status">{t('dashboard.loading')}</p>
  if (query.isError) {
    const error = query.error
    if (error instanceof ApiError && error.status === 503) {
      return (
        <ErrorPage
          status={503}
          language={language}
          retryAfter={error.body.retry_after ?? null}
          extraMessage={error.body.extra_message ?? null}
          actions={<Button onClick={() => void query.refetch()}>{t('dashboard.retry')}</Button>}
        />
      )
    }
    return (
      <ErrorPage
        status={500}
        language={language}
        actions={<Button onClick={() => void query.refetch()}>{t('dashboard.retry')}</Button>}
      />
    )
  }
  return (
    <section>
      <h1>{t('dashboard.title')}</h1>
      <p>{t('dashboard.welcome', { name: query.data.app.name })}</p>
      <h2>{t('dashboard.currencies')}</h2>
      <p>{t('dashboard.currencies_count', { count: query.data.currencies.length })}</p>
      <ul>
        {query.data.currencies.map((c) => (
          <li key={c.code}>
            {c.code} — {format.currencyName(c.code)} ({c.symbol})
          </li>
        ))}
      </ul>
    </section>
  )
}
