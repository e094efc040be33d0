import { DataTable } from '@procura/ui-kit/data-table'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ApiError, apiFetch } from '../../http/client'
import { useFormat } from '../../http/use-format'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useListIndex } from '../use-list-index'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'
import { useStatusLabel } from './use-status-label'

type Row = {
  id: number
  code: string
  version: number
  status: string
  supplier: string
  buyer: string
  currency_code: string
  amount_exctax: string
  actions: string[]
}

/** Actions that need the order page (a form or a confirmation) rather than one click. */
const ON_PAGE = new Set(['send', 'back_to_draft', 'new_version', 'cancel'])

export const OrdersList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toasts = useToasts()
  const client = useQueryClient()
  const user = useCurrentUser()
  const statusLabel = useStatusLabel()
  const labels = useTableLabels()
  const format = useFormat()
  const { params, query, update, sort } = useListParams({ key: 'created_at', direction: 'desc' })
  const conventions = useListIndex('/bwapi/purchase-orders', params)
  const list = useQuery({
    queryKey: ['/bwapi/purchase-orders', query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: Row[]
        meta: { total: number; total_exact: boolean; page: number; per_page: number }
      }>(`/bwapi/purchase-orders?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })

  const run = async (row: Row, action: string) => {
    if (ON_PAGE.has(action)) return navigate(`/purchase-orders/${row.id}`)
    try {
      await apiFetch(`/bwapi/purchase-orders/${row.id}/${action}`, { method: 'POST' })
      toasts.show('success', t('orders.done', { action: t(`orders.actions.${action}`), code: row.code }))
      await client.invalidateQueries({ queryKey: ['/bwapi/purchase-orders'] })
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('orders.title')}</h1>
      {user.buyer ? (
        <p>
          <Link className="pc-button pc-button--primary" to="/purchase-orders/new">
            {t('orders.new')}
          </Link>
        </p>
      ) : null}
      <DataTable<Row>
        caption={t('orders.title')}
        columns={[
          {
            key: 'code',
            label: t('orders.fields.code'),
            sortable: true,
            render: (r) => (
              <Link to={`/purchase-orders/${r.id}`}>
                {r.version > 1 ? `${r.code} v${r.version}` : r.code}
              </Link>
            ),
          },
          { key: 'supplier', label: t('orders.fields.supplier') },
          {
            key: 'status',
            label: t('orders.fields.status'),
            sortable: true,
            render: (r) => <StatusBadge status={r.status} label={statusLabel(r.status)} />,
          },
          {
            key: 'amount_exctax',
            label: t('orders.fields.amount'),
            sortable: true,
            render: (r) => format.money(r.amount_exctax, r.currency_code),
          },
          { key: 'buyer', label: t('orders.fields.buyer') },
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
        rowActions={(r) => r.actions.map((action) => ({ action, label: t(`orders.actions.${action}`) }))}
        onRowAction={(row, action) => void run(row, action)}
        bulkActions={conventions.bulkActions}
        onBulkAction={conventions.onBulkAction}
        loading={list.isFetching}
        labels={labels}
      />
      {conventions.dialog}
    </section>
  )
}
