import type { PaymentTerm } from '@procura/core/payment'
import { DataTable } from '@procura/ui-kit/data-table'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { apiFetch } from '../../http/client'
import { useFormat } from '../../http/use-format'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useStatusLabel } from '../orders/use-status-label'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'

export type SupplierRow = {
  id: number
  code: string
  company_name: string
  status: string
  currency_code: string
  max_per_order: string | null
  max_per_year: string | null
  address?: string | null
  intra_community_vat?: string | null
  siret?: string | null
  accounting_code?: string | null
  payment_term?: PaymentTerm | null
  payment_type?: 'none' | 'transfer'
}

/** suppliers: who the organisation orders from. */
export const SuppliersList = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const format = useFormat()
  const statusLabel = useStatusLabel()
  const labels = useTableLabels()
  const { params, query, update, sort } = useListParams({ key: 'company_name', direction: 'asc' })
  const list = useQuery({
    queryKey: ['/bwapi/suppliers', query],
    queryFn: ({ signal }) =>
      apiFetch<{ data: SupplierRow[]; meta: { total: number; page: number; per_page: number } }>(
        `/bwapi/suppliers?${query}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  })
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  const ceiling = (value: string | null, currency: string) =>
    value === null ? '—' : format.money(value, currency)
  return (
    <section>
      <h1>{t('suppliers.title')}</h1>
      {user.buyer ? (
        <p>
          <Link className="pc-button pc-button--primary" to="/suppliers/new">
            {t('suppliers.new')}
          </Link>
        </p>
      ) : null}
      <DataTable<SupplierRow>
        caption={t('suppliers.title')}
        columns={[
          {
            key: 'code',
            label: t('suppliers.fields.code'),
            sortable: true,
            render: (r) => <Link to={`/suppliers/${r.id}`}>{r.code}</Link>,
          },
          { key: 'company_name', label: t('suppliers.fields.companyName'), sortable: true },
          {
            key: 'status',
            label: t('orders.fields.status'),
            sortable: true,
            render: (r) => <StatusBadge status={r.status} label={statusLabel(r.status)} />,
          },
          { key: 'currency_code', label: t('orders.fields.currency') },
          {
            key: 'max_per_order',
            label: t('suppliers.fields.maxPerOrder'),
            render: (r) => ceiling(r.max_per_order, r.currency_code),
          },
          {
            key: 'max_per_year',
            label: t('suppliers.fields.maxPerYear'),
            render: (r) => ceiling(r.max_per_year, r.currency_code),
          },
        ]}
        rows={list.data.data}
        rowLabel={(r) => r.company_name}
        total={list.data.meta.total}
        page={list.data.meta.page}
        perPage={list.data.meta.per_page}
        sort={sort}
        onSortChange={(sort) => update({ sort: sort.key, direction: sort.direction })}
        onPageChange={(page) => update({ page: String(page) })}
        onPerPageChange={(perPage) => update({ per_page: String(perPage) })}
        search={params.get('search') ?? ''}
        onSearchChange={(search) => update({ search })}
        filters={[
          {
            key: 'status',
            label: t('orders.fields.status'),
            options: (['active', 'inactive', 'prospect'] as const).map((s) => ({
              value: s,
              label: statusLabel(s),
            })),
            ...(params.get('status') ? { value: params.get('status') ?? '' } : {}),
          },
        ]}
        onFilterChange={(key, value) => update({ [key]: value })}
        rowActions={() => [{ action: 'open', label: t('suppliers.open') }]}
        onRowAction={(row) => navigate(`/suppliers/${row.id}`)}
        loading={list.isFetching}
        labels={labels}
      />
    </section>
  )
}
