import { useTranslation } from 'react-i18next'
import { useApi } from '../http/use-api'
import { ErrorState } from './error-state'

type ConfigurationPage = { title: string; items: { code: string; label: string; link: string }[] }

/** GET /bwapi/config: the configuration screens (each one arrives with its issue). */
export const ConfigPage = () => {
  const { t } = useTranslation()
  const page = useApi<ConfigurationPage>('/bwapi/config')
  if (page.isError) return <ErrorState error={page.error} />
  if (!page.data) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{page.data.title}</h1>
      <ul>
        {page.data.items.map((item) => (
          <li key={item.code}>{item.label}</li>
        ))}
      </ul>
    </section>
  )
}
