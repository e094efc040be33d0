import { dataOf } from '@procura/core/answer'
import {
  CartAnswerSchema,
  type CartItemAnswer as CartItem,
  CartOrderedAnswerSchema,
  checkCartQuantity,
} from '@procura/core/article'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { checkRule } from '../../forms/check'
import { DateInputField, DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { usePunchoutOpen } from './punchout-shops'
import { articlesApi } from './types'

const CartRead = dataOf(CartAnswerSchema)

/** The user's cart in this warehouse: quantities in steps, a supplier per line, one order per supplier. */
export const CartPanel = ({ warehouseId }: { warehouseId: string }) => {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const cartChange = useChange(['cart'])
  const toasts = useToasts()
  const format = useFormat()
  const base = articlesApi(warehouseId)
  const cart = useAnswer(`${base}/get-cart`, CartRead)
  const { message, run } = useSubmit()
  const shop = usePunchoutOpen(base)
  const [emptying, setEmptying] = useState(false)
  const [created, setCreated] = useState<{ id: number; code: string; status: string; link: string }[]>([])
  const [lineErrors, setLineErrors] = useState<Record<number, string[]>>({})
  /** A line's change; its refusal shows under that line's field. A PunchOut line is changed by its own id. */
  const change = async (item: CartItem, action: string, body: Record<string, unknown>) => {
    const lineId = item.id
    const path = item.article_id === null ? `${base}/cart-lines/${item.id}` : `${base}/${item.article_id}`
    try {
      await cartChange.mutateAsync(() => apiFetch(`${path}/${action}`, { method: 'POST', body }))
      setLineErrors((e) => ({ ...e, [lineId]: [] }))
    } catch (error) {
      const list =
        error instanceof ApiError
          ? (error.body.errors?.quantity ??
            error.body.errors?.supplier_id ?? [error.body.message ?? error.message])
          : [t('errors.network')]
      setLineErrors((e) => ({ ...e, [lineId]: list }))
    }
    await refresh()
  }
  const refresh = () => client.invalidateQueries({ queryKey: [`${base}/get-cart`] })
  const call = async (path: string, body?: unknown) => {
    const done = await run(async () => {
      await cartChange.mutateAsync(() => apiFetch(path, { method: 'POST', body: body ?? {} }))
    })
    await refresh()
    return done
  }
  const [requesting, setRequesting] = useState(false)
  const navigate = useNavigate()
  const createOrders = async (
    mode: 'draft' | 'submit' | 'request',
    details: Record<string, unknown> = {},
  ) => {
    try {
      const answer = await cartChange.mutateAsync(() =>
        apiRead(`${base}/create-purchase-order?mode=${mode}`, CartOrderedAnswerSchema, {
          method: 'POST',
          body: details,
        }),
      )
      for (const request of answer.data.requests)
        toasts.show('success', t('needs.requestMade', { code: request.code }))
      // A request sent from the cart: the requester follows it on its page.
      const [only] = answer.data.requests
      if (mode === 'request' && only !== undefined && answer.data.refused.length === 0) {
        navigate(`/needs/${only.id}`)
        return
      }
      setCreated([
        ...answer.data.orders.map((o) => ({ ...o, link: `/purchase-orders/${o.id}` })),
        ...answer.data.requests.map((r) => ({ ...r, link: `/needs/${r.id}` })),
      ])
      for (const refusal of answer.data.refused) toasts.show('error', refusal.message)
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const items = cart.data?.data.items ?? []
  // What this cart may become is the server's (core's) decision: orders for a buyer, a request otherwise.
  const modes = cart.data?.data.modes ?? []
  return (
    <aside className="pc-cart" aria-labelledby="cart-title">
      {/* On a phone the cart is under a long list: a button stays in reach and leads to it. */}
      <button
        type="button"
        className="pc-button pc-button--primary pc-cart__jump"
        onClick={() => {
          const title = document.getElementById('cart-title')
          title?.scrollIntoView({ block: 'start' })
          title?.focus()
        }}
      >
        {t('catalogue.cart.title', { count: items.length })}
      </button>
      <h2 id="cart-title" tabIndex={-1}>
        {t('catalogue.cart.title', { count: items.length })}
      </h2>
      <FormAlert message={message ?? shop.failure} />
      {items.length === 0 ? <p>{t('catalogue.cart.empty')}</p> : null}
      <ul className="pc-cart__items">
        {items.map((item) => (
          <li key={item.id}>
            <strong>{item.label}</strong> <small>{item.reference}</small>
            {item.punchout ? (
              <small className="pc-block pc-text--muted">
                {[
                  t('catalogue.punchout.fromShop', { supplier: item.supplier }),
                  item.unit === null ? null : t('catalogue.punchout.unit', { unit: item.unit }),
                  item.lead_time_days === null
                    ? null
                    : t('catalogue.punchout.leadTime', { count: item.lead_time_days }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            ) : null}
            <DecimalField
              label={t('catalogue.cart.quantityOf', { label: item.label })}
              defaultValue={item.quantity}
              {...(item.quantity_step ? { hint: t('catalogue.stepHint', { step: item.quantity_step }) } : {})}
              errors={lineErrors[item.id] ?? []}
              onCommit={(quantity) => {
                if (quantity === item.quantity) return
                // Core's rule (positive, in the article's steps) first: a refused quantity is not sent.
                const refused = checkRule(checkCartQuantity(quantity, item.quantity_step), i18n.language)
                if (refused !== null) setLineErrors((e) => ({ ...e, [item.id]: refused }))
                else void change(item, 'change-quantity-cart', { quantity })
              }}
            />
            {item.punchout ? null : (
              <SelectField
                label={t('catalogue.cart.supplierOf', { label: item.label })}
                value={String(item.supplier_id)}
                onChange={(e) =>
                  void change(item, 'change-supplier-cart', { supplier_id: Number(e.target.value) })
                }
                options={item.suppliers.map((s) => ({
                  value: String(s.supplier_id),
                  label: s.flagged ? `${s.supplier} — ${t('catalogue.cart.flagged')}` : s.supplier,
                }))}
              />
            )}
            <p>
              {format.money(item.amount_exctax, item.currency_code)}
              {item.agreement === null ? null : (
                <>
                  {' '}
                  <small>{t('catalogue.cart.agreement', { code: item.agreement })}</small>
                </>
              )}
            </p>
            <Button
              size="small"
              variant="ghost"
              onClick={() =>
                void call(
                  item.article_id === null
                    ? `${base}/cart-lines/${item.id}/delete-cart-article`
                    : `${base}/${item.article_id}/delete-cart-article`,
                )
              }
            >
              {t('catalogue.cart.remove', { label: item.label })}
            </Button>
          </li>
        ))}
      </ul>
      {(cart.data?.data.suppliers ?? []).length > 0 ? (
        <dl className="pc-facts">
          {cart.data?.data.suppliers.map((s) => (
            <div key={s.supplier_id}>
              <dt>{s.supplier}</dt>
              <dd>
                {format.money(s.amount_exctax, s.currency_code)}
                {items.some((i) => i.punchout && i.supplier_id === s.supplier_id) ? (
                  // Its shop's lines go back there to be changed (the basket replaces them) or looked at.
                  <div className="pc-actions">
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={shop.busy}
                      onClick={() => void shop.open(s.supplier_id, 'edit')}
                    >
                      {t('catalogue.punchout.edit', { supplier: s.supplier })}
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      disabled={shop.busy}
                      onClick={() => void shop.open(s.supplier_id, 'inspect')}
                    >
                      {t('catalogue.punchout.inspect', { supplier: s.supplier })}
                    </Button>
                  </div>
                ) : null}
                {s.flagged ? (
                  // Where buyers choose suppliers, as on the order form: under its objectives.
                  <div className="pc-warning-note" role="note">
                    <p>{t('orders.supplierFlagged', { supplier: s.supplier })}</p>
                    <Link to={`/suppliers/${s.supplier_id}?tab=monitoring`}>
                      {t('orders.supplierSurveillance')}
                    </Link>
                  </div>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {items.length > 0 ? (
        <div className="pc-actions">
          {modes.includes('submit') ? (
            <Button onClick={() => void createOrders('submit')}>{t('catalogue.cart.createSubmit')}</Button>
          ) : null}
          {modes.includes('draft') ? (
            <Button variant="secondary" onClick={() => void createOrders('draft')}>
              {t('catalogue.cart.createDraft')}
            </Button>
          ) : null}
          {modes.includes('request') ? (
            <Button onClick={() => setRequesting(true)}>{t('catalogue.cart.createRequest')}</Button>
          ) : null}
          <Button variant="ghost" onClick={() => setEmptying(true)}>
            {t('catalogue.cart.emptyCart')}
          </Button>
        </div>
      ) : null}
      <Modal
        title={t('catalogue.cart.createRequest')}
        open={requesting}
        onClose={() => setRequesting(false)}
        closeLabel={t('common.close')}
      >
        <form
          aria-label={t('catalogue.cart.createRequest')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            const f = new FormData(event.currentTarget)
            const text = (name: string) => String(f.get(name) ?? '').trim()
            setRequesting(false)
            void createOrders('request', {
              ...(text('title') === '' ? {} : { title: text('title') }),
              wanted_date: text('wanted_date') === '' ? null : text('wanted_date'),
              comment: text('comment') === '' ? null : text('comment'),
            })
          }}
        >
          <TextField label={t('needs.fields.title')} name="title" hint={t('catalogue.cart.titleHint')} />
          <DateInputField label={t('needs.fields.wantedDate')} name="wanted_date" />
          <TextField label={t('needs.fields.comment')} name="comment" />
          <Button type="submit">{t('catalogue.cart.createRequest')}</Button>
        </form>
      </Modal>
      {created.length > 0 ? (
        <section
          aria-label={t(
            created.some((c) => c.link.startsWith('/needs'))
              ? 'catalogue.cart.requestCreated'
              : 'catalogue.cart.created',
          )}
        >
          <h3>
            {t(
              created.some((c) => c.link.startsWith('/needs'))
                ? 'catalogue.cart.requestCreated'
                : 'catalogue.cart.created',
            )}
          </h3>
          <ul>
            {created.map((o) => (
              <li key={o.id}>
                <Link to={o.link}>{o.code}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ConfirmDialog
        open={emptying}
        title={t('catalogue.cart.emptyCart')}
        message={t('catalogue.cart.emptyConfirm')}
        confirmLabel={t('catalogue.cart.emptyCart')}
        cancelLabel={t('common.back')}
        onCancel={() => setEmptying(false)}
        onConfirm={() => {
          setEmptying(false)
          void call(`${base}/empty-cart`)
        }}
      />
    </aside>
  )
}
