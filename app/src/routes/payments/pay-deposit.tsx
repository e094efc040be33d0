import { canPreparePayments } from '@procura/core/payment'
import { Button } from '@procura/ui-kit/button'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useCurrentUser } from '../../session/session'

/** Orders whose deposit may be paid (core DEPOSIT_PAYABLE_ORDER_STATUSES). */
const PAYABLE = ['validated', 'sent', 'acknowledged_receipt', 'suspended']

/** On an order: pay its deposit in a new payment group, then follow it on the payment's page. */
export const PayDeposit = ({
  order,
}: {
  order: { id: number; status: string; deposit_paid_at: string | null }
}) => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const toasts = useToasts()
  const navigate = useNavigate()
  const change = useChange(['payment', 'order'])
  const [busy, setBusy] = useState(false)
  if (!canPreparePayments(user)) return null
  if (order.deposit_paid_at !== null || !PAYABLE.includes(order.status)) return null
  const pay = async () => {
    setBusy(true)
    try {
      const made = await change.mutateAsync(() =>
        apiFetch<{ data: { id: number } }>('/bwapi/payment-groups', {
          method: 'POST',
          body: {
            payment_date: new Date().toISOString().slice(0, 10),
            deposits: [{ purchase_order_id: order.id }],
          },
        }),
      )
      navigate(`/payments/${made.data.id}`)
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" loading={busy} onClick={() => void pay()}>
      {t('payments.payDeposit')}
    </Button>
  )
}
