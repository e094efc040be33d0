import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useApi } from '../http/use-api'
import { ErrorState } from './error-state'

type ConfigurationPage = { title: string; items: { code: string; label: string; link: string }[] }

/** GET /bwapi/config: the configuration screens that exist, each a link. */
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
          <li key={item.code}>
            <Link to={item.link}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
