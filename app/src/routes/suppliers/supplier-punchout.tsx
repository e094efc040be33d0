import { PunchoutSettingsAnswerSchema, PunchoutSettingsSchema } from '@procura/core/punchout'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'

const IDENTITIES = ['from', 'to', 'sender'] as const

/**
 * A supplier's PunchOut tab (docs/domain/punchout.md): its shop's protocol and address, cXML's
 * identities and shared secret or OCI's login, the VAT and purchase family of its lines. Secrets
 * are never shown: left empty, the one kept stays.
 */
export const SupplierPunchout = ({ supplierId }: { supplierId: number }) => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const toasts = useToasts()
  const path = `/bwapi/suppliers/${supplierId}/punchout`
  const settings = useAnswer(path, PunchoutSettingsAnswerSchema)
  const { errors, message, busy, send } = useSubmit()
  const [protocol, setProtocol] = useState<string | null>(null)
  if (settings.data === undefined) return <p role="status">{t('common.loading')}</p>
  const s = settings.data.data
  const chosen = protocol ?? s.protocol ?? 'cxml'
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = String(f.get(name) ?? '').trim()
      return value === '' ? null : value
    }
    const body = {
      protocol: chosen,
      url: text('url') ?? '',
      ...Object.fromEntries(
        IDENTITIES.flatMap((who) => [
          [`${who}_domain`, text(`${who}_domain`)],
          [`${who}_identity`, text(`${who}_identity`)],
        ]),
      ),
      shared_secret: text('shared_secret'),
      oci_username: text('oci_username'),
      oci_password: text('oci_password'),
      vat_rate: text('vat_rate') ?? '20',
      purchase_family: text('purchase_family'),
      order_url: chosen === 'cxml' ? text('order_url') : null,
    }
    await send(PunchoutSettingsSchema, body, async () => {
      const saved = await apiRead(path, PunchoutSettingsAnswerSchema, { method: 'PUT', body })
      client.setQueryData([path], saved)
      toasts.show('success', t('suppliers.punchout.saved'))
    })
  }
  const field = (name: string) => errors[name] ?? []
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('suppliers.tabs.punchout')}>
      <p>{t('suppliers.punchout.intro')}</p>
      <FormAlert message={message} />
      <SelectField
        label={t('suppliers.punchout.protocol')}
        name="protocol"
        value={chosen}
        onChange={(e) => setProtocol(e.target.value)}
        options={[
          { value: 'cxml', label: 'cXML 1.2 PunchOut' },
          { value: 'oci', label: 'SAP OCI 4.0 / 5.0' },
        ]}
        errors={field('protocol')}
      />
      <TextField
        label={t('suppliers.punchout.url')}
        name="url"
        type="url"
        required
        defaultValue={s.url ?? ''}
        errors={field('url')}
      />
      {chosen === 'cxml' ? (
        <>
          {IDENTITIES.map((who) => (
            <fieldset key={who}>
              <legend>{t(`suppliers.punchout.${who}`)}</legend>
              <TextField
                label={t('suppliers.punchout.domain')}
                name={`${who}_domain`}
                defaultValue={s[`${who}_domain`] ?? ''}
                hint="NetworkID, DUNS…"
                errors={field(`${who}_domain`)}
              />
              <TextField
                label={t('suppliers.punchout.identity')}
                name={`${who}_identity`}
                required
                defaultValue={s[`${who}_identity`] ?? ''}
                errors={field(`${who}_identity`)}
              />
            </fieldset>
          ))}
          <TextField
            label={t('suppliers.punchout.sharedSecret')}
            name="shared_secret"
            type="password"
            autoComplete="off"
            hint={s.shared_secret_set ? t('suppliers.punchout.secretKept') : undefined}
            errors={field('shared_secret')}
          />
          <TextField
            label={t('suppliers.punchout.orderUrl')}
            name="order_url"
            type="url"
            hint={t('suppliers.punchout.orderUrlHint')}
            defaultValue={s.order_url ?? ''}
            errors={field('order_url')}
          />
        </>
      ) : (
        <>
          <TextField
            label={t('suppliers.punchout.ociUsername')}
            name="oci_username"
            autoComplete="off"
            defaultValue={s.oci_username ?? ''}
            errors={field('oci_username')}
          />
          <TextField
            label={t('suppliers.punchout.ociPassword')}
            name="oci_password"
            type="password"
            autoComplete="off"
            hint={s.oci_password_set ? t('suppliers.punchout.secretKept') : undefined}
            errors={field('oci_password')}
          />
        </>
      )}
      <TextField
        label={t('suppliers.punchout.vatRate')}
        name="vat_rate"
        inputMode="decimal"
        defaultValue={s.vat_rate}
        errors={field('vat_rate')}
      />
      <TextField
        label={t('suppliers.punchout.purchaseFamily')}
        name="purchase_family"
        defaultValue={s.purchase_family ?? ''}
        errors={field('purchase_family')}
      />
      <Button type="submit" disabled={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}
