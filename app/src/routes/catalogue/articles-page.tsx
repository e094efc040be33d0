import { rowsOf } from '@procura/core/answer'
import {
  ArticleRowAnswerSchema,
  ArticlesIndexAnswerSchema,
  WarehouseAnswerSchema,
} from '@procura/core/article'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { SelectField } from '@procura/ui-kit/form-field'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, readCookie, XSRF_COOKIE } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { ListPage } from '../list-page'
import { CartPanel } from './cart-panel'
import { PunchoutShops } from './punchout-shops'
import { type ArticleRow, articlesApi, articlesStock } from './types'
import { useCataloguePath } from './use-catalogue-path'

const WarehouseRows = rowsOf(WarehouseAnswerSchema)

/** warehouses: opens the first warehouse's articles. */
export const WarehousesIndex = () => {
  const { t } = useTranslation()
  const { search } = useLocation()
  const list = useAnswer('/bwapi/warehouses', WarehouseRows)
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  const first = list.data.data[0]
  return first === undefined ? (
    <p>{t('catalogue.noWarehouse')}</p>
  ) : (
    <Navigate to={{ pathname: articlesStock(first.id), search }} replace />
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
  const change = useChange(['cart'])
  const user = useCurrentUser()
  const format = useFormat()
  const base = articlesApi(warehouseId)
  const path = useCataloguePath(warehouseId)
  // The list page reads the same index (one request): its title names the warehouse.
  const index = useAnswer(`${base}/index`, ArticlesIndexAnswerSchema)
  const warehouses = useAnswer('/bwapi/warehouses', WarehouseRows)
  // The server serves another warehouse when this one is closed: follow it.
  const served = index.data?.warehouse_id
  useEffect(() => {
    if (served !== undefined && String(served) !== warehouseId)
      navigate(articlesStock(served), { replace: true })
  }, [served, warehouseId, navigate])

  const onRowAction = async (row: ArticleRow, action: string) => {
    const child = MODAL_ACTIONS[action]
    if (child !== undefined) return navigate(path(`${row.id}/${child}`))
    try {
      if (action === 'favorite' || action === 'unfavorite')
        await change.mutateAsync(() =>
          apiFetch(`${base}/do-bulk-action`, { method: 'POST', body: { action, ids: [row.id] } }),
        )
      if (action === 'delete_image')
        await change.mutateAsync(() => apiFetch(`${base}/${row.id}/delete-image`, { method: 'DELETE' }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
    return undefined
  }

  return (
    <div className="pc-catalogue">
      <ListPage
        row={ArticleRowAnswerSchema}
        className="pc-catalogue__list"
        base={base}
        name="articles"
        title={index.data?.title ?? t('catalogue.title')}
        defaultSort={{ key: 'label', direction: 'asc' }}
        render={{
          reference: (r) => <Link to={path(`${r.id}/show`)}>{r.reference}</Link>,
          label: (r) => (
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
          price: (r) => (
            <>
              {format.price({ exctax: r.price_exctax, inctax: r.price_inctax })}
              {r.agreement === null ? null : (
                <span className="pc-block pc-text--muted">
                  {t('catalogue.agreementPrice', {
                    price: format.money(r.agreement.unit_price_exctax, r.agreement.currency_code),
                    code: r.agreement.code,
                  })}
                </span>
              )}
            </>
          ),
          stock: (r) =>
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
        }}
        rowLabel={(r) => r.reference}
        rowActions={(r) => r.actions}
        onRowAction={(row, action) => void onRowAction(row, action)}
        actions={
          <>
            <SelectField
              label={t('catalogue.warehouse')}
              value={warehouseId}
              onChange={(e) => navigate(articlesStock(e.target.value))}
              options={(warehouses.data?.data ?? []).map((w) => ({ value: String(w.id), label: w.label }))}
            />
            <PunchoutShops base={base} />
            {user.buyer ? (
              <>
                <ButtonLink as={Link} variant="primary" to={path('create')}>
                  {t('catalogue.newArticle')}
                </ButtonLink>
                <ButtonLink as={Link} variant="secondary" to={path('import')}>
                  {t('catalogue.import')}
                </ButtonLink>
                <Button
                  variant="secondary"
                  onClick={() => void download(`${base}/export-headers`, 'articles.csv')}
                >
                  {t('catalogue.export')}
                </Button>
                <ButtonLink as={Link} variant="ghost" to={`/warehouses/${warehouseId}/stock-in`}>
                  {t('catalogue.stockIn')}
                </ButtonLink>
                <ButtonLink as={Link} variant="ghost" to="/warehouses/transfer">
                  {t('catalogue.transfer')}
                </ButtonLink>
              </>
            ) : null}
          </>
        }
      />
      <CartPanel warehouseId={warehouseId} />
      <Outlet />
    </div>
  )
}
