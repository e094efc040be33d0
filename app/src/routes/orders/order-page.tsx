import { OrderActionDoneAnswerSchema } from '@procura/core/purchase-order'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Tabs } from '@procura/ui-kit/tabs'
import { useToasts } from '@procura/ui-kit/toasts'
import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { CustomValuesShown } from '../../forms/custom-fields'
import { useChange } from '../../http/changes'
import { ApiError, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { BudgetPanel } from '../budgets/budget-panel'
import { apartRefusal, RefusalNote, RefuseDialog, RefusedActions } from '../decision'
import { DocumentPanel } from '../document-panel'
import { ErrorState } from '../error-state'
import { useOverrunQuestion } from '../overrun-question'
import { PayDeposit } from '../payments/pay-deposit'
import { DocumentHistory } from '../traces'
import { useTab } from '../use-tab'
import { DeliveryActions, OrderDeliveries } from './order-deliveries'
import { OrderEInvoices } from './order-e-invoices'
import { OrderLines } from './order-lines'
import { SendModal } from './order-send'
import { OrderAnswerPage } from './order-types'
import { useStatusLabel } from './use-status-label'

/** Actions that ask before they act. */
const CONFIRMED = new Set(['cancel', 'back_to_draft', 'new_version', 'close'])

/** purchase-orders/{id}: the order, its circuit, and the actions this user may apply. */
export const OrderPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const navigate = useNavigate()
  const change = useChange(['order'])
  const toasts = useToasts()
  const statusLabel = useStatusLabel()
  const order = useAnswer(`/bwapi/purchase-orders/${id}`, OrderAnswerPage)
  const format = useFormat()
  const [confirming, setConfirming] = useState<string | null>(null)
  const [refusing, setRefusing] = useState(false)
  const [sending, setSending] = useState(false)
  const [forcing, setForcing] = useState(false)
  const [closingBilling, setClosingBilling] = useState(false)
  const [tab, setTab] = useTab('lines')
  const overrun = useOverrunQuestion()
  if (order.isError) return <ErrorState error={order.error} />
  if (order.data === undefined) return <p role="status">{t('common.loading')}</p>
  const o = order.data.data
  /** Once sent, the lines show what was received. */
  const received = o.sent_at !== null || (o.delivered_amount_exctax ?? '0') !== '0'
  /** People by name: the order names everyone its circuit mentions. */
  const nameOf = (login: string) => o.names?.[login] ?? login

  const act = async (action: string, body: Record<string, unknown> = {}) => {
    try {
      const answer = await change.mutateAsync(() =>
        apiRead(`/bwapi/purchase-orders/${o.id}/${action}`, OrderActionDoneAnswerSchema, {
          method: 'POST',
          body,
        }),
      )
      toasts.show(
        'success',
        t('orders.done', {
          action:
            action === 'force-complete'
              ? t('deliveries.forceComplete')
              : action === 'close-billing'
                ? t('invoices.closeBilling')
                : t(`orders.actions.${action}`),
          code: o.code,
        }),
      )
      if (answer.data.new_version_id !== undefined) navigate(`/purchase-orders/${answer.data.new_version_id}`)
    } catch (error) {
      if (overrun.ask(error, () => void act(action, { ...body, confirm: true }))) return
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const onAction = (action: string) => {
    if (action === 'send') return setSending(true)
    if (action === 'refuse') return setRefusing(true)
    if (CONFIRMED.has(action)) return setConfirming(action)
    return void act(action)
  }

  const actions = (
    <>
      {apartRefusal(o.actions.filter((a) => a !== 'edit')).map((action) => (
        <Fragment key={action}>
          {action === 'refuse' ? <span className="pc-actions__gap" aria-hidden="true" /> : null}
          <Button
            variant={
              action === 'refuse' || action === 'cancel'
                ? 'danger'
                : action === 'validate' || action === 'submit' || action === 'send'
                  ? 'primary'
                  : 'secondary'
            }
            onClick={() => onAction(action)}
          >
            {t(`orders.actions.${action}`)}
          </Button>
        </Fragment>
      ))}
      {o.actions.includes('edit') ? (
        <ButtonLink as={Link} variant="secondary" to={`/purchase-orders/${o.id}/edit`}>
          {t('orders.editButton')}
        </ButtonLink>
      ) : null}
      <ButtonLink
        variant="ghost"
        href={`/bwapi/purchase-orders/${o.id}/pdf`}
        target="_blank"
        rel="noreferrer"
      >
        PDF
      </ButtonLink>
    </>
  )
  return (
    <section>
      <DocumentHeader
        code={`${o.code}${o.version > 1 ? ` v${o.version}` : ''}`}
        actionsLabel={t('table.actions')}
        badges={
          <>
            <StatusBadge status={o.status} label={statusLabel(o.status)} />{' '}
            {o.sent_at !== null ? (
              <StatusBadge
                status={o.delivery_status}
                label={`${t('deliveries.deliveryStatus')}: ${t(`deliveries.orderStatuses.${o.delivery_status}`)}`}
              />
            ) : null}{' '}
            {o.billing_status !== 'no' ? (
              <StatusBadge
                status={o.billing_status}
                label={`${t('invoices.billing')}: ${t(`invoices.billingStatuses.${o.billing_status}`)}`}
              />
            ) : null}
          </>
        }
        actions={actions}
      >
        <RefusedActions refused={o.refused_actions} label={(action) => t(`orders.actions.${action}`)} />
        <dl className="pc-facts">
          <dt>{t('orders.fields.currency')}</dt>
          <dd>
            {format.currencyName(o.currency_code)} ({o.currency_code})
          </dd>
          <dt>{t('orders.fields.supplier')}</dt>
          <dd>
            <Link to={`/suppliers/${o.supplier.id}`}>{o.supplier.company_name}</Link>
          </dd>
          {o.rfq == null ? null : (
            <>
              <dt>{t('orders.fields.rfq')}</dt>
              <dd>
                {t('orders.fromRfq')} <Link to={`/rfqs/${o.rfq.id}`}>{o.rfq.code}</Link>
              </dd>
            </>
          )}
          {(o.agreements ?? []).length > 0 ? (
            <>
              <dt>{t('orders.fields.agreement')}</dt>
              <dd>
                {(o.agreements ?? []).map((a, i) => (
                  <span key={a.id}>
                    {i > 0 ? ', ' : ''}
                    {t('orders.drawsOn')} <Link to={`/framework-agreements/${a.id}`}>{a.code}</Link>
                    {`, ${t('orders.agreementUsed', { percent: a.used_percent })}`}
                  </span>
                ))}
              </dd>
            </>
          ) : null}
          {o.purchase_type ? (
            <>
              <dt>{t('orders.fields.purchaseType')}</dt>
              <dd>{o.purchase_type}</dd>
            </>
          ) : null}
          <CustomValuesShown custom={o.custom ?? []} date={format.date} />
          {o.deposit ? (
            <>
              <dt>{t('orders.fields.depositAmount')}</dt>
              <dd>
                {format.money(o.deposit, o.currency_code)}
                {o.deposit_paid_at
                  ? ` — ${t('orders.fields.depositPaidAt')} ${format.date(o.deposit_paid_at)}`
                  : ''}{' '}
                <PayDeposit
                  order={{ id: o.id, status: o.status, deposit_paid_at: o.deposit_paid_at ?? null }}
                />
              </dd>
            </>
          ) : null}
          {o.delivery_address ? (
            <>
              <dt>{t('orders.fields.deliveryAddress')}</dt>
              <dd>
                {o.delivery_address.address} ({t(`orders.deliveryTypes.${o.delivery_address.type}`)})
                {o.delivery_address.shipping_date
                  ? ` · ${t('orders.fields.shippingDate')} ${format.date(o.delivery_address.shipping_date)}`
                  : ''}
                {o.delivery_address.deadline
                  ? ` · ${t('orders.fields.deadline')} ${format.date(o.delivery_address.deadline)}`
                  : ''}
              </dd>
            </>
          ) : null}
          {o.billed_amount_exctax && o.billed_amount_exctax !== '0' ? (
            <>
              <dt>{t('invoices.billed')}</dt>
              <dd>
                {format.money(o.billed_amount_exctax, o.currency_code)}
                {o.rebilled_amount_exctax &&
                o.rebilled_amount_exctax !== '0.00' &&
                o.rebilled_amount_exctax !== '0'
                  ? ` — ${t('invoices.rebilled')} ${format.money(o.rebilled_amount_exctax, o.currency_code)}`
                  : ''}
              </dd>
            </>
          ) : null}
          {o.supplier_comment ? (
            <>
              <dt>{t('orders.fields.supplierComment')}</dt>
              <dd>{o.supplier_comment}</dd>
            </>
          ) : null}
        </dl>
        {o.waiting_on.length > 0 ? (
          <p>{t('needs.waitingOn', { names: o.waiting_on.map(nameOf).join(', ') })}</p>
        ) : null}
        <RefusalNote refusal={o.refusal} />
        {o.vigilance && o.vigilance.missing.length > 0 ? (
          <div className="pc-warning-note" role="note">
            <p>
              {t('orders.vigilance', {
                threshold: format.money(o.vigilance.threshold, o.currency_code),
                supplier: o.supplier.company_name,
                documents: o.vigilance.missing.join(', '),
              })}{' '}
              {o.vigilance.blocks ? t('orders.vigilanceBlocks') : null}
            </p>
            <Link to={`/suppliers/${o.supplier.id}?tab=documents`}>{t('orders.vigilanceDocuments')}</Link>
          </div>
        ) : null}
      </DocumentHeader>
      <BudgetPanel base={`/bwapi/purchase-orders/${o.id}`} />
      <DeliveryActions order={o} onForce={() => setForcing(true)} />
      {(o.billing_actions ?? []).length > 0 ? (
        <p className="pc-actions">
          {(o.billing_actions ?? []).includes('bill') ? (
            <ButtonLink as={Link} variant="secondary" to={`/supplier-invoices/new?order=${o.id}`}>
              {t('invoices.billOrder')}
            </ButtonLink>
          ) : null}
          {(o.billing_actions ?? []).includes('close_billing') ? (
            <Button variant="secondary" onClick={() => setClosingBilling(true)}>
              {t('invoices.closeBilling')}
            </Button>
          ) : null}
        </p>
      ) : null}
      <Tabs
        label={t('orders.sections')}
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'lines',
            label: t('orders.fields.lines'),
            count: o.lines.length,
            content: <OrderLines order={o} received={received} />,
          },
          ...(received
            ? [
                {
                  id: 'deliveries',
                  label: t('deliveries.orderDeliveries'),
                  content: <OrderDeliveries orderId={o.id} />,
                },
              ]
            : []),
          ...(o.circuit
            ? [
                {
                  id: 'circuit',
                  label: t('orders.circuit'),
                  content: (
                    <section aria-label={t('orders.circuit')}>
                      <h2>{t('orders.circuit')}</h2>
                      <ol>
                        {o.circuit.steps.map((s) => (
                          <li key={s.rank}>
                            {s.validators.map(nameOf).join(', ')} —{' '}
                            {statusLabel(s.status === 'pending' ? 'awaiting' : s.status)}
                            {s.by
                              ? ` (${nameOf(s.by)}${s.on_behalf_of ? ` ${t('orders.onBehalfOf', { name: nameOf(s.on_behalf_of) })}` : ''})`
                              : ''}
                          </li>
                        ))}
                      </ol>
                    </section>
                  ),
                },
              ]
            : []),
          ...((o.e_invoices ?? []).length > 0
            ? [
                {
                  id: 'e-invoices',
                  label: t('orders.eInvoices.title'),
                  content: <OrderEInvoices invoices={o.e_invoices ?? []} />,
                },
              ]
            : []),
          ...(o.internal
            ? [
                {
                  id: 'discussion',
                  label: t('documents.discussion'),
                  content: <DocumentPanel base={`/bwapi/purchase-orders/${o.id}`} recipients={o.people} />,
                },
                {
                  id: 'history',
                  label: t('traces.history'),
                  content: <DocumentHistory model="purchase_order" id={o.id} />,
                },
              ]
            : []),
        ]}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t(`orders.actions.${confirming ?? 'cancel'}`)}
        message={
          confirming === 'back_to_draft' && o.sent_at !== null
            ? t('orders.confirmCancelSending')
            : t('orders.confirm', { code: o.code })
        }
        confirmLabel={t(`orders.actions.${confirming ?? 'cancel'}`)}
        cancelLabel={t('common.back')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming
          setConfirming(null)
          if (action) void act(action, action === 'back_to_draft' ? { confirm: true } : {})
        }}
      />
      <ConfirmDialog
        open={closingBilling}
        title={t('invoices.closeBilling')}
        message={t('invoices.closeBillingConfirm', { code: o.code })}
        confirmLabel={t('invoices.closeBilling')}
        cancelLabel={t('common.back')}
        onCancel={() => setClosingBilling(false)}
        onConfirm={() => {
          setClosingBilling(false)
          void act('close-billing', { confirm: true })
        }}
      />
      <ConfirmDialog
        open={forcing}
        title={t('deliveries.forceComplete')}
        message={t('deliveries.forceCompleteConfirm', { code: o.code })}
        confirmLabel={t('deliveries.forceComplete')}
        cancelLabel={t('common.back')}
        onCancel={() => setForcing(false)}
        onConfirm={() => {
          setForcing(false)
          void act('force-complete', { confirm: true })
        }}
      />
      {overrun.dialog}
      <SendModal order={o} open={sending} onClose={() => setSending(false)} />
      <RefuseDialog
        open={refusing}
        code={o.code}
        author="buyer"
        onCancel={() => setRefusing(false)}
        onRefuse={(reason) => {
          setRefusing(false)
          void act('refuse', { reason })
        }}
      />
    </section>
  )
}
