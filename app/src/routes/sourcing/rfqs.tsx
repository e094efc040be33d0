import { RfqRowAnswerSchema } from '@procura/core/sourcing'
import { ButtonLink } from '@procura/ui-kit/button'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../session/session'
import { ListPage } from '../list-page'

/** rfqs: the requests for quotation, latest reply day first; a supplier's contact sees the ones it is invited to. */
export const RfqsList = () => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  return (
    <ListPage
      row={RfqRowAnswerSchema}
      base="/bwapi/rfqs"
      name="rfqs"
      title={t('sourcing.rfqs.title')}
      defaultSort={{ key: 'reply_by', direction: 'desc' }}
      render={{ code: (r) => <Link to={`/rfqs/${r.id}`}>{r.code}</Link> }}
      rowLabel={(r) => r.code}
      actions={
        user.buyer === true ? (
          <ButtonLink as={Link} variant="primary" to="/rfqs/new">
            {t('sourcing.rfqs.new')}
          </ButtonLink>
        ) : null
      }
      empty={t(user.buyer === true ? 'sourcing.rfqs.empty' : 'sourcing.rfqs.emptyPortal')}
    />
  )
}
