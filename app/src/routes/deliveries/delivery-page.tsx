import { CreatedAnswerSchema } from '@procura/core/answer'
import { type DeliveryAnswer, DeliveryAnswerSchema, ReservationInputSchema } from '@procura/core/delivery'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { CustomValuesShown } from '../../forms/custom-fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { RefusedActions } from '../decision'
import { DocumentPanel } from '../document-panel'
import { ErrorState } from '../error-state'
import { DocumentHistory } from '../traces'

/** A delivery as its page reads it: core's answer schema (checked by the API's tests). */
type Delivery = DeliveryAnswer
const DeliveryAnswerPage = z.object({ data: DeliveryAnswerSchema })

/** deliveries/{id}: a delivery against its order, its reservations, files and discussion, and its actions. */
export const DeliveryPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const navigate = useNavigate()
  const change = useChange(['delivery'])
  const toasts = useToasts()
  const format = useFormat()
  const delivery = useAnswer(`/bwapi/deliveries/${id}`, DeliveryAnswerPage)
  const [cancelling, setCancelling] = useState(false)
  if (delivery.isError) return <ErrorState error={delivery.error} />
  if (delivery.data === undefined) return <p role="status">{t('common.loading')}</p>
  const d = delivery.data.data

  const act = async (action: string, body: Record<string, unknown> = {}) => {
    try {
      const answer = await change.mutateAsync(() =>
        apiRead(`/bwapi/deliveries/${d.id}/${action}`, CreatedAnswerSchema, {
          method: 'POST',
          body,
        }),
      )
      toasts.show('success', t('orders.done', { action: t(`deliveries.actions.${action}`), code: d.code }))
      // Receiving a technical delivery makes a new delivery: open it.
      if (action === 'receive') navigate(`/deliveries/${answer.data.id}`)
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const onAction = (action: string) => {
    if (action === 'cancel') return setCancelling(true)
    if (action === 'confirm') return void act('confirm', { conform: d.conform ?? true })
    if (action === 'receive')
      return void act('receive', { delivery_date: new Date().toISOString().slice(0, 10) })
  }
  const conform =
    d.conform === null
      ? t('deliveries.conformUnknown')
      : d.conform
        ? t('deliveries.conformYes')
        : t('deliveries.conformNo')

  return (
    <section>
      <DocumentHeader
        code={d.code}
        badges={<StatusBadge status={d.status} label={t(`deliveries.statuses.${d.status}`)} />}
        actionsLabel={t('table.actions')}
        actions={
          <>
            {d.actions
              .filter((a) => a !== 'reserve')
              .map((action) => (
                <Button
                  key={action}
                  variant={action === 'cancel' ? 'danger' : action === 'receive' ? 'primary' : 'secondary'}
                  onClick={() => onAction(action)}
                >
                  {t(`deliveries.actions.${action}`)}
                </Button>
              ))}
            {d.billing_actions.includes('bill') ? (
              <ButtonLink as={Link} variant="secondary" to={`/supplier-invoices/new?order=${d.order.id}`}>
                {t('deliveries.billOrder')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
      <RefusedActions refused={d.refused_actions} label={(action) => t(`deliveries.actions.${action}`)} />
      <dl className="pc-facts">
        <dt>{t('deliveries.fields.kind')}</dt>
        <dd>{t(`deliveries.kinds.${d.kind}`)}</dd>
        <dt>{t('deliveries.fields.order')}</dt>
        <dd>
          <Link to={`/purchase-orders/${d.order.id}`}>{d.order.code}</Link>{' '}
          <StatusBadge
            status={d.order.delivery_status}
            label={t(`deliveries.orderStatuses.${d.order.delivery_status}`)}
          />
        </dd>
        {d.order.supplier ? (
          <>
            <dt>{t('deliveries.fields.supplier')}</dt>
            <dd>{d.order.supplier.company_name}</dd>
          </>
        ) : null}
        <dt>{t('deliveries.fields.deliveryDate')}</dt>
        <dd>{format.date(d.delivery_date)}</dd>
        <CustomValuesShown custom={d.custom ?? []} date={format.date} />
        {d.delivery_note_number ? (
          <>
            <dt>{t('deliveries.fields.noteNumber')}</dt>
            <dd>{d.delivery_note_number}</dd>
          </>
        ) : null}
        {d.internal_number ? (
          <>
            <dt>{t('deliveries.fields.internalNumber')}</dt>
            <dd>{d.internal_number}</dd>
          </>
        ) : null}
        {d.warehouse ? (
          <>
            <dt>{t('deliveries.fields.warehouse')}</dt>
            <dd>{d.warehouse.label}</dd>
          </>
        ) : null}
        {d.from_warehouse ? (
          <>
            <dt>{t('deliveries.fields.fromWarehouse')}</dt>
            <dd>{d.from_warehouse.label}</dd>
          </>
        ) : null}
        {d.kind === 'technical' ? (
          <>
            <dt>{t('deliveries.fields.conform')}</dt>
            <dd>{conform}</dd>
          </>
        ) : null}
        <dt>{t('deliveries.fields.createdBy')}</dt>
        <dd>{d.created_by}</dd>
        {d.confirmed_by ? (
          <>
            <dt>{t('deliveries.fields.confirmedBy')}</dt>
            <dd>{d.confirmed_by}</dd>
          </>
        ) : null}
        {d.comment ? (
          <>
            <dt>{t('deliveries.fields.comment')}</dt>
            <dd>{d.comment}</dd>
          </>
        ) : null}
      </dl>
      {d.technical_delivery !== null ? (
        <p>
          <Link to={`/deliveries/${d.technical_delivery.id}`}>
            {t('deliveries.madeFrom', { code: d.technical_delivery.code })}
          </Link>
        </p>
      ) : null}
      {d.receptions.length > 0 ? (
        <p>
          {t('deliveries.receptions')}:{' '}
          {d.receptions.map((r) => (
            <Link key={r.id} to={`/deliveries/${r.id}`}>
              {r.code}
            </Link>
          ))}
        </p>
      ) : null}

      <Table
        caption={t('orders.fields.lines')}
        columns={[
          { key: 'line', header: t('deliveries.fields.line'), cell: (l) => l.label },
          {
            key: 'ordered',
            header: t('deliveries.fields.ordered'),
            cell: (l) => format.quantity(l.ordered_quantity, l.unit),
          },
          {
            key: 'received',
            header: t('deliveries.fields.received'),
            cell: (l) => (l.receipt_mode === 'amount' ? '—' : format.quantity(l.quantity, l.unit)),
          },
          {
            key: 'amount',
            header: t('deliveries.fields.amount'),
            cell: (l) => format.money(l.amount_exctax, d.order.currency_code),
            numeric: true,
          },
        ]}
        rows={d.lines}
        rowKey={(l) => l.id}
      />
      <Reservations delivery={d} />
      <ConfirmDialog
        open={cancelling}
        title={t('deliveries.actions.cancel')}
        message={t('deliveries.cancelConfirm', { code: d.code })}
        confirmLabel={t('deliveries.actions.cancel')}
        cancelLabel={t('common.back')}
        onCancel={() => setCancelling(false)}
        onConfirm={() => {
          setCancelling(false)
          void act('cancel', { confirm: true })
        }}
      />
      {d.internal ? <DocumentPanel base={`/bwapi/deliveries/${d.id}`} recipients={[]} /> : null}
      {d.internal ? <DocumentHistory model="delivery" id={d.id} /> : null}
    </section>
  )
}

/** The reservations raised on the delivery note, and the form to raise one while the window is open. */
const Reservations = ({ delivery }: { delivery: Delivery }) => {
  const { t } = useTranslation()
  const change = useChange(['delivery'])
  const toasts = useToasts()
  const format = useFormat()
  const { errors, message, busy, send } = useSubmit()
  const [comment, setComment] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = { kind: f.get('kind'), comment }
    const done = await send(ReservationInputSchema, body, () =>
      change
        .mutateAsync(() =>
          apiFetch(`/bwapi/deliveries/${delivery.id}/reservations`, { method: 'POST', body }),
        )
        .then(() => undefined),
    )
    if (!done) return
    setComment('')
    toasts.show('success', t('common.saved'))
  }
  const deadline = format.date(delivery.reservation_deadline)
  return (
    <section aria-labelledby="reservations-title">
      <h2 id="reservations-title">{t('deliveries.reservations')}</h2>
      {delivery.reservations.length === 0 ? (
        <p>{t('deliveries.noReservation')}</p>
      ) : (
        <ul>
          {delivery.reservations.map((r) => (
            <li key={r.id}>
              <strong>{t(`deliveries.reservationKinds.${r.kind}`)}</strong> — {r.comment} ({r.author},{' '}
              {format.dateTime(r.created_at)})
            </li>
          ))}
        </ul>
      )}
      <p>
        {delivery.reservation_open
          ? t('deliveries.reservationOpen', { date: deadline })
          : t('deliveries.reservationClosed', { date: deadline })}
      </p>
      {delivery.actions.includes('reserve') ? (
        <form onSubmit={submit} noValidate>
          <FormAlert message={message} />
          <SelectField
            label={t('deliveries.fields.reservationKind')}
            name="kind"
            options={['reservation', 'nonconformity'].map((kind) => ({
              value: kind,
              label: t(`deliveries.reservationKinds.${kind}`),
            }))}
            errors={errors.kind ?? []}
          />
          <TextField
            label={t('deliveries.fields.reservationComment')}
            name="comment"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            errors={errors.comment ?? []}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            {t('deliveries.raise')}
          </Button>
        </form>
      ) : null}
    </section>
  )
}
