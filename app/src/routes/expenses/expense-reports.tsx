import { CreatedAnswerSchema, dataOf, rowsOf } from '@procura/core/answer'
import {
  ExpenseReportAnswerSchema,
  ExpenseReportInputSchema,
  ExpenseReportRowAnswerSchema,
  FreeExpenseAnswerSchema,
} from '@procura/core/expense'
import { sumAmounts } from '@procura/core/money'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { CheckboxField, FormAlert, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { RefusedActions } from '../decision'
import { ErrorState } from '../error-state'
import { ListPage } from '../list-page'
import { PayNow } from '../payments/pay-now'

const FreeExpenseRows = rowsOf(FreeExpenseAnswerSchema)
const ExpenseReportRead = dataOf(ExpenseReportAnswerSchema)

/** expense-reports: the reports this user may see (their own, those they validate, all for who pays). */
export const ExpenseReportsList = () => {
  const { t } = useTranslation()
  return (
    <ListPage
      row={ExpenseReportRowAnswerSchema}
      base="/bwapi/expense-reports"
      name="expense-reports"
      title={t('expenses.reports.title')}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      render={{ code: (r) => <Link to={`/expense-reports/${r.id}`}>{r.code}</Link> }}
      rowLabel={(r) => r.code}
      actions={
        <ButtonLink as={Link} variant="primary" to="/expense-reports/new">
          {t('expenses.reports.new')}
        </ButtonLink>
      }
      empty={t('expenses.reports.empty')}
    />
  )
}

/** expense-reports/new: a report of one's expenses that are in no report yet. */
export const NewExpenseReport = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const toasts = useToasts()
  const change = useChange(['expense'])
  const free = useAnswer(
    '/bwapi/expenses?payment_status=no&per_page=100&sort=expense_date&direction=asc',
    FreeExpenseRows,
  )
  const { message, busy, send } = useSubmit()
  const [chosen, setChosen] = useState<number[]>([])
  if (free.isError) return <ErrorState error={free.error} />
  const rows = free.data?.data
  if (rows === undefined) return <p role="status">{t('common.loading')}</p>
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const label = String(new FormData(event.currentTarget).get('label') ?? '').trim()
    let id: number | undefined
    const body = { label, expense_ids: chosen }
    const ok = await send(ExpenseReportInputSchema, body, async () => {
      id = (
        await change.mutateAsync(() =>
          apiRead('/bwapi/expense-reports', CreatedAnswerSchema, { method: 'POST', body }),
        )
      ).data.id
    })
    if (ok && id !== undefined) {
      toasts.show('success', t('expenses.reports.made'))
      navigate(`/expense-reports/${id}`)
    }
  }
  // What the chosen expenses total, per currency, summed exactly.
  const totals = new Map<string, string[]>()
  for (const r of rows.filter((x) => chosen.includes(x.id)))
    totals.set(r.currency_code, [...(totals.get(r.currency_code) ?? []), r.amount_inctax])
  return (
    <section>
      <h1>{t('expenses.reports.new')}</h1>
      <form onSubmit={submit} noValidate aria-label={t('expenses.reports.new')}>
        <FormAlert message={message} />
        <TextField label={t('expenses.fields.label')} name="label" />
        {rows.length === 0 ? (
          <p>{t('expenses.reports.nothingFree')}</p>
        ) : (
          <fieldset>
            <legend>{t('expenses.reports.choose')}</legend>
            {rows.map((r) => (
              <CheckboxField
                key={r.id}
                label={`${format.date(r.expense_date)} — ${r.type}${r.label ? ` (${r.label})` : ''} — ${format.money(r.amount_inctax, r.currency_code)}`}
                checked={chosen.includes(r.id)}
                onChange={(event) =>
                  setChosen(
                    event.currentTarget.checked ? [...chosen, r.id] : chosen.filter((id) => id !== r.id),
                  )
                }
              />
            ))}
          </fieldset>
        )}
        <p role="status">
          {t('expenses.reports.total', {
            count: chosen.length,
            total:
              [...totals]
                .map(([currency, amounts]) => format.money(sumAmounts(amounts, format.decimals), currency))
                .join(' + ') || '—',
          })}
        </p>
        <Button type="submit" loading={busy}>
          {t('expenses.reports.make')}
        </Button>
      </form>
    </section>
  )
}

/**
 * expense-reports/{id}: the report, its expenses and the actions this user may take: its employee
 * submits it (or reopens it once refused, or deletes it while a draft), its validator validates or
 * refuses it with a reason; its payment shows once a payment group pays it.
 */
export const ExpenseReportPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const format = useFormat()
  const navigate = useNavigate()
  const toasts = useToasts()
  const change = useChange(['expense'])
  const { message, busy, run } = useSubmit()
  const [refusing, setRefusing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const answer = useAnswer(`/bwapi/expense-reports/${id}`, ExpenseReportRead)
  if (answer.isError) return <ErrorState error={answer.error} />
  const r = answer.data?.data
  if (r === undefined) return <p role="status">{t('common.loading')}</p>
  const money = (v: string) => format.money(v, r.currency_code)
  const act = (action: string, body: Record<string, string> = {}) =>
    run(async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/expense-reports/${r.id}/${action}`, { method: 'POST', body }),
      )
      toasts.show('success', t(`expenses.reports.done.${action}`))
    })
  const remove = () =>
    run(async () => {
      await change.mutateAsync(() => apiFetch(`/bwapi/expense-reports/${r.id}`, { method: 'DELETE' }))
      toasts.show('success', t('expenses.reports.deleted'))
      navigate('/expense-reports')
    })
  return (
    <section>
      <DocumentHeader
        code={r.code}
        actionsLabel={t('table.actions')}
        badges={<StatusBadge status={r.status} label={t(`expenses.reports.statuses.${r.status}`)} />}
        actions={
          <>
            {r.actions
              .filter((a) => a !== 'edit')
              .map((action) =>
                action === 'refuse' ? (
                  <Button key={action} variant="danger" onClick={() => setRefusing(true)}>
                    {t('expenses.reports.actions.refuse')}
                  </Button>
                ) : (
                  <Button key={action} loading={busy} onClick={() => void act(action)}>
                    {t(`expenses.reports.actions.${action}`)}
                  </Button>
                ),
              )}
            {r.payable ? (
              <PayNow
                payment={{ expense_reports: [{ expense_report_id: r.id }] }}
                label={t('expenses.reports.pay')}
                stale={['expense']}
              />
            ) : null}
            {r.editable ? (
              <Button variant="ghost" onClick={() => setDeleting(true)}>
                {t('expenses.reports.delete')}
              </Button>
            ) : null}
          </>
        }
      >
        <FormAlert message={message} />
        <RefusedActions
          refused={r.refused_actions}
          label={(action) =>
            action === 'edit' ? t('orders.editButton') : t(`expenses.reports.actions.${action}`)
          }
        />
        <dl className="pc-facts">
          <dt>{t('expenses.reports.employee')}</dt>
          <dd>{r.user}</dd>
          {r.label === '' ? null : (
            <>
              <dt>{t('expenses.fields.label')}</dt>
              <dd>{r.label}</dd>
            </>
          )}
          <dt>{t('expenses.fields.inctax')}</dt>
          <dd>{money(r.amount_inctax)}</dd>
          {r.waiting_on.length === 0 ? null : (
            <>
              <dt>{t('expenses.reports.waitingOn')}</dt>
              <dd>{r.waiting_on.map((login) => r.names[login] ?? login).join(', ')}</dd>
            </>
          )}
          {r.payment_date === null ? null : (
            <>
              <dt>{t('expenses.reports.paymentDate')}</dt>
              <dd>{format.date(r.payment_date)}</dd>
            </>
          )}
          {r.payments.length === 0 ? null : (
            <>
              <dt>{t('expenses.reports.payments')}</dt>
              <dd>
                {r.payments.map((p) => (
                  <span key={p.id}>
                    <Link to={`/payments/${p.group_id}`}>{p.group}</Link> (
                    {t(`payments.statuses.${p.status}`)}){' '}
                  </span>
                ))}
              </dd>
            </>
          )}
        </dl>
      </DocumentHeader>
      <div className="pc-table-scroll">
        <Table
          caption={t('expenses.reports.expenses', { count: r.expense_count })}
          columns={[
            {
              key: 'date',
              header: t('expenses.fields.date'),
              cell: (e) => <Link to={`/expenses/${e.id}`}>{format.date(e.expense_date)}</Link>,
            },
            {
              key: 'type',
              header: t('expenses.fields.type'),
              cell: (e) => (e.distance === null ? e.type : `${e.type} (${format.number(e.distance)} km)`),
            },
            { key: 'label', header: t('expenses.fields.label'), cell: (e) => e.label },
            {
              key: 'exctax',
              header: t('expenses.fields.exctax'),
              cell: (e) => money(e.amount_exctax),
              numeric: true,
            },
            {
              key: 'inctax',
              header: t('expenses.fields.inctax'),
              cell: (e) => money(e.amount_inctax),
              numeric: true,
            },
          ]}
          rows={r.expenses}
          rowKey={(e) => e.id}
          footer={
            <tr>
              <th scope="row" colSpan={3}>
                {t('lists.total')}
              </th>
              <td className="pc-num">{money(r.amount_exctax)}</td>
              <td className="pc-num">{money(r.amount_inctax)}</td>
            </tr>
          }
        />
      </div>
      <RefuseDialog
        open={refusing}
        onClose={() => setRefusing(false)}
        onRefuse={(reason) => {
          setRefusing(false)
          void act('refuse', { reason })
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('expenses.reports.delete')}
        message={t('expenses.reports.deleteConfirm')}
        confirmLabel={t('expenses.reports.delete')}
        cancelLabel={t('common.back')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false)
          void remove()
        }}
      />
    </section>
  )
}

const RefuseDialog = ({
  open,
  onClose,
  onRefuse,
}: {
  open: boolean
  onClose: () => void
  onRefuse: (reason: string) => void
}) => {
  const { t } = useTranslation()
  return (
    <Modal
      title={t('expenses.reports.actions.refuse')}
      open={open}
      onClose={onClose}
      closeLabel={t('common.back')}
    >
      <form
        noValidate
        aria-label={t('expenses.reports.actions.refuse')}
        onSubmit={(event) => {
          event.preventDefault()
          onRefuse(String(new FormData(event.currentTarget).get('reason') ?? '').trim())
        }}
      >
        <TextAreaField label={t('expenses.reports.reason')} name="reason" rows={3} />
        <Button type="submit" variant="danger">
          {t('expenses.reports.actions.refuse')}
        </Button>
      </form>
    </Modal>
  )
}
