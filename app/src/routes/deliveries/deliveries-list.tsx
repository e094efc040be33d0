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

export type DeliveryRow = {
  id: number
  code: string
  kind: 'delivery' | 'technical'
  status: string
  purchase_order_id: number
  purchase_order_code: string
  supplier: string
  delivery_date: string
  delivery_note_number: string | null
  amount_exctax: string
  currency_code: string
  created_by: string
}

/** deliveries: the deliveries and technical deliveries of every order this user may see. */
export const DeliveriesList = () => {
  const { t } = useTranslation()
  const labels = useTableLabels()
  const format = useFormat()
  const { params, query, update, sort } = useListParams({ key: 'created_at', direction: 'desc' })
  const conventions = useListIndex('/bwapi/deliveries', params)
  const list = useQuery({
    queryKey: ['/bwapi/deliveries', query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: DeliveryRow[]
        meta: { total: number; total_exact: boolean; page: number; per_page: number }
      }>(`/bwapi/deliveries?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('deliveries.title')}</h1>
      <DataTable<DeliveryRow>
        caption={t('deliveries.title')}
        columns={[
          {
            key: 'code',
            label: t('deliveries.fields.code'),
            sortable: true,
            render: (r) => <Link to={`/deliveries/${r.id}`}>{r.code}</Link>,
          },
          { key: 'kind', label: t('deliveries.fields.kind'), render: (r) => t(`deliveries.kinds.${r.kind}`) },
          {
            key: 'purchase_order_code',
            label: t('deliveries.fields.order'),
            render: (r) => (
              <Link to={`/purchase-orders/${r.purchase_order_id}`}>{r.purchase_order_code}</Link>
            ),
          },
          { key: 'supplier', label: t('deliveries.fields.supplier') },
          {
            key: 'delivery_date',
            label: t('deliveries.fields.deliveryDate'),
            sortable: true,
            render: (r) => format.date(r.delivery_date),
          },
          {
            key: 'status',
            label: t('deliveries.fields.status'),
            sortable: true,
            render: (r) => <StatusBadge status={r.status} label={t(`deliveries.statuses.${r.status}`)} />,
          },
          {
            key: 'amount_exctax',
            label: t('deliveries.fields.amount'),
            render: (r) => format.money(r.amount_exctax, r.currency_code),
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
