import { NeedRowAnswerSchema } from '@procura/core/need'
import { ButtonLink } from '@procura/ui-kit/button'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ListPage } from '../list-page'

export const NeedsList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <ListPage
      row={NeedRowAnswerSchema}
      base="/bwapi/needs"
      name="needs"
      title={t('needs.title')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      render={{
        code: (r) => <Link to={`/needs/${r.id}`}>{r.code}</Link>,
        processing: (r) => t(`needs.processing.${r.processing}`),
      }}
      rowLabel={(r) => r.code}
      rowActions={(r) => r.actions.map((action) => ({ action, label: t(`needs.actions.${action}`) }))}
      onRowAction={(row) => navigate(`/needs/${row.id}`)}
      actions={
        <ButtonLink as={Link} variant="primary" to="/needs/new">
          {t('needs.new')}
        </ButtonLink>
      }
      empty={t('needs.empty')}
    />
  )
}
