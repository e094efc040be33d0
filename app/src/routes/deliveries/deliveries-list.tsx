import { isSupplierContact } from '@procura/core/auth'
import { type DeliveryRowAnswer, DeliveryRowAnswerSchema } from '@procura/core/delivery'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../session/session'
import { ListPage } from '../list-page'

export type DeliveryRow = DeliveryRowAnswer

/** deliveries: the deliveries and technical deliveries of every order this user may see. */
export const DeliveriesList = () => {
  const { t } = useTranslation()
  // A supplier's contact declares shipments; the organisation receives them.
  const supplier = isSupplierContact(useCurrentUser())
  return (
    <ListPage
      row={DeliveryRowAnswerSchema}
      base="/bwapi/deliveries"
      name="deliveries"
      title={t('deliveries.title')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      render={{
        code: (r) => <Link to={`/deliveries/${r.id}`}>{r.code}</Link>,
        kind: (r) => t(`deliveries.kinds.${r.kind}`),
        purchase_order_code: (r) => (
          <Link to={`/purchase-orders/${r.purchase_order_id}`}>{r.purchase_order_code}</Link>
        ),
        status: (r) => <StatusBadge status={r.status} label={t(`deliveries.statuses.${r.status}`)} />,
      }}
      rowLabel={(r) => r.code}
      empty={t(supplier ? 'deliveries.emptySupplier' : 'deliveries.empty')}
    />
  )
}
