import { isErrorCode } from '@procura/core/errors'
import { PunchoutStartAnswerSchema, PunchoutSuppliersAnswerSchema } from '@procura/core/punchout'
import { err } from '@procura/core/result'
import { Button } from '@procura/ui-kit/button'
import { FormAlert } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { checkRule } from '../../forms/check'
import { ApiError, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'

/**
 * Opens a supplier's shop (a new basket, or the cart's lines taken back to change or look at them):
 * the browser leaves for the shop; a refusal is kept to be said.
 */
export const usePunchoutOpen = (base: string) => {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const open = async (supplierId: number, operation: 'create' | 'edit' | 'inspect' = 'create') => {
    setBusy(true)
    setFailure(null)
    try {
      const started = await apiRead(`${base}/punchout`, PunchoutStartAnswerSchema, {
        method: 'POST',
        body: { supplier_id: supplierId, operation },
      })
      window.location.assign(started.data.url)
    } catch (error) {
      setFailure(error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'))
      setBusy(false)
    }
  }
  return { open, busy, failure }
}

/**
 * The catalogue's PunchOut shops (docs/domain/punchout.md): a "Shop at …" button per supplier with
 * a shop, which opens it (the browser leaves for the shop, and comes back here with the basket in
 * the cart); the way back's outcome, read from the address, said once.
 */
export const PunchoutShops = ({ base }: { base: string }) => {
  const { t, i18n } = useTranslation()
  const toasts = useToasts()
  const shops = useAnswer(`${base}/punchout-suppliers`, PunchoutSuppliersAnswerSchema)
  const [params, setParams] = useSearchParams()
  const [message, setMessage] = useState<string | null>(null)
  const added = params.get('punchout')
  const refused = params.get('punchout_error')
  useEffect(() => {
    if (added === null && refused === null) return
    if (added !== null) toasts.show('success', t('catalogue.punchout.added', { count: Number(added) }))
    if (refused !== null && isErrorCode(refused)) {
      const detail = Object.fromEntries(
        [...params]
          .filter(([k]) => k.startsWith('punchout_') && k !== 'punchout_error')
          .map(([k, v]) => [k.slice(9), v]),
      )
      setMessage(checkRule(err({ code: refused, params: detail }), i18n.language)?.[0] ?? null)
    }
    // Said once: the address forgets it.
    const rest = new URLSearchParams([...params].filter(([k]) => !k.startsWith('punchout')))
    setParams(rest, { replace: true })
  }, [added, refused, params, setParams, toasts, t, i18n.language])

  const { open, busy, failure } = usePunchoutOpen(base)
  const list = shops.data?.data ?? []
  const said = failure ?? message
  if (list.length === 0 && said === null) return null
  return (
    <section className="pc-punchout" aria-label={t('catalogue.punchout.title')}>
      <FormAlert message={said} />
      {list.map((shop) => (
        <Button key={shop.id} variant="secondary" disabled={busy} onClick={() => void open(shop.id)}>
          {t('catalogue.punchout.shopAt', { supplier: shop.name })}
        </Button>
      ))}
    </section>
  )
}
