import { NumberedAnswerSchema, rowsOf } from '@procura/core/answer'
import { DeliveryRowAnswerSchema } from '@procura/core/delivery'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import type { TableColumn } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useChange } from '../../http/changes'
import { ApiError, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import type { Order, OrderLine } from './order-types'

const DeliveryRows = rowsOf(DeliveryRowAnswerSchema)

/** What a line received so far, and what remains (goods by quantity, services by amount): four columns of its table. */
export const useReceivedColumns = (currency: string): TableColumn<OrderLine>[] => {
  const { t } = useTranslation()
  const format = useFormat()
  const show = (line: OrderLine, quantity: string | undefined, amount: string | undefined) =>
    line.receipt_mode === 'amount' ? format.amount(amount ?? '0', currency) : format.number(quantity ?? '0')
  return [
    {
      key: 'delivered',
      header: t('deliveries.fields.delivered'),
      cell: (line) => (
        <>
          {show(line, line.delivered_quantity, line.delivered_amount_exctax)}
          {line.over_delivered ? (
            <>
              {' '}
              <StatusBadge status="over" label={t('deliveries.overDelivered')} />
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'predelivered',
      header: t('deliveries.fields.predelivered'),
      cell: (line) => show(line, line.predelivered_quantity, line.predelivered_amount_exctax),
    },
    {
      key: 'remaining',
      header: t('deliveries.fields.remaining'),
      cell: (line) => show(line, line.remaining_to_receive, line.remaining_to_receive),
    },
    {
      key: 'billed',
      header: t('invoices.billed'),
      cell: (line) => (
        <>
          {format.amount(line.billed_amount_exctax ?? '0', currency)}
          {line.over_billed ? (
            <>
              {' '}
              <StatusBadge status="over" label={t('invoices.overBilled')} />
            </>
          ) : null}
        </>
      ),
    },
  ]
}

/** The receiving buttons of an order's page: receive (a part, all that remains), predeliver, declare, force. */
export const DeliveryActions = ({ order, onForce }: { order: Order; onForce: () => void }) => {
  const { t } = useTranslation()
  const change = useChange(['delivery'])
  const toasts = useToasts()
  const [confirming, setConfirming] = useState(false)
  const actions = order.delivery_actions ?? []
  if (actions.length === 0) return null
  const receiveAll = async () => {
    setConfirming(false)
    try {
      const answer = await change.mutateAsync(() =>
        apiRead(`/bwapi/purchase-orders/${order.id}/receive-all`, NumberedAnswerSchema, {
          method: 'POST',
          body: { delivery_date: new Date().toISOString().slice(0, 10) },
        }),
      )
      toasts.show('success', t('deliveries.recorded', { code: answer.data.code }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const link = (kind: string, label: string, primary = false) => (
    <ButtonLink
      as={Link}
      key={kind}
      variant={primary ? 'primary' : 'secondary'}
      to={`/purchase-orders/${order.id}/receive?kind=${kind}`}
    >
      {label}
    </ButtonLink>
  )
  return (
    <div className="pc-actions" role="toolbar" aria-label={t('deliveries.title')}>
      {actions.includes('receive') ? link('delivery', t('deliveries.receive'), true) : null}
      {actions.includes('receive_all') ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('deliveries.receiveAll')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        danger={false}
        title={t('deliveries.receiveAllTitle')}
        message={t('deliveries.receiveAllConfirm', { code: order.code })}
        confirmLabel={t('deliveries.receiveAllButton')}
        cancelLabel={t('common.back')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void receiveAll()}
      />
      {actions.includes('predeliver') ? link('technical', t('deliveries.predeliver')) : null}
      {actions.includes('declare') ? link('declare', t('deliveries.declare'), true) : null}
      {actions.includes('force_complete') ? (
        <Button variant="danger" onClick={onForce}>
          {t('deliveries.forceComplete')}
        </Button>
      ) : null}
    </div>
  )
}

/** The deliveries of one order, newest first. */
export const OrderDeliveries = ({ orderId }: { orderId: number }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const list = useAnswer(
    `/bwapi/deliveries?purchase_order_id=${orderId}&sort=created_at&direction=desc&per_page=100`,
    DeliveryRows,
  )
  const rows = list.data?.data ?? []
  return (
    <section aria-labelledby="order-deliveries">
      <h2 id="order-deliveries">{t('deliveries.orderDeliveries')}</h2>
      {rows.length === 0 ? (
        <p>{t('deliveries.none')}</p>
      ) : (
        <ul>
          {rows.map((d) => (
            <li key={d.id}>
              <Link to={`/deliveries/${d.id}`}>{d.code}</Link> — {t(`deliveries.kinds.${d.kind}`)},{' '}
              {format.date(d.delivery_date)}, {format.money(d.amount_exctax, d.currency_code)}{' '}
              <StatusBadge status={d.status} label={t(`deliveries.statuses.${d.status}`)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
