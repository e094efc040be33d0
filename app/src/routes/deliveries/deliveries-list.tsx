import { isSupplierContact } from '@procura/core/auth'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCurrentUser } from '../../session/session'
import { ListPage } from '../list-page'

export type DeliveryRow = {
  id: number
  code: string
  kind: 'delivery' | 'technical'
  status: string
  purchase_order_id: number
  purchase_order_code: string
  supplier: string
  delivery_date: string
  delivery_note_number: string | null
  amount_exctax: string
  currency_code: string
  created_by: string
}

/** deliveries: the deliveries and technical deliveries of every order this user may see. */
export const DeliveriesList = () => {
  const { t } = useTranslation()
  // A supplier's contact declares shipments; the organisation receives them.
  const supplier = isSupplierContact(useCurrentUser())
  return (
    <ListPage<DeliveryRow>
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
