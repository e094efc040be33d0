import { DataTable, type FilterDefinition } from '@procura/ui-kit/data-table'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useNavigate } from 'react-router'
import { ApiError, apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { ErrorState } from '../error-state'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'

type UserRow = {
  id: number
  login: string
  label: string
  email: string
  role: string | null
  role_label: string | null
  active: boolean
  actions: { action: string; label: string }[]
}
type UsersIndex = {
  title: string
  columns: { key: string; label: string; sortable: boolean }[]
  filters: { key: string; label: string }[]
  bulk_actions: { action: string; label: string }[]
  per_page_options: number[]
}
type Pending = { action: string; ids: number[] } | null

const NAVIGATING = new Set(['profile', 'permissions', 'preferences', 'password'])

/** The users list (GET /bwapi/users/index, then /bwapi/users?{query}); its state lives in the URL. */
export const UsersList = () => {
  const { t } = useTranslation()
  const { params, query, update, sort } = useListParams({ key: 'login', direction: 'asc' })
  const navigate = useNavigate()
  const client = useQueryClient()
  const toasts = useToasts()
  const [pending, setPending] = useState<Pending>(null)
  const index = useApi<UsersIndex>('/bwapi/users/index')
  const list = useQuery({
    queryKey: ['/bwapi/users', query],
    queryFn: ({ signal }) =>
      apiFetch<{ data: UserRow[]; meta: { total: number; page: number; per_page: number } }>(
        `/bwapi/users?${query}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  })
  const filterOptions = useQueries({
    queries: (index.data?.filters ?? []).map((f) => ({
      queryKey: ['/bwapi/users/filter-list', f.key],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<{ data: { value: string; label: string }[] }>(`/bwapi/users/filter-list/${f.key}`, {
          signal,
        }),
    })),
  })

  const labels = useTableLabels()

  const run = async (action: string, ids: number[]) => {
    try {
      if (action === 'impersonate') {
        await apiFetch(`/bwapi/users/${ids[0]}/impersonate`, { method: 'POST' })
        // Leave this page first: as the other user it may be forbidden.
        navigate('/')
        await client.invalidateQueries()
        return
      }
      const answer = await apiFetch<{ updated: number }>('/bwapi/users/do-bulk-action', {
        method: 'POST',
        body: { action, ids },
      })
      toasts.show('success', t('users.updated', { count: answer.updated }))
      await client.invalidateQueries({ queryKey: ['/bwapi/users'] })
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }

  const onAction = (ids: number[], action: string) => {
    if (NAVIGATING.has(action)) return navigate(`/users/${ids[0]}/${action}`)
    if (action === 'deactivate' || action === 'activate') return setPending({ action, ids })
    return void run(action, ids)
  }

  if (index.isError || list.isError) return <ErrorState error={index.error ?? list.error} />
  if (index.data === undefined || list.data === undefined) return <p role="status">{t('common.loading')}</p>

  const filters: FilterDefinition[] = index.data.filters.map((f, i) => {
    const value = params.get(f.key)
    return {
      key: f.key,
      label: f.label,
      options: filterOptions[i]?.data?.data ?? [],
      ...(value ? { value } : {}),
    }
  })

  return (
    <section>
      <h1>{index.data.title}</h1>
      <p>
        <Link className="pc-button pc-button--primary" to="/users/create">
          {t('users.create')}
        </Link>
      </p>
      <DataTable<UserRow>
        caption={index.data.title}
        columns={index.data.columns
          .map((c) => ({
            ...c,
            ...(c.key === 'role' ? { render: (row: UserRow) => row.role_label ?? '—' } : {}),
            ...(c.key === 'active'
              ? {
                  render: (row: UserRow) => (
                    <StatusBadge
                      status={row.active ? 'active' : 'inactive'}
                      label={row.active ? t('users.active') : t('users.inactive')}
                    />
                  ),
                }
              : {}),
            ...(c.key === 'created_at' ? { render: () => null } : {}),
          }))
          .filter((c) => c.key !== 'created_at')}
        rows={list.data.data}
        rowLabel={(row) => row.label}
        total={list.data.meta.total}
        page={list.data.meta.page}
        perPage={list.data.meta.per_page}
        perPageOptions={index.data.per_page_options}
        sort={sort}
        onSortChange={(sort) => update({ sort: sort.key, direction: sort.direction })}
        onPageChange={(page) => update({ page: String(page) })}
        onPerPageChange={(perPage) => update({ per_page: String(perPage) })}
        search={params.get('search') ?? ''}
        onSearchChange={(search) => update({ search })}
        filters={filters}
        onFilterChange={(key, value) => update({ [key]: value })}
        rowActions={(row) => row.actions}
        onRowAction={(row, action) => onAction([row.id], action)}
        bulkActions={index.data.bulk_actions}
        onBulkAction={(action, ids) => onAction(ids, action)}
        loading={list.isFetching}
        labels={labels}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t(`users.confirm.${pending?.action ?? 'deactivate'}.title`, {
          count: pending?.ids.length ?? 0,
        })}
        message={t(`users.confirm.${pending?.action ?? 'deactivate'}.message`)}
        confirmLabel={t(`users.confirm.${pending?.action ?? 'deactivate'}.confirm`)}
        cancelLabel={t('common.back')}
        danger={pending?.action === 'deactivate'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void run(pending.action, pending.ids)
          setPending(null)
        }}
      />
      <Outlet />
    </section>
  )
}
