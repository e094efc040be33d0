import { canPreparePayments, canRecordBankAnswers } from '@procura/core/payment'
import { DataTable } from '@procura/ui-kit/data-table'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { apiFetch } from '../../http/client'
import { useFormat } from '../../http/use-format'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useListIndex } from '../use-list-index'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'
import { BankAnswerUpload } from './bank-answer-upload'

type Row = {
  id: number
  code: string
  payment_date: string
  company: string
  currency_code: string
  amount_inctax: string
  status: string
  line_count: number
  suppliers: string[]
  created_by: string
}

/** payments: the payment groups, the way to pay what is due, and the bank's answers. */
export const PaymentsList = () => {
  const { t } = useTranslation()
  const labels = useTableLabels()
  const format = useFormat()
  const user = useCurrentUser()
  // What this user may do is core's decision (core/payment access).
  const prepares = canPreparePayments(user)
  const { params, query, update, sort } = useListParams({ key: 'created_at', direction: 'desc' })
  const conventions = useListIndex('/bwapi/payment-groups', params)
  const list = useQuery({
    queryKey: ['/bwapi/payment-groups', query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: Row[]
        meta: { total: number; total_exact: boolean; page: number; per_page: number }
      }>(`/bwapi/payment-groups?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('payments.title')}</h1>
      {prepares ? (
        <p className="pc-actions">
          <Link className="pc-button pc-button--primary" to="/payments/new">
            {t('payments.new')}
          </Link>
          {user.permissions.includes('admin_menu') ? (
            <Link className="pc-button pc-button--secondary" to="/payments/accounts">
              {t('payments.accountsTitle')}
            </Link>
          ) : null}
        </p>
      ) : null}
      <DataTable<Row>
        caption={t('payments.title')}
        columns={[
          {
            key: 'code',
            label: t('payments.fields.code'),
            sortable: true,
            render: (r) => <Link to={`/payments/${r.id}`}>{r.code}</Link>,
          },
          {
            key: 'payment_date',
            label: t('payments.fields.paymentDate'),
            sortable: true,
            render: (r) => format.date(r.payment_date),
          },
          { key: 'company', label: t('payments.fields.company') },
          {
            key: 'suppliers',
            label: t('payments.fields.suppliers'),
            render: (r) => `${r.suppliers.slice(0, 2).join(', ')}${r.suppliers.length > 2 ? '…' : ''}`,
          },
          { key: 'line_count', label: t('payments.fields.lines') },
          {
            key: 'status',
            label: t('payments.fields.status'),
            render: (r) => <StatusBadge status={r.status} label={t(`payments.statuses.${r.status}`)} />,
          },
          {
            key: 'amount_inctax',
            label: t('payments.fields.amount'),
            sortable: true,
            render: (r) => format.money(r.amount_inctax, r.currency_code),
          },
        ]}
        rows={list.data.data}
        rowLabel={(r) => r.code}
        total={list.data.meta.total}
        totalExact={list.data.meta.total_exact}
        page={list.data.meta.page}
        perPage={list.data.meta.per_page}
        sort={sort}
        onSortChange={(sort) => update({ sort: sort.key, direction: sort.direction })}
        onPageChange={(page) => update({ page: String(page) })}
        onPerPageChange={(perPage) => update({ per_page: String(perPage) })}
        search={params.get('search') ?? ''}
        onSearchChange={(search) => update({ search })}
        filters={conventions.filters}
        onFilterChange={(key, value) => update({ [key]: value })}
        bulkActions={conventions.bulkActions}
        onBulkAction={conventions.onBulkAction}
        loading={list.isFetching}
        labels={labels}
      />
      {conventions.dialog}
      {canRecordBankAnswers(user) ? <BankAnswerUpload /> : null}
    </section>
  )
}
