import { useTranslation } from 'react-i18next'
import { PayNow } from './pay-now'

/** Orders whose deposit may be paid (core DEPOSIT_PAYABLE_ORDER_STATUSES). */
const PAYABLE = ['validated', 'sent', 'acknowledged_receipt', 'suspended']

/** On an order: pay its deposit in a new payment group, then follow it on the payment's page. */
export const PayDeposit = ({
  order,
}: {
  order: { id: number; status: string; deposit_paid_at: string | null }
}) => {
  const { t } = useTranslation()
  if (order.deposit_paid_at !== null || !PAYABLE.includes(order.status)) return null
  return (
    <PayNow
      payment={{ deposits: [{ purchase_order_id: order.id }] }}
      label={t('payments.payDeposit')}
      stale={['order']}
    />
  )
}
