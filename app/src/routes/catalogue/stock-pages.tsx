import { rowsOf } from '@procura/core/answer'
import {
  StockedArticleAnswerSchema,
  StockInAnswerSchema,
  StockInSuppliersAnswerSchema,
  TransferAnswerSchema,
} from '@procura/core/article'
import { StockInSchema, TransferSchema } from '@procura/core/stock'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import { LinesEditor } from '../lines-editor'
import { articlesApi } from './types'

const StockedArticles = rowsOf(StockedArticleAnswerSchema)

/** Articles matching a search (reference or label), for the stock forms. */
const useArticleSearch = (warehouseId: string, search: string, stockedOnly: boolean) =>
  useAnswer(
    stockedOnly
      ? `${articlesApi(warehouseId)}/get-articles-stock?search=${encodeURIComponent(search)}`
      : `${articlesApi(warehouseId)}?per_page=25&active=1&search=${encodeURIComponent(search)}`,
    StockedArticles,
    { enabled: warehouseId !== '' },
  )

/** warehouses/{warehouse_id}/stock-in: units received from a supplier, and the latest entries. */
export const StockInPage = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const { warehouseId = '' } = useParams()
  const change = useChange(['stock'])
  const toasts = useToasts()
  const data = useAnswer(`/bwapi/warehouses/${warehouseId}/stock-in`, StockInAnswerSchema)
  const [search, setSearch] = useState('')
  const [articleId, setArticleId] = useState('')
  const found = useArticleSearch(warehouseId, search, false)
  const suppliers = useAnswer(
    `/bwapi/warehouses/${warehouseId}/stock-in/${articleId}/get-suppliers`,
    StockInSuppliersAnswerSchema,
    { enabled: articleId !== '' },
  )
  const { errors, message, busy, send } = useSubmit()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const supplier = f.get('supplier_id')
    const body = {
      article_id: Number(articleId),
      quantity: String(f.get('quantity') ?? ''),
      supplier_id: supplier ? Number(supplier) : null,
      comment: f.get('comment') || null,
    }
    const ok = await send(StockInSchema, body, async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/warehouses/${warehouseId}/stock-in`, { method: 'POST', body }),
      )
    })
    if (ok) {
      toasts.show('success', t('catalogue.stockEntered'))
      form.reset()
    }
  }
  if (data.isError) return <ErrorState error={data.error} />
  return (
    <section>
      <h1>{t('catalogue.stockInTitle', { warehouse: data.data?.warehouse.label ?? '' })}</h1>
      <form onSubmit={submit} noValidate aria-label={t('catalogue.stockIn')}>
        <FormAlert message={message} />
        <TextField
          label={t('catalogue.searchArticle')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label={t('catalogue.article')}
          value={articleId}
          onChange={(e) => setArticleId(e.target.value)}
          options={[
            { value: '', label: '—' },
            ...(found.data?.data ?? []).map((a) => ({
              value: String(a.id),
              label: `${a.reference} — ${a.label}`,
            })),
          ]}
          errors={errors.article_id ?? []}
        />
        <SelectField
          label={t('orders.fields.supplier')}
          name="supplier_id"
          options={[
            { value: '', label: '—' },
            ...(suppliers.data?.data ?? []).map((s) => ({ value: String(s.supplier_id), label: s.supplier })),
          ]}
          errors={errors.supplier_id ?? []}
        />
        <DecimalField label={t('orders.fields.quantity')} name="quantity" errors={errors.quantity ?? []} />
        <TextField label={t('catalogue.comment')} name="comment" />
        <Button type="submit" loading={busy}>
          {t('catalogue.stockIn')}
        </Button>
      </form>
      <Table
        caption={t('catalogue.recentEntries')}
        columns={[
          { key: 'when', header: t('catalogue.columns.when'), cell: (r) => format.dateTime(r.at) },
          {
            key: 'article',
            header: t('catalogue.columns.article'),
            cell: (r) => `${r.reference} — ${r.article}`,
          },
          {
            key: 'quantity',
            header: t('catalogue.columns.quantity'),
            cell: (r) => format.number(r.quantity),
            numeric: true,
          },
          { key: 'supplier', header: t('catalogue.columns.supplier'), cell: (r) => r.supplier ?? '—' },
          { key: 'user', header: t('catalogue.columns.enteredBy'), cell: (r) => r.user ?? '—' },
        ]}
        rows={data.data?.recent ?? []}
        rowKey={(r) => `${r.at}-${r.reference}-${r.quantity}`}
      />
    </section>
  )
}

type TransferLine = { article_id: string; quantity: string }

/** warehouses/transfer and warehouses/transfer/{purchase_order}/edit: internal articles from one warehouse to another. */
export const TransferPage = () => {
  const { t } = useTranslation()
  const { purchaseOrder } = useParams()
  const change = useChange(['stock'])
  const toasts = useToasts()
  const data = useAnswer(
    `/bwapi/warehouses/transfer${purchaseOrder ? `?purchase_order=${purchaseOrder}` : ''}`,
    TransferAnswerSchema,
  )
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [lines, setLines] = useState<TransferLine[]>([{ article_id: '', quantity: '1' }])
  const { errors, message, busy, send } = useSubmit()
  const [search, setSearch] = useState('')
  const stocked = useArticleSearch(from, search, true)
  useEffect(() => {
    const d = data.data
    if (d === undefined) return
    const firstLine = d.lines[0]
    setFrom(String(firstLine?.from_warehouse_id ?? d.warehouses[0]?.id ?? ''))
    setTo(
      String(
        d.warehouses.find((w) => w.id !== (firstLine?.from_warehouse_id ?? d.warehouses[0]?.id))?.id ?? '',
      ),
    )
    if (d.lines.length > 0)
      setLines(d.lines.map((l) => ({ article_id: String(l.article_id), quantity: l.quantity })))
  }, [data.data])
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = {
      from_warehouse_id: Number(from),
      to_warehouse_id: Number(to),
      lines: lines.map((l) => ({ article_id: Number(l.article_id), quantity: l.quantity })),
    }
    const ok = await send(TransferSchema, body, async () => {
      await change.mutateAsync(() =>
        apiFetch(
          purchaseOrder ? `/bwapi/warehouses/transfer/${purchaseOrder}` : '/bwapi/warehouses/transfer',
          { method: purchaseOrder ? 'PUT' : 'POST', body },
        ),
      )
    })
    if (ok) {
      toasts.show('success', t('catalogue.transferred'))
    }
  }
  if (data.isError) return <ErrorState error={data.error} />
  if (data.data === undefined) return <p role="status">{t('common.loading')}</p>
  const options = data.data.warehouses.map((w) => ({ value: String(w.id), label: w.label }))
  return (
    <section>
      <h1>
        {data.data.purchase_order
          ? t('catalogue.transferFor', { code: data.data.purchase_order.code })
          : t('catalogue.transfer')}
      </h1>
      <form onSubmit={submit} noValidate aria-label={t('catalogue.transfer')}>
        <FormAlert message={message} />
        <SelectField
          label={t('catalogue.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          options={options}
        />
        <SelectField
          label={t('catalogue.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          options={options}
        />
        <TextField
          label={t('catalogue.searchArticle')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <ul aria-label={t('catalogue.stockedArticles')}>
          {(stocked.data?.data ?? []).slice(0, 10).map((a) => (
            <li key={a.id}>
              {a.reference} — {a.label} ({a.stock?.available ?? '0'}){' '}
              <Button
                size="small"
                variant="ghost"
                onClick={() =>
                  setLines([
                    ...lines.filter((l) => l.article_id !== ''),
                    { article_id: String(a.id), quantity: a.quantity_step ?? '1' },
                  ])
                }
              >
                {t('catalogue.addLine', { reference: a.reference })}
              </Button>
            </li>
          ))}
        </ul>
        <LinesEditor<TransferLine>
          lines={lines}
          fields={[
            { key: 'article_id', label: t('catalogue.articleId') },
            { key: 'quantity', label: t('orders.fields.quantity'), decimal: true },
          ]}
          empty={{ article_id: '', quantity: '1' }}
          errors={errors}
          onChange={setLines}
        />
        <Button type="submit" loading={busy}>
          {t('catalogue.transfer')}
        </Button>
      </form>
    </section>
  )
}
