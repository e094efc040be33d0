import {
  PaymentGroupAnswerSchema,
  PaymentGroupMovedAnswerSchema,
  SepaExportedAnswerSchema,
} from '@procura/core/payment'
import { Button } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { SelectField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { z } from 'zod'
import { useChange } from '../../http/changes'
import { ApiError, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { RefuseDialog, RefusedActions } from '../decision'
import { ErrorState } from '../error-state'

/** A payment group and its lines as its page reads them: core's answer schema (checked by the API's tests). */
const PaymentGroupPage = z.object({ data: PaymentGroupAnswerSchema })

/** Statuses whose lines can be paid or cancelled by hand, as core's table says. */
const PAYABLE = ['validated', 'planified']
const CANCELLABLE = ['draft', 'awaiting', 'validated', 'blocked', 'error']

/** payments/{id}: the payment details page — its lines and their statuses, its circuit, its SEPA files. */
export const PaymentPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const change = useChange(['payment'])
  const toasts = useToasts()
  const format = useFormat()
  const group = useAnswer(`/bwapi/payment-groups/${id}`, PaymentGroupPage)
  const [selected, setSelected] = useState<number[]>([])
  const [confirming, setConfirming] = useState<'pay' | 'cancel' | 'export' | null>(null)
  const [refusing, setRefusing] = useState(false)
  const [sepaFormat, setSepaFormat] = useState('09')
  if (group.isError) return <ErrorState error={group.error} />
  if (group.data === undefined) return <p role="status">{t('common.loading')}</p>
  const g = group.data.data
  const fail = (error: unknown) =>
    toasts.show(
      'error',
      error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
    )
  const act = async (action: string, body: Record<string, unknown> = {}) => {
    try {
      const done = await change.mutateAsync(() =>
        apiRead(`/bwapi/payment-groups/${g.id}/${action}`, PaymentGroupMovedAnswerSchema, {
          method: 'POST',
          body,
        }),
      )
      toasts.show(
        'success',
        t('payments.done', { action: t(`payments.actions.${action}`), count: done.data.moved }),
      )
      setSelected([])
    } catch (error) {
      fail(error)
    }
  }
  const exportFile = async () => {
    try {
      const made = await change.mutateAsync(() =>
        apiRead(`/bwapi/payment-groups/${g.id}/sepa`, SepaExportedAnswerSchema, {
          method: 'POST',
          body: { format: sepaFormat },
        }),
      )
      toasts.show(
        'success',
        [
          t('payments.exported', { reference: made.data.message_id, count: made.data.line_count }),
          made.data.date_moved
            ? t('payments.dateMoved', {
                requested: format.date(made.data.requested_date),
                date: format.date(made.data.execution_date),
              })
            : '',
        ]
          .join(' ')
          .trim(),
      )
    } catch (error) {
      fail(error)
    }
  }
  const chosen = (statuses: string[]) =>
    g.lines.filter((l) => selected.includes(l.id) && statuses.includes(l.status)).map((l) => l.id)
  const scope = (statuses: string[]) => {
    const ids = chosen(statuses)
    return ids.length > 0 ? { line_ids: ids } : {}
  }
  const countFor = (action: 'pay' | 'cancel') => {
    const statuses = action === 'pay' ? PAYABLE : CANCELLABLE
    return chosen(statuses).length || g.lines.filter((l) => statuses.includes(l.status)).length
  }
  return (
    <section>
      <DocumentHeader
        code={g.code}
        badges={<StatusBadge status={g.status} label={t(`payments.statuses.${g.status}`)} />}
        actionsLabel={t('table.actions')}
        actions={
          <>
            {g.actions.includes('submit') ? (
              <Button variant="primary" onClick={() => void act('submit')}>
                {t('payments.actions.submit')}
              </Button>
            ) : null}
            {g.actions.includes('validate') ? (
              <>
                <Button variant="primary" onClick={() => void act('validate')}>
                  {t('payments.actions.validate')}
                </Button>
                <Button variant="danger" onClick={() => setRefusing(true)}>
                  {t('payments.actions.refuse')}
                </Button>
              </>
            ) : null}
            {g.actions.includes('pay') ? (
              <Button variant="secondary" onClick={() => setConfirming('pay')}>
                {t('payments.actions.pay')}
              </Button>
            ) : null}
            {g.actions.includes('cancel') ? (
              <Button variant="danger" onClick={() => setConfirming('cancel')}>
                {t('payments.actions.cancel')}
              </Button>
            ) : null}
          </>
        }
      />
      <RefusedActions refused={g.refused_actions} label={(action) => t(`payments.actions.${action}`)} />
      <dl className="pc-facts">
        <dt>{t('payments.fields.paymentDate')}</dt>
        <dd>{format.date(g.payment_date)}</dd>
        <dt>{t('payments.fields.company')}</dt>
        <dd>{g.company}</dd>
        <dt>{t('payments.fields.createdBy')}</dt>
        <dd>{g.created_by_label}</dd>
        <dt>{t('payments.fields.amount')}</dt>
        <dd>
          <strong>{format.money(g.amount_inctax, g.currency_code)}</strong>
        </dd>
      </dl>
      {g.waiting_on.length > 0 ? (
        <p>{t('needs.waitingOn', { names: g.waiting_on.map((l) => g.names[l] ?? l).join(', ') })}</p>
      ) : null}

      <Table
        caption={t('payments.linesTitle')}
        columns={[
          {
            key: 'select',
            header: <span className="pc-visually-hidden">{t('payments.select')}</span>,
            cell: (l) => (
              <input
                type="checkbox"
                aria-label={t('payments.selectLine', {
                  name: l.invoice_code ?? l.purchase_order_code ?? l.expense_report_code ?? '',
                })}
                checked={selected.includes(l.id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, l.id] : s.filter((x) => x !== l.id)))
                }
              />
            ),
          },
          {
            key: 'supplier',
            header: t('payments.fields.supplier'),
            cell: (l) => (
              <>
                {l.supplier}
                {(l.iban_shared_with ?? []).length > 0 ? (
                  <strong role="alert" className="pc-warning">
                    {' '}
                    {t('bankAccounts.sharedWith', { suppliers: (l.iban_shared_with ?? []).join(', ') })}
                  </strong>
                ) : null}
              </>
            ),
          },
          {
            key: 'paid',
            header: t('payments.fields.paid'),
            cell: (l) =>
              l.supplier_invoice_id !== null ? (
                <Link to={`/supplier-invoices/${l.supplier_invoice_id}`}>
                  {l.invoice_code} ({l.invoice_label})
                </Link>
              ) : l.purchase_order_id !== null ? (
                <Link to={`/purchase-orders/${l.purchase_order_id}`}>
                  {t('payments.deposit', { code: l.purchase_order_code })}
                </Link>
              ) : (
                <Link to={`/expense-reports/${l.expense_report_id}`}>
                  {t('payments.expenseReport', { code: l.expense_report_code })}
                </Link>
              ),
          },
          {
            key: 'amount',
            header: t('payments.fields.amount'),
            cell: (l) => format.money(l.amount_inctax, g.currency_code),
            numeric: true,
          },
          {
            key: 'status',
            header: t('payments.fields.status'),
            cell: (l) => (
              <>
                <StatusBadge status={l.status} label={t(`payments.statuses.${l.status}`)} />
                {l.reason_code !== null ? ` ${t('payments.reason', { code: l.reason_code })}` : null}
              </>
            ),
          },
        ]}
        rows={g.lines}
        rowKey={(l) => l.id}
      />
      <section aria-labelledby="sepa-title">
        <h2 id="sepa-title">{t('payments.sepaTitle')}</h2>
        {g.actions.includes('export') ? (
          <div className="pc-actions">
            <SelectField
              label={t('payments.sepaFormat')}
              value={sepaFormat}
              onChange={(e) => setSepaFormat(e.target.value)}
              options={[
                { value: '09', label: 'pain.001.001.09' },
                { value: '03', label: 'pain.001.001.03' },
              ]}
            />
            <Button variant="primary" onClick={() => setConfirming('export')}>
              {t('payments.actions.export')}
            </Button>
          </div>
        ) : (
          <p>{g.exports.length === 0 ? t('payments.sepaNone') : null}</p>
        )}
        {g.exports.length > 0 ? (
          <ul>
            {g.exports.map((e) => (
              <li key={e.id}>
                <a href={`/bwapi/payment-groups/${g.id}/exports/${e.id}/file`} download>
                  {e.message_id}.xml
                </a>{' '}
                — pain.001.001.{e.format},{' '}
                {t('payments.sepaSummary', {
                  count: e.line_count,
                  amount: format.money(e.control_sum, g.currency_code),
                  date: format.dateTime(e.created_at),
                })}
                {e.execution_date
                  ? ` — ${t('payments.executionDate', { date: format.date(e.execution_date) })}`
                  : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <ConfirmDialog
        open={confirming !== null}
        title={t(`payments.actions.${confirming ?? 'pay'}`)}
        message={
          confirming === 'export'
            ? t('payments.exportConfirm', { code: g.code })
            : t(`payments.${confirming ?? 'pay'}Confirm`, {
                count: countFor(confirming === 'cancel' ? 'cancel' : 'pay'),
              })
        }
        confirmLabel={t(`payments.actions.${confirming ?? 'pay'}`)}
        cancelLabel={t('common.back')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming
          setConfirming(null)
          if (action === 'export') void exportFile()
          else if (action === 'pay') void act('pay', scope(PAYABLE))
          else if (action === 'cancel') void act('cancel', scope(CANCELLABLE))
        }}
      />
      <RefuseDialog
        open={refusing}
        code={g.code}
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
