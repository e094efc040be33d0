import { CreatedAnswerSchema, dataOf } from '@procura/core/answer'
import {
  ARTICLE_CSV_COLUMNS,
  ArticleDetailAnswerSchema,
  ArticleFormDataAnswerSchema,
  ArticleHistoryAnswerSchema,
  ArticleInputSchema,
  CartAddSchema,
} from '@procura/core/article'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Modal } from '@procura/ui-kit/modal'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DecimalField } from '../../forms/fields'
import { ImportForm } from '../../forms/import-form'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { articlesApi } from './types'
import { useCataloguePath } from './use-catalogue-path'

const ArticleDetailRead = dataOf(ArticleDetailAnswerSchema)

/** The article of the route, and how to close its modal (back to articles_stock). */
const useArticleRoute = () => {
  const { warehouseId = '', articleId } = useParams()
  const navigate = useNavigate()
  const path = useCataloguePath(warehouseId)
  const base = articlesApi(warehouseId)
  const article = useAnswer(`${base}/${articleId}/show`, ArticleDetailRead, {
    enabled: articleId !== undefined,
  })
  return { warehouseId, articleId, base, article, path, close: () => navigate(path()) }
}

/** {article_id}/show (article_stock): the article, its suppliers, its stock everywhere and its history. */
export const ArticleShow = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const { articleId, base, article, path, close } = useArticleRoute()
  const history = useAnswer(`${base}/${articleId}/get-article-history`, ArticleHistoryAnswerSchema)
  const a = article.data?.data
  return (
    <Modal
      title={a ? `${a.reference} — ${a.label}` : t('common.loading')}
      open
      onClose={close}
      closeLabel={t('common.close')}
      size="large"
    >
      {a === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          {a.image ? <img src={`${base}/${a.id}/image`} alt={a.label} height={120} /> : null}
          <dl className="pc-facts">
            <dt>{t('catalogue.fields.price')}</dt>
            <dd>
              {format.money(a.price_exctax)} (
              {t('catalogue.inctax', { price: format.amount(a.price_inctax) })})
            </dd>
            {a.agreement === null ? null : (
              <>
                <dt>{t('catalogue.fields.agreement')}</dt>
                <dd>
                  {t('catalogue.agreementDetail', {
                    price: format.money(a.agreement.unit_price_exctax, a.agreement.currency_code),
                    code: a.agreement.code,
                    supplier: a.agreement.supplier,
                  })}
                </dd>
              </>
            )}
            <dt>{t('catalogue.fields.family')}</dt>
            <dd>
              {[a.product_family_type, a.product_family, a.product_subfamily].filter(Boolean).join(' › ') ||
                '—'}
            </dd>
            <dt>{t('catalogue.fields.step')}</dt>
            <dd>{a.quantity_step === null ? '—' : format.number(a.quantity_step)}</dd>
            <dt>{t('catalogue.fields.conditioning')}</dt>
            <dd>{a.conditioning ?? '—'}</dd>
            {a.supplier_sheet_url ? (
              <>
                <dt>{t('catalogue.fields.sheet')}</dt>
                <dd>
                  <a href={a.supplier_sheet_url} target="_blank" rel="noreferrer noopener">
                    {a.supplier_sheet_url}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          {a.features.length > 0 ? (
            <ul aria-label={t('catalogue.features')}>
              {a.features.map((f) => (
                <li key={f.id}>
                  {f.label}: {f.value}
                  {f.unit ? ` ${f.unit}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          <Table
            caption={t('catalogue.suppliers')}
            columns={[
              {
                key: 'supplier',
                header: t('catalogue.columns.supplier'),
                cell: (s) => `${s.supplier}${s.main ? ` (${t('catalogue.main')})` : ''}`,
              },
              {
                key: 'code',
                header: t('catalogue.fields.supplierCode'),
                cell: (s) => s.supplier_code ?? '—',
              },
              {
                key: 'price',
                header: t('catalogue.fields.supplierPrice'),
                cell: (s) => format.money(s.unit_price_exctax, s.currency_code),
                numeric: true,
              },
            ]}
            rows={a.suppliers}
            rowKey={(s) => s.supplier_id}
          />
          <Table
            caption={t('catalogue.fields.stock')}
            columns={[
              { key: 'warehouse', header: t('catalogue.warehouse'), cell: (s) => s.warehouse },
              {
                key: 'stock',
                header: t('catalogue.fields.stock'),
                cell: (s) =>
                  t('catalogue.stockCell', {
                    available: format.number(s.available),
                    actual: format.number(s.actual),
                    minimum: format.number(s.minimum),
                  }),
              },
            ]}
            rows={a.stocks}
            rowKey={(s) => s.warehouse_id}
          />
          <h3>{t('catalogue.history')}</h3>
          <ol className="pc-comments">
            {(history.data?.data ?? []).map((h) => (
              <li key={`${h.at}-${h.action}-${h.message}`}>
                <p className="pc-comments__meta">
                  {format.dateTime(h.at)} · {h.user ?? '—'}
                </p>
                <p>
                  {h.message}
                  {h.delivery === null ? null : (
                    <>
                      {' · '}
                      <Link to={`/deliveries/${h.delivery.id}`}>
                        {t('catalogue.byDelivery', { code: h.delivery.code })}
                      </Link>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ol>
          <p className="pc-actions">
            {a.actions.some((x) => x.action === 'add_to_cart') ? (
              <ButtonLink as={Link} variant="primary" to={path(`${a.id}/add-to-cart`)}>
                {t('catalogue.addToCart')}
              </ButtonLink>
            ) : null}
            {a.actions.some((x) => x.action === 'edit') ? (
              <ButtonLink as={Link} variant="secondary" to={path(`${a.id}/edit`)}>
                {t('orders.editButton')}
              </ButtonLink>
            ) : null}
          </p>
        </>
      )}
    </Modal>
  )
}

const text = (f: FormData, name: string) => {
  const value = String(f.get(name) ?? '').trim()
  return value === '' ? null : value
}

/** create and {article_id}/edit: the article form (reference checked as it is typed out). */
export const ArticleForm = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['cart'])
  const { articleId, base, article, path, close } = useArticleRoute()
  const choices = useAnswer(`${base}/create`, ArticleFormDataAnswerSchema)
  const { errors, message, busy, send } = useSubmit()
  const [referenceErrors, setReferenceErrors] = useState<string[]>([])
  const a = article.data?.data
  const checkReference = async (reference: string) => {
    try {
      await apiFetch(`${base}/check-reference/${encodeURIComponent(reference)}${a ? `?article=${a.id}` : ''}`)
      setReferenceErrors([])
    } catch (error) {
      setReferenceErrors(
        error instanceof ApiError ? (error.body.errors?.reference ?? [error.body.message ?? '']) : [],
      )
    }
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const supplierId = text(f, 'supplier_id')
    const body = {
      reference: f.get('reference'),
      label: f.get('label'),
      unit_price_exctax: f.get('unit_price_exctax'),
      unit_number_per_price: text(f, 'unit_number_per_price') ?? '1',
      original_unit_price_exctax: text(f, 'original_unit_price_exctax'),
      quantity_step: text(f, 'quantity_step'),
      vat_rate: f.get('vat_rate'),
      conditioning: text(f, 'conditioning'),
      supplier_sheet_url: text(f, 'supplier_sheet_url'),
      internal: f.get('internal') === 'on',
      active: f.get('active') === 'on',
      product_family_id: text(f, 'product_family_id') === null ? null : Number(f.get('product_family_id')),
      features: a?.features.map(({ label, value, unit }) => ({ label, value, unit })) ?? [],
      affiliated_ids: a?.affiliated.map((x) => x.id) ?? [],
      suppliers:
        supplierId === null
          ? []
          : [
              {
                supplier_id: Number(supplierId),
                supplier_code: text(f, 'supplier_code'),
                unit_price_exctax: text(f, 'supplier_price') ?? f.get('unit_price_exctax'),
                main: true,
              },
            ],
    }
    await send(ArticleInputSchema, body, async () => {
      const saved = await change.mutateAsync(() =>
        apiRead(a ? `${base}/${a.id}` : base, CreatedAnswerSchema, {
          method: a ? 'PUT' : 'POST',
          body,
        }),
      )
      navigate(path(`${saved.data.id}/show`))
    })
  }
  const main = a?.suppliers.find((s) => s.main) ?? a?.suppliers[0]
  const loading = choices.data === undefined || (articleId !== undefined && a === undefined)
  return (
    <Modal
      title={a ? t('catalogue.editArticle', { reference: a.reference }) : t('catalogue.newArticle')}
      open
      onClose={close}
      closeLabel={t('common.close')}
      size="large"
    >
      {loading ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <form onSubmit={submit} noValidate className="pc-form-grid">
          <FormAlert message={message} />
          <TextField
            label={t('catalogue.fields.reference')}
            name="reference"
            defaultValue={a?.reference ?? ''}
            onBlur={(e) => void checkReference(e.target.value)}
            errors={errors.reference ?? referenceErrors}
          />
          <TextField
            label={t('catalogue.fields.label')}
            name="label"
            defaultValue={a?.label ?? ''}
            errors={errors.label ?? []}
          />
          <SelectField
            label={t('catalogue.fields.family')}
            name="product_family_id"
            defaultValue={String(a?.product_family_id ?? '')}
            options={[
              { value: '', label: '—' },
              ...(choices.data?.product_families ?? []).map((f) => ({ value: String(f.id), label: f.label })),
            ]}
            errors={errors.product_family_id ?? []}
          />
          <DecimalField
            label={t('catalogue.fields.unitPrice')}
            name="unit_price_exctax"
            defaultValue={a?.unit_price_exctax ?? ''}
            errors={errors.unit_price_exctax ?? []}
          />
          <DecimalField
            label={t('catalogue.fields.perPrice')}
            name="unit_number_per_price"
            defaultValue={a?.unit_number_per_price ?? '1'}
            errors={errors.unit_number_per_price ?? []}
          />
          <DecimalField
            label={t('catalogue.fields.originalPrice')}
            name="original_unit_price_exctax"
            defaultValue={a?.original_unit_price_exctax ?? ''}
            errors={errors.original_unit_price_exctax ?? []}
          />
          <DecimalField
            label={t('catalogue.fields.step')}
            name="quantity_step"
            defaultValue={a?.quantity_step ?? ''}
            errors={errors.quantity_step ?? []}
          />
          <SelectField
            label={t('orders.fields.vatRate')}
            name="vat_rate"
            defaultValue={a?.vat_rate ?? '20'}
            options={(choices.data?.vat_rates ?? ['20']).map((r) => ({ value: r, label: `${r} %` }))}
            errors={errors.vat_rate ?? []}
          />
          <TextField
            label={t('catalogue.fields.conditioning')}
            name="conditioning"
            defaultValue={a?.conditioning ?? ''}
            errors={errors.conditioning ?? []}
          />
          <TextField
            label={t('catalogue.fields.sheet')}
            name="supplier_sheet_url"
            type="url"
            defaultValue={a?.supplier_sheet_url ?? ''}
            errors={errors.supplier_sheet_url ?? []}
          />
          <SelectField
            label={t('catalogue.fields.mainSupplier')}
            name="supplier_id"
            defaultValue={String(main?.supplier_id ?? '')}
            options={[
              { value: '', label: '—' },
              ...(choices.data?.suppliers ?? []).map((s) => ({ value: String(s.id), label: s.company_name })),
            ]}
            errors={errors.suppliers ?? []}
          />
          <TextField
            label={t('catalogue.fields.supplierCode')}
            name="supplier_code"
            defaultValue={main?.supplier_code ?? ''}
          />
          <DecimalField
            label={t('catalogue.fields.supplierPrice')}
            name="supplier_price"
            defaultValue={main?.unit_price_exctax ?? ''}
          />
          <CheckboxField
            label={t('catalogue.internal')}
            name="internal"
            defaultChecked={a?.internal ?? false}
            errors={errors.internal ?? []}
          />
          <CheckboxField label={t('users.active')} name="active" defaultChecked={a?.active ?? true} />
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </form>
      )}
    </Modal>
  )
}

/** {article_id}/add-to-cart: a quantity in the article's steps, from one of its suppliers. */
export const AddToCart = () => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['cart'])
  const format = useFormat()
  const { base, article, close } = useArticleRoute()
  const { errors, message, busy, send } = useSubmit()
  const a = article.data?.data
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    if (a === undefined) return
    const body = { quantity: String(f.get('quantity') ?? ''), supplier_id: Number(f.get('supplier_id')) }
    const ok = await send(CartAddSchema, body, async () => {
      await change.mutateAsync(() => apiFetch(`${base}/${a.id}/add-to-cart`, { method: 'POST', body }))
    })
    if (ok) {
      toasts.show('success', t('catalogue.added', { label: a.label }))
      close()
    }
  }
  return (
    <Modal title={t('catalogue.addToCart')} open onClose={close} closeLabel={t('common.close')} size="small">
      {a === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>
            <strong>{a.label}</strong> ({a.reference})
          </p>
          <FormAlert message={message} />
          <DecimalField
            label={t('orders.fields.quantity')}
            name="quantity"
            defaultValue={a.quantity_step ?? '1'}
            {...(a.quantity_step ? { hint: t('catalogue.stepHint', { step: a.quantity_step }) } : {})}
            errors={errors.quantity ?? []}
          />
          <SelectField
            label={t('orders.fields.supplier')}
            name="supplier_id"
            defaultValue={String((a.suppliers.find((s) => s.main) ?? a.suppliers[0])?.supplier_id ?? '')}
            options={a.suppliers.map((s) => ({
              value: String(s.supplier_id),
              label: `${s.supplier} — ${format.money(s.unit_price_exctax, s.currency_code)}`,
            }))}
            errors={errors.supplier_id ?? []}
          />
          <Button type="submit" loading={busy}>
            {t('catalogue.addToCart')}
          </Button>
        </form>
      )}
    </Modal>
  )
}

/** {article_id}/add-in-warehouse: the article gets a stock in this warehouse. */
export const AddInWarehouse = () => {
  const { t } = useTranslation()
  const change = useChange(['cart'])
  const { base, article, close } = useArticleRoute()
  const { message, busy, run } = useSubmit()
  const a = article.data?.data
  const confirm = async () => {
    if (a === undefined) return
    const ok = await run(async () => {
      await change.mutateAsync(() => apiFetch(`${base}/${a.id}/add-in-warehouse`, { method: 'POST' }))
    })
    if (ok) {
      close()
    }
  }
  return (
    <Modal
      title={t('catalogue.addInWarehouse')}
      open
      onClose={close}
      closeLabel={t('common.close')}
      size="small"
    >
      <FormAlert message={message} />
      <p>{a ? t('catalogue.addInWarehouseConfirm', { label: a.label }) : t('common.loading')}</p>
      <Button loading={busy} onClick={() => void confirm()}>
        {t('catalogue.addInWarehouse')}
      </Button>
    </Modal>
  )
}

export const ArticleImport = () => {
  const { t } = useTranslation()
  const { base, close } = useArticleRoute()
  return (
    <Modal title={t('catalogue.import')} open onClose={close} closeLabel={t('common.close')}>
      <ImportForm
        path={`${base}/import`}
        columns={ARTICLE_CSV_COLUMNS}
        help={t('catalogue.importHelp')}
        stale={['cart']}
      />
    </Modal>
  )
}
