import { DataTable } from '@procura/ui-kit/data-table'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { apiFetch } from '../../http/client'
import { useFormat } from '../../http/use-format'
import { ErrorState } from '../error-state'
import { useListIndex } from '../use-list-index'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'

type Row = {
  id: number
  code: string
  label: string
  supplier: string
  status: string
  dispute_status: string
  invoice_date: string
  due_date: string
  currency_code: string
  amount_inctax: string
}

/** supplier-invoices: the invoices of the accounts-payable team, with the way to the pending queue. */
export const InvoicesList = () => {
  const { t } = useTranslation()
  const labels = useTableLabels()
  const format = useFormat()
  const { params, query, update, sort } = useListParams({ key: 'created_at', direction: 'desc' })
  const conventions = useListIndex('/bwapi/supplier-invoices', params)
  const list = useQuery({
    queryKey: ['/bwapi/supplier-invoices', query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: Row[]
        meta: { total: number; total_exact: boolean; page: number; per_page: number }
      }>(`/bwapi/supplier-invoices?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('invoices.title')}</h1>
      <p className="pc-actions">
        <Link className="pc-button pc-button--primary" to="/supplier-invoices/new">
          {t('invoices.new')}
        </Link>
        <Link className="pc-button pc-button--secondary" to="/pending-invoices">
          {t('invoices.pendingTitle')}
        </Link>
      </p>
      <DataTable<Row>
        caption={t('invoices.title')}
        columns={[
          {
            key: 'code',
            label: t('invoices.fields.code'),
            sortable: true,
            render: (r) => <Link to={`/supplier-invoices/${r.id}`}>{r.code}</Link>,
          },
          { key: 'label', label: t('invoices.fields.label') },
          { key: 'supplier', label: t('invoices.fields.supplier') },
          {
            key: 'invoice_date',
            label: t('invoices.fields.invoiceDate'),
            sortable: true,
            render: (r) => format.date(r.invoice_date),
          },
          {
            key: 'due_date',
            label: t('invoices.fields.dueDate'),
            sortable: true,
            render: (r) => format.date(r.due_date),
          },
          {
            key: 'status',
            label: t('invoices.fields.status'),
            sortable: true,
            render: (r) => (
              <>
                <StatusBadge status={r.status} label={t(`invoices.statuses.${r.status}`)} />
                {r.dispute_status === 'ongoing' ? (
                  <StatusBadge status="refused" label={t('invoices.disputeStatuses.ongoing')} />
                ) : null}
              </>
            ),
          },
          {
            key: 'amount_inctax',
            label: t('invoices.fields.amountInctax'),
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
    </section>
  )
}
