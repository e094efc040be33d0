import { CreatedAnswerSchema } from '@procura/core/answer'
import {
  type NeedAnswer,
  NeedAnswerSchema,
  NeedsTransformedAnswerSchema,
  proposedSupplier,
  TransformNeedsSchema,
} from '@procura/core/need'
import { OrderFormDataAnswerSchema } from '@procura/core/purchase-order'
import { BILLING_STATUS_LABELS, DELIVERY_STATUS_LABELS } from '@procura/core/status'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { FormAlert, SelectField } from '@procura/ui-kit/form-field'
import { Modal } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { CustomValuesShown } from '../../forms/custom-fields'
import { ModuleSelect } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import type { Formatter } from '../../http/format'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { BudgetPanel } from '../budgets/budget-panel'
import { apartRefusal, RefusalNote, RefuseDialog, RefusedActions } from '../decision'
import { DocumentPanel } from '../document-panel'
import { ErrorState } from '../error-state'
import { useStatusLabel, useSubStatusLabel } from '../orders/use-status-label'
import { useOverrunQuestion } from '../overrun-question'
import { DocumentHistory } from '../traces'

/** A request as its page reads it: core's answer schema (checked by the API's tests). */
type Need = NeedAnswer
export const NeedAnswerPage = z.object({ data: NeedAnswerSchema })

/** The line's particulars in one cell: family, wanted date, allocations, delivery address. */
const lineDetails = (l: Need['lines'][number], format: Formatter) =>
  [
    l.product_family,
    l.wanted_date === null ? null : format.date(l.wanted_date),
    [l.allocation1, l.allocation2, l.allocation3, l.allocation4].filter(Boolean).join(' / ') || null,
    l.delivery_address,
  ]
    .filter(Boolean)
    .join(' · ')

/** needs/{id}: the request and what this user may do with it. */
export const NeedPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const change = useChange(['need'])
  const toasts = useToasts()
  const statusLabel = useStatusLabel()
  const subStatusLabel = useSubStatusLabel()
  const need = useAnswer(`/bwapi/needs/${id}`, NeedAnswerPage)
  const format = useFormat()
  const [transforming, setTransforming] = useState(false)
  const [refusing, setRefusing] = useState(false)
  const overrun = useOverrunQuestion()
  const navigate = useNavigate()
  if (need.isError) return <ErrorState error={need.error} />
  if (need.data === undefined) return <p role="status">{t('common.loading')}</p>
  const n = need.data.data
  const duplicate = async () => {
    try {
      const copy = await change.mutateAsync(() =>
        apiRead(`/bwapi/needs/${n.id}/duplicate`, CreatedAnswerSchema, {
          method: 'POST',
        }),
      )
      navigate(`/needs/${copy.data.id}`)
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const act = async (action: string, body: Record<string, unknown> = {}) => {
    if (action === 'transform') return setTransforming(true)
    try {
      await change.mutateAsync(() => apiFetch(`/bwapi/needs/${n.id}/${action}`, { method: 'POST', body }))
      toasts.show('success', t('orders.done', { action: t(`needs.actions.${action}`), code: n.code }))
    } catch (error) {
      if (overrun.ask(error, () => void act(action, { ...body, confirm: true }))) return undefined
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
    return undefined
  }
  return (
    <section>
      <DocumentHeader
        code={`${n.code} — ${n.title}`}
        badges={<StatusBadge status={n.status} label={statusLabel(n.status)} />}
        actionsLabel={t('table.actions')}
        actions={
          <>
            {apartRefusal(n.actions.filter((a) => a !== 'edit')).map((action) => (
              <Fragment key={action}>
                {action === 'refuse' ? <span className="pc-actions__gap" aria-hidden="true" /> : null}
                <Button
                  variant={action === 'refuse' || action === 'cancel' ? 'danger' : 'primary'}
                  onClick={() => (action === 'refuse' ? setRefusing(true) : void act(action))}
                >
                  {t(`needs.actions.${action}`)}
                </Button>
              </Fragment>
            ))}
            <Button variant="secondary" onClick={() => void duplicate()}>
              {t('needs.actions.duplicate')}
            </Button>
            {n.actions.includes('transform') ? (
              <ButtonLink as={Link} variant="secondary" to={`/rfqs/new?needs=${n.id}`}>
                {t('needs.actions.ask_quotes')}
              </ButtonLink>
            ) : null}
            {n.can_edit ? (
              <ButtonLink as={Link} variant="secondary" to={`/needs/${n.id}/edit`}>
                {t('orders.editButton')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
      <RefusedActions refused={n.refused_actions} label={(action) => t(`needs.actions.${action}`)} />
      <p>
        {t('orders.fields.amount')}: <strong>{format.money(n.amount_exctax)}</strong>
      </p>
      <p>
        {t('needs.fields.processing')}: {t(`needs.processing.${n.processing}`)}
        {n.order !== null ? (
          <>
            {' · '}
            <Link to={`/purchase-orders/${n.order.id}`}>{t('needs.seeOrder')}</Link>
          </>
        ) : null}
      </p>
      {n.comment ? (
        <dl className="pc-facts" aria-label={t('needs.fields.comment')}>
          <dt>{t('needs.fields.comment')}</dt>
          <dd className="pc-pre-line">{n.comment}</dd>
        </dl>
      ) : null}
      {(n.custom ?? []).length > 0 ? (
        <dl className="pc-facts" aria-label={t('customFields.legend')}>
          <CustomValuesShown custom={n.custom ?? []} date={format.date} />
        </dl>
      ) : null}
      {n.order !== null ? (
        <dl className="pc-facts" aria-label={t('needs.followOrder')}>
          <dt>{t('needs.order')}</dt>
          <dd>
            {n.order.code} <StatusBadge status={n.order.status} label={statusLabel(n.order.status)} />
          </dd>
          <dt>{t('needs.delivery')}</dt>
          <dd>{subStatusLabel(DELIVERY_STATUS_LABELS, n.order.delivery_status)}</dd>
          <dt>{t('needs.billing')}</dt>
          <dd>{subStatusLabel(BILLING_STATUS_LABELS, n.order.billing_status)}</dd>
        </dl>
      ) : null}
      {n.waiting_on.length > 0 ? (
        <p>
          {t('needs.waitingOn', { names: n.waiting_on.map((login) => n.names[login] ?? login).join(', ') })}
        </p>
      ) : null}
      <RefusalNote refusal={n.refusal} />
      <BudgetPanel base={`/bwapi/needs/${n.id}`} />
      <Table
        caption={t('orders.fields.lines')}
        columns={[
          { key: 'description', header: t('needs.fields.description'), cell: (l) => l.description },
          {
            key: 'quantity',
            header: t('orders.fields.quantity'),
            cell: (l) => format.quantity(l.quantity, l.unit),
            className: 'pc-nowrap',
          },
          {
            key: 'price',
            header: t('needs.fields.estimatedPrice'),
            cell: (l) => format.amount(l.unit_price_exctax),
          },
          { key: 'amount', header: t('orders.fields.amount'), cell: (l) => format.amount(l.amount_exctax) },
          { key: 'details', header: t('needs.fields.details'), cell: (l) => lineDetails(l, format) },
        ]}
        rows={n.lines}
        rowKey={(l) => `${l.description}-${l.quantity}`}
      />
      <DocumentPanel base={`/bwapi/needs/${n.id}`} recipients={n.people} />
      <DocumentHistory model="need" id={n.id} />
      <TransformModal
        needId={n.id}
        lines={n.lines}
        open={transforming}
        onClose={() => setTransforming(false)}
      />
      <RefuseDialog
        open={refusing}
        code={n.code}
        author="requester"
        onCancel={() => setRefusing(false)}
        onRefuse={(reason) => {
          setRefusing(false)
          void act('refuse', { reason })
        }}
      />
      {overrun.dialog}
    </section>
  )
}

/**
 * Turning a request into orders: lines picked with a supplier go to it (one order per supplier, as
 * the cart does); the supplier chosen here takes the lines that name none. The choices are the
 * server's (currencies it accepts); its refusals show under their fields.
 */
const TransformModal = ({
  needId,
  lines,
  open,
  onClose,
}: {
  needId: number
  lines: Need['lines']
  open: boolean
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['need'])
  const toasts = useToasts()
  const choices = useAnswer('/bwapi/purchase-orders/create', OrderFormDataAnswerSchema, { enabled: open })
  const { errors, message, busy, send } = useSubmit()
  const named = lines.some((l) => (l.supplier_id ?? null) !== null)
  const proposed = proposedSupplier(lines.map((l) => ({ supplier_id: l.supplier_id ?? null })))
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const supplier = String(f.get('supplier_id') ?? '')
    const body = {
      need_ids: [needId],
      supplier_id: supplier === '' ? null : Number(supplier),
      company_id: Number(f.get('company_id')),
      currency_code: f.get('currency_code'),
    }
    await send(TransformNeedsSchema, body, async () => {
      const answer = await change.mutateAsync(() =>
        apiRead('/bwapi/needs/transform', NeedsTransformedAnswerSchema, { method: 'POST', body }),
      )
      toasts.show(
        'success',
        t('needs.ordersMade', {
          count: answer.data.orders.length,
          codes: answer.data.orders.map((o) => o.code).join(', '),
        }),
      )
      navigate(`/purchase-orders/${answer.data.purchase_order_id}`)
    })
  }
  return (
    <Modal title={t('needs.actions.transform')} open={open} onClose={onClose} closeLabel={t('common.close')}>
      {choices.data === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormAlert message={message} />
          <SelectField
            label={t('orders.fields.supplier')}
            name="supplier_id"
            defaultValue={proposed === null ? '' : String(proposed)}
            options={[
              { value: '', label: named ? t('needs.linesSuppliers') : t('needs.chooseSupplier') },
              ...choices.data.suppliers.map((s) => ({ value: String(s.id), label: s.company_name })),
            ]}
            errors={errors.supplier_id ?? []}
          />
          <ModuleSelect
            module="multi_company"
            label={t('orders.fields.company')}
            name="company_id"
            options={choices.data.companies.map((c) => ({ value: String(c.id), label: c.label }))}
            errors={errors.company_id ?? []}
          />
          <ModuleSelect
            module="multi_currency"
            label={t('orders.fields.currency')}
            name="currency_code"
            defaultValue={choices.data.currencies[0]?.code ?? 'EUR'}
            options={choices.data.currencies.map((c) => ({ value: c.code, label: c.code }))}
            errors={errors.currency_code ?? []}
          />
          <Button type="submit" loading={busy}>
            {t('needs.actions.transform')}
          </Button>
        </form>
      )}
    </Modal>
  )
}
