import { type OrderRowAnswer, OrderRowAnswerSchema } from '@procura/core/purchase-order'
import { ButtonLink } from '@procura/ui-kit/button'
import { useToasts } from '@procura/ui-kit/toasts'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useCurrentUser } from '../../session/session'
import { ListPage } from '../list-page'

type Row = OrderRowAnswer

/** Actions that need the order page (a form or a confirmation) rather than one click. */
const ON_PAGE = new Set(['send', 'back_to_draft', 'new_version', 'cancel'])

export const OrdersList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toasts = useToasts()
  const change = useChange(['order'])
  const user = useCurrentUser()

  const run = async (row: Row, action: string) => {
    if (ON_PAGE.has(action)) return navigate(`/purchase-orders/${row.id}`)
    try {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/purchase-orders/${row.id}/${action}`, { method: 'POST' }),
      )
      toasts.show('success', t('orders.done', { action: t(`orders.actions.${action}`), code: row.code }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const create = user.buyer ? (
    <ButtonLink as={Link} variant="primary" to="/purchase-orders/new">
      {t('orders.new')}
    </ButtonLink>
  ) : null
  return (
    <ListPage
      row={OrderRowAnswerSchema}
      base="/bwapi/purchase-orders"
      name="purchase-orders"
      title={t('orders.title')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      render={{
        code: (r) => (
          <Link to={`/purchase-orders/${r.id}`}>{r.version > 1 ? `${r.code} v${r.version}` : r.code}</Link>
        ),
      }}
      rowLabel={(r) => r.code}
      rowActions={(r) => r.actions.map((action) => ({ action, label: t(`orders.actions.${action}`) }))}
      onRowAction={(row, action) => void run(row, action)}
      actions={create}
      empty={user.buyer ? t('orders.empty') : t('orders.emptyReader')}
    />
  )
}
