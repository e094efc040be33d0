import { SendOrderSchema } from '@procura/core/purchase-order'
/** Sending an order: the mail to the supplier's contact, its copy and text. */
import { Button } from '@procura/ui-kit/button'
import { FormAlert, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { Modal } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useSubmit } from '../../http/use-submit'
import type { Order } from './order-types'

export const SendModal = ({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const change = useChange(['order'])
  const toasts = useToasts()
  const { errors, message, busy, send, run } = useSubmit()
  const system = order.send_defaults?.cxml_order_url ?? null
  const done = () => {
    toasts.show('success', t('orders.done', { action: t('orders.actions.send'), code: order.code }))
    onClose()
  }
  /** To the supplier's order system: no mail to write. */
  const sendToSystem = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const sent = await run(() =>
      change
        .mutateAsync(() => apiFetch(`/bwapi/purchase-orders/${order.id}/send`, { method: 'POST', body: {} }))
        .then(() => undefined),
    )
    if (sent) done()
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const cc = String(f.get('cc') ?? '')
      .split(/[,;\s]+/)
      .filter(Boolean)
    const body = {
      to: String(f.get('to') ?? ''),
      cc,
      subject: String(f.get('subject') ?? ''),
      content: String(f.get('content') ?? ''),
    }
    const sent = await send(SendOrderSchema, body, () =>
      change
        .mutateAsync(() =>
          apiFetch(`/bwapi/purchase-orders/${order.id}/send`, {
            method: 'POST',
            body,
          }),
        )
        .then(() => undefined),
    )
    if (sent) done()
  }
  return (
    <Modal
      title={t('orders.sendTitle', { code: order.code })}
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      {system !== null ? (
        <form onSubmit={sendToSystem} noValidate>
          <FormAlert message={message} />
          <p>{t('orders.send.toSystem', { url: system })}</p>
          <Button type="submit" loading={busy}>
            {t('orders.actions.send')}
          </Button>
        </form>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormAlert message={message} />
          <TextField
            label={t('orders.send.to')}
            name="to"
            type="email"
            defaultValue={order.send_defaults?.to ?? ''}
            errors={errors.to ?? []}
          />
          <TextField
            label={t('orders.send.cc')}
            name="cc"
            defaultValue={(order.send_defaults?.cc ?? []).join(', ')}
            errors={errors.cc ?? []}
          />
          <TextField
            label={t('orders.send.subject')}
            name="subject"
            defaultValue={order.send_defaults?.subject ?? `${t('orders.pdfTitle')} ${order.code}`}
            errors={errors.subject ?? []}
          />
          <TextAreaField
            label={t('orders.send.content')}
            name="content"
            rows={6}
            defaultValue={order.send_defaults?.content ?? ''}
            errors={errors.content ?? []}
          />
          <Button type="submit" loading={busy}>
            {t('orders.actions.send')}
          </Button>
        </form>
      )}
    </Modal>
  )
}
