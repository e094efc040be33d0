import { ConfigurationPageAnswerSchema } from '@procura/core/shell'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAnswer } from '../http/use-api'
import { ErrorState } from './error-state'

/** GET /bwapi/config: the configuration screens that exist, each a link. */
export const ConfigPage = () => {
  const { t } = useTranslation()
  const page = useAnswer('/bwapi/config', ConfigurationPageAnswerSchema)
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
