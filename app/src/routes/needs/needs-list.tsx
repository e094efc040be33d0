import { DataTable } from '@procura/ui-kit/data-table'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { apiFetch } from '../../http/client'
import { useFormat } from '../../http/use-format'
import { ErrorState } from '../error-state'
import { useStatusLabel } from '../orders/use-status-label'
import { useListIndex } from '../use-list-index'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'

type Row = {
  id: number
  code: string
  title: string
  status: string
  processing: string
  amount_exctax: string
  actions: string[]
}

export const NeedsList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const statusLabel = useStatusLabel()
  const format = useFormat()
  const labels = useTableLabels()
  const { params, query, update, sort } = useListParams({ key: 'created_at', direction: 'desc' })
  const conventions = useListIndex('/bwapi/needs', params)
  const list = useQuery({
    queryKey: ['/bwapi/needs', query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: Row[]
        meta: { total: number; total_exact: boolean; page: number; per_page: number }
      }>(`/bwapi/needs?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })

  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('needs.title')}</h1>
      <p>
        <Link className="pc-button pc-button--primary" to="/needs/new">
          {t('needs.new')}
        </Link>
      </p>
      <DataTable<Row>
        caption={t('needs.title')}
        columns={[
          {
            key: 'code',
            label: t('orders.fields.code'),
            sortable: true,
            render: (r) => <Link to={`/needs/${r.id}`}>{r.code}</Link>,
          },
          { key: 'title', label: t('needs.fields.title') },
          {
            key: 'status',
            label: t('orders.fields.status'),
            sortable: true,
            render: (r) => <StatusBadge status={r.status} label={statusLabel(r.status)} />,
          },
          {
            key: 'processing',
            label: t('needs.fields.processing'),
            render: (r) => t(`needs.processing.${r.processing}`),
          },
          {
            key: 'amount_exctax',
            label: t('orders.fields.amount'),
            sortable: true,
            render: (r) => format.money(r.amount_exctax),
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
        rowActions={(r) => r.actions.map((action) => ({ action, label: t(`needs.actions.${action}`) }))}
        onRowAction={(row) => navigate(`/needs/${row.id}`)}
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
