import { CreatedAnswerSchema } from '@procura/core/answer'
import { canPreparePayments } from '@procura/core/payment'
import { Button } from '@procura/ui-kit/button'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { type Stale, useChange } from '../../http/changes'
import { ApiError, apiRead } from '../../http/client'
import { useCurrentUser } from '../../session/session'

/**
 * Pay something in a new payment group dated today (an order's deposit, an expense report), then
 * follow it on the payment's page. Shown to who prepares payments only.
 */
export const PayNow = ({
  payment,
  label,
  stale,
}: {
  /** What the group pays: `deposits` or `expense_reports` of POST /bwapi/payment-groups. */
  payment: Record<string, unknown>
  label: string
  stale: readonly Stale[]
}) => {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const toasts = useToasts()
  const navigate = useNavigate()
  const change = useChange(['payment', ...stale])
  const [busy, setBusy] = useState(false)
  if (!canPreparePayments(user)) return null
  const pay = async () => {
    setBusy(true)
    try {
      const made = await change.mutateAsync(() =>
        apiRead('/bwapi/payment-groups', CreatedAnswerSchema, {
          method: 'POST',
          body: { payment_date: new Date().toISOString().slice(0, 10), ...payment },
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
      {label}
    </Button>
  )
}
