import { Button } from '@procura/ui-kit/button'
import { DataTable } from '@procura/ui-kit/data-table'
import { SelectField } from '@procura/ui-kit/form-field'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, Outlet, useNavigate, useParams } from 'react-router'
import { ApiError, apiFetch, readCookie, XSRF_COOKIE } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useListIndex } from '../use-list-index'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'
import { CartPanel } from './cart-panel'
import { type ArticleRow, articlesApi, articlesStock } from './types'
import { useCataloguePath } from './use-catalogue-path'

type Warehouse = { id: number; code: string; label: string }

/** warehouses: opens the first warehouse's articles. */
export const WarehousesIndex = () => {
  const { t } = useTranslation()
  const list = useApi<{ data: Warehouse[] }>('/bwapi/warehouses')
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  const first = list.data.data[0]
  return first === undefined ? (
    <p>{t('catalogue.noWarehouse')}</p>
  ) : (
    <Navigate to={articlesStock(first.id)} replace />
  )
}

/** Actions a row opens as a modal child route. */
const MODAL_ACTIONS: Record<string, string> = {
  show: 'show',
  edit: 'edit',
  add_to_cart: 'add-to-cart',
  add_in_warehouse: 'add-in-warehouse',
}

/** Downloads a file the API answers to a POST (export); the temporary link goes after 200 ms (spec §9). */
const download = async (path: string, name: string) => {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': readCookie(XSRF_COOKIE) ?? '',
    },
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  setTimeout(() => {
    link.remove()
    URL.revokeObjectURL(url)
  }, 200)
}

/** warehouses/{warehouse_id}/articles (articles_stock): the catalogue seen from a warehouse, with the cart. */
export const ArticlesPage = () => {
  const { t } = useTranslation()
  const { warehouseId = '' } = useParams()
  const navigate = useNavigate()
  const toasts = useToasts()
  const client = useQueryClient()
  const user = useCurrentUser()
  const format = useFormat()
  const labels = useTableLabels()
  const base = articlesApi(warehouseId)
  const path = useCataloguePath(warehouseId)
  const { params, query, update, sort } = useListParams({ key: 'label', direction: 'asc' })
  const conventions = useListIndex(base, params)
  const warehouses = useApi<{ data: Warehouse[] }>('/bwapi/warehouses')
  const list = useQuery({
    queryKey: [base, query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: ArticleRow[]
        meta: { total: number; page: number; per_page: number; warehouse_id: number }
      }>(`${base}?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })
  // The server serves another warehouse when this one is closed: follow it.
  const served = list.data?.meta.warehouse_id
  useEffect(() => {
    if (served !== undefined && String(served) !== warehouseId)
      navigate(articlesStock(served), { replace: true })
  }, [served, warehouseId, navigate])

  const onRowAction = async (row: ArticleRow, action: string) => {
    const child = MODAL_ACTIONS[action]
    if (child !== undefined) return navigate(path(`${row.id}/${child}`))
    try {
      if (action === 'favorite' || action === 'unfavorite')
        await apiFetch(`${base}/do-bulk-action`, { method: 'POST', body: { action, ids: [row.id] } })
      if (action === 'delete_image') await apiFetch(`${base}/${row.id}/delete-image`, { method: 'DELETE' })
      await client.invalidateQueries({ queryKey: [base] })
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
    return undefined
  }

  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined || conventions.index.data === undefined)
    return <p role="status">{t('common.loading')}</p>
  return (
    <div className="pc-catalogue">
      <section className="pc-catalogue__list">
        <h1>{conventions.index.data.title}</h1>
        <div className="pc-actions" role="toolbar" aria-label={t('table.actions')}>
          <SelectField
            label={t('catalogue.warehouse')}
            value={warehouseId}
            onChange={(e) => navigate(articlesStock(e.target.value))}
            options={(warehouses.data?.data ?? []).map((w) => ({ value: String(w.id), label: w.label }))}
          />
          {user.buyer ? (
            <>
              <Link className="pc-button pc-button--primary" to={path('create')}>
                {t('catalogue.newArticle')}
              </Link>
              <Link className="pc-button pc-button--secondary" to={path('import')}>
                {t('catalogue.import')}
              </Link>
              <Button
                variant="secondary"
                onClick={() => void download(`${base}/export-headers`, 'articles.csv')}
              >
                {t('catalogue.export')}
              </Button>
              <Link className="pc-button pc-button--ghost" to={`/warehouses/${warehouseId}/stock-in`}>
                {t('catalogue.stockIn')}
              </Link>
              <Link className="pc-button pc-button--ghost" to="/warehouses/transfer">
                {t('catalogue.transfer')}
              </Link>
            </>
          ) : null}
        </div>
        <DataTable<ArticleRow>
          caption={conventions.index.data.title}
          columns={[
            {
              key: 'reference',
              label: t('catalogue.fields.reference'),
              sortable: true,
              render: (r) => <Link to={path(`${r.id}/show`)}>{r.reference}</Link>,
            },
            {
              key: 'label',
              label: t('catalogue.fields.label'),
              sortable: true,
              render: (r) => (
                <>
                  {r.favorite ? (
                    <>
                      <span aria-hidden="true">★ </span>
                      <span className="pc-visually-hidden">{t('catalogue.favorite')}: </span>
                    </>
                  ) : null}
                  {r.label}
                  {r.internal ? (
                    <>
                      {' '}
                      <StatusBadge status="active" label={t('catalogue.internal')} />
                    </>
                  ) : null}
                  {r.active ? null : (
                    <>
                      {' '}
                      <StatusBadge status="inactive" label={t('users.inactive')} />
                    </>
                  )}
                </>
              ),
            },
            { key: 'product_family', label: t('catalogue.fields.family') },
            {
              key: 'price',
              label: t(format.pricesIncTax ? 'catalogue.fields.priceIncTax' : 'catalogue.fields.price'),
              sortable: true,
              render: (r) => format.price({ exctax: r.price_exctax, inctax: r.price_inctax }),
            },
            {
              key: 'stock',
              label: t('catalogue.fields.stock'),
              sortable: true,
              render: (r) =>
                r.stock === null ? (
                  '—'
                ) : (
                  <span className={r.stock.below_minimum ? 'pc-text--danger' : undefined}>
                    {t('catalogue.stockCell', {
                      available: format.number(r.stock.available),
                      actual: format.number(r.stock.actual),
                      minimum: format.number(r.stock.minimum),
                    })}
                  </span>
                ),
            },
          ]}
          rows={list.data.data}
          rowLabel={(r) => r.reference}
          total={list.data.meta.total}
          page={list.data.meta.page}
          perPage={list.data.meta.per_page}
          sort={sort}
          onSortChange={(s) => update({ sort: s.key, direction: s.direction })}
          onPageChange={(page) => update({ page: String(page) })}
          onPerPageChange={(perPage) => update({ per_page: String(perPage) })}
          search={params.get('search') ?? ''}
          onSearchChange={(search) => update({ search })}
          filters={conventions.filters}
          onFilterChange={(key, value) => update({ [key]: value })}
          rowActions={(r) => r.actions}
          onRowAction={(row, action) => void onRowAction(row, action)}
          bulkActions={conventions.bulkActions}
          onBulkAction={conventions.onBulkAction}
          loading={list.isFetching}
          labels={labels}
        />
        {conventions.dialog}
      </section>
      <CartPanel warehouseId={warehouseId} />
      <Outlet />
    </div>
  )
}
