/** budgets/{id}: one budget, what it holds and the documents behind it. */

import { dataOf } from '@procura/core/answer'
import { BudgetAnswerSchema } from '@procura/core/budget'
import { Button } from '@procura/ui-kit/button'
import { RankChart } from '@procura/ui-kit/chart'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { FormAlert } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { RefusedActions } from '../decision'
import { ErrorState } from '../error-state'
import { GenerateDialog } from './budget-analysis'
import { Available } from './budget-available'
import { BudgetForm } from './budget-form'

const BudgetRead = dataOf(BudgetAnswerSchema)

/** budgets/{id}: what the budget may spend, what holds it (a chart and the documents), and its form. */
export const BudgetPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const format = useFormat()
  const navigate = useNavigate()
  const toasts = useToasts()
  const change = useChange(['budget'])
  const { message, run } = useSubmit()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [copying, setCopying] = useState(false)
  const answer = useAnswer(`/bwapi/budgets/${id}`, BudgetRead)
  if (answer.isError) return <ErrorState error={answer.error} />
  const b = answer.data?.data
  if (b === undefined) return <p role="status">{t('common.loading')}</p>
  const may = (action: string) => (b.actions ?? []).includes(action)
  const money = (v: string) => format.money(v, b.currency_code)
  const remove = () =>
    run(async () => {
      await change.mutateAsync(() => apiFetch(`/bwapi/budgets/${b.id}`, { method: 'DELETE' }))
      toasts.show('success', t('budgets.deleted'))
      navigate('/budgets')
    })
  if (editing) return <BudgetForm budget={b} onDone={() => setEditing(false)} />
  return (
    <section>
      <DocumentHeader
        code={b.label ?? b.key}
        actionsLabel={t('table.actions')}
        badges={
          <StatusBadge
            status={b.overrun ? 'refused' : 'validated'}
            label={t(`budgets.actions.${b.overrun_action}`)}
          />
        }
        actions={
          <>
            {may('edit') ? <Button onClick={() => setEditing(true)}>{t('budgets.edit')}</Button> : null}
            {may('duplicate') ? (
              <Button variant="secondary" onClick={() => setCopying(true)}>
                {t('budgets.duplicate')}
              </Button>
            ) : null}
            {may('delete') ? (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                {t('budgets.delete')}
              </Button>
            ) : null}
          </>
        }
      >
        <FormAlert message={message} />
        <RefusedActions refused={b.refused_actions} label={(action) => t(`budgets.${action}`)} />
        <dl className="pc-facts">
          <dt>{t('budgets.period')}</dt>
          <dd>{b.fiscal_period}</dd>
          <dt>{t('budgets.key')}</dt>
          <dd>{b.key}</dd>
          <dt>{t('budgets.amount')}</dt>
          <dd>{money(b.amount)}</dd>
          <dt>{t('budgets.available')}</dt>
          <dd>
            <Available budget={b} />
          </dd>
          {b.owner ? (
            <>
              <dt>{t('budgets.owner')}</dt>
              <dd>{b.owner}</dd>
            </>
          ) : null}
        </dl>
      </DocumentHeader>
      <RankChart
        title={t('budgets.chart')}
        summary={`${t('budgets.amount')} ${money(b.amount)} — ${t('budgets.available')} ${money(b.available)}`}
        tableLabel={t('budgets.chart')}
        empty={t('budgets.documentsEmpty')}
        categoryLabel={t('budgets.kind')}
        format={(v) => money(String(v))}
        parts={[
          { key: 'amount', label: t('budgets.amount'), value: Number(b.amount) },
          { key: 'reserved', label: t('budgets.reserved'), value: Number(b.reserved) },
          { key: 'committed', label: t('budgets.committed'), value: Number(b.committed) },
          { key: 'actual', label: t('budgets.actual'), value: Number(b.actual) },
        ]}
      />
      <h2>{t('budgets.documents')}</h2>
      {(b.documents ?? []).length === 0 ? (
        <p>{t('budgets.documentsEmpty')}</p>
      ) : (
        <div className="pc-table-scroll">
          <Table
            label={t('budgets.documents')}
            columns={[
              {
                key: 'document',
                header: t('budgets.document'),
                cell: (d) => <Link to={d.page}>{d.code}</Link>,
              },
              { key: 'kind', header: t('budgets.kind'), cell: (d) => t(`budgets.kinds.${d.kind}`) },
              { key: 'held', header: t('budgets.held'), cell: (d) => money(d.amount), numeric: true },
            ]}
            rows={b.documents ?? []}
            rowKey={(d) => `${d.model}-${d.id}-${d.kind}`}
          />
        </div>
      )}
      <GenerateDialog
        open={copying}
        title={t('budgets.duplicate')}
        from={b.fiscal_period_id}
        budgetIds={[b.id]}
        onClose={() => setCopying(false)}
      />
      <ConfirmDialog
        open={deleting}
        title={t('budgets.delete')}
        message={t('budgets.deleteConfirm')}
        confirmLabel={t('budgets.delete')}
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
