import { canManageBankAccounts } from '@procura/core/payment'
import { SupplierContactInputSchema, SupplierInputSchema } from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useStatusLabel } from '../orders/use-status-label'
import { BankAccounts } from './bank-accounts'
import type { SupplierRow } from './suppliers-list'

type Contact = { id: number; name: string; email: string; language: string; main_order_contact: boolean }
type Supplier = SupplierRow & { contacts: Contact[] }

/** A whole number typed in a field, or null when blank (the server refuses what is not one). */
const wholeNumber = (f: FormData, name: string): number | null => {
  const value = String(f.get(name) ?? '').trim()
  return value === '' ? null : Number(value)
}

const blank = (f: FormData, name: string) => {
  const value = String(f.get(name) ?? '').trim()
  return value === '' ? null : value
}

/** suppliers/new and suppliers/{id}: identity, currency and ceilings; then the contacts. */
export const SupplierPage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const user = useCurrentUser()
  // Bank accounts are who manages them (accounts payable, finance): core/payment access.
  const canManage = canManageBankAccounts(user)
  const supplier = useApi<{ data: Supplier }>(`/bwapi/suppliers/${id}`, { enabled: id !== undefined })
  if (supplier.isError) return <ErrorState error={supplier.error} />
  if (id !== undefined && supplier.data === undefined) return <p role="status">{t('common.loading')}</p>
  const s = supplier.data?.data ?? null
  return (
    <section>
      <h1>{s === null ? t('suppliers.new') : `${s.company_name} (${s.code})`}</h1>
      <IdentityForm supplier={s} />
      {s === null ? null : <Contacts supplier={s} />}
      {s === null || !canManage ? null : <BankAccounts base={`/bwapi/suppliers/${s.id}`} />}
    </section>
  )
}

const IdentityForm = ({ supplier }: { supplier: Supplier | null }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['supplier'])
  const toasts = useToasts()
  const user = useCurrentUser()
  const statusLabel = useStatusLabel()
  const currencies = useApi<{ currencies: { code: string; symbol: string }[] }>('/bwapi/init-infos')
  const { errors, message, busy, send } = useSubmit()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      code: f.get('code'),
      company_name: f.get('company_name'),
      status: f.get('status'),
      currency_code: f.get('currency_code'),
      max_per_order: blank(f, 'max_per_order'),
      max_per_year: blank(f, 'max_per_year'),
      address: blank(f, 'address'),
      intra_community_vat: blank(f, 'intra_community_vat'),
      siret: blank(f, 'siret'),
      accounting_code: blank(f, 'accounting_code'),
      payment_type: f.get('payment_type'),
      payment_term:
        f.get('term_kind') === 'none'
          ? null
          : {
              on_receipt: f.get('term_kind') === 'on_receipt',
              days: wholeNumber(f, 'term_days') ?? 0,
              month_end: f.get('term_month_end') === 'on',
              fixed_day: wholeNumber(f, 'term_fixed_day'),
              payment_deadline: wholeNumber(f, 'term_deadline'),
            },
    }
    await send(SupplierInputSchema, body, async () => {
      if (supplier === null) {
        const created = await change.mutateAsync(() =>
          apiFetch<{ data: { id: number } }>('/bwapi/suppliers', { method: 'POST', body }),
        )
        navigate(`/suppliers/${created.data.id}`)
      } else {
        await change.mutateAsync(() => apiFetch(`/bwapi/suppliers/${supplier.id}`, { method: 'PUT', body }))
        toasts.show('success', t('common.saved'))
      }
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('suppliers.identity')}>
      <h2>{t('suppliers.identity')}</h2>
      <FormAlert message={message} />
      <fieldset disabled={!user.buyer}>
        <TextField
          label={t('suppliers.fields.code')}
          name="code"
          defaultValue={supplier?.code ?? ''}
          errors={errors.code ?? []}
        />
        <TextField
          label={t('suppliers.fields.companyName')}
          name="company_name"
          defaultValue={supplier?.company_name ?? ''}
          errors={errors.company_name ?? []}
        />
        <SelectField
          label={t('orders.fields.status')}
          name="status"
          defaultValue={supplier?.status ?? 'active'}
          options={(['active', 'inactive', 'prospect'] as const).map((s) => ({
            value: s,
            label: statusLabel(s),
          }))}
          errors={errors.status ?? []}
        />
        <SelectField
          label={t('orders.fields.currency')}
          name="currency_code"
          defaultValue={supplier?.currency_code ?? 'EUR'}
          options={(currencies.data?.currencies ?? [{ code: 'EUR', symbol: '€' }]).map((c) => ({
            value: c.code,
            label: `${c.code} (${c.symbol})`,
          }))}
          errors={errors.currency_code ?? []}
        />
        <DecimalField
          label={t('suppliers.fields.maxPerOrder')}
          hint={t('suppliers.fields.ceilingHint')}
          name="max_per_order"
          defaultValue={supplier?.max_per_order ?? ''}
          errors={errors.max_per_order ?? []}
        />
        <DecimalField
          label={t('suppliers.fields.maxPerYear')}
          hint={t('suppliers.fields.ceilingHint')}
          name="max_per_year"
          defaultValue={supplier?.max_per_year ?? ''}
          errors={errors.max_per_year ?? []}
        />
        <TextField
          label={t('suppliers.fields.address')}
          name="address"
          defaultValue={supplier?.address ?? ''}
          errors={errors.address ?? []}
        />
        <TextField
          label={t('suppliers.fields.intraCommunityVat')}
          name="intra_community_vat"
          defaultValue={supplier?.intra_community_vat ?? ''}
          errors={errors.intra_community_vat ?? []}
        />
        <TextField
          label={t('suppliers.fields.siret')}
          name="siret"
          defaultValue={supplier?.siret ?? ''}
          errors={errors.siret ?? []}
        />
        <TextField
          label={t('suppliers.fields.accountingCode')}
          name="accounting_code"
          defaultValue={supplier?.accounting_code ?? ''}
          errors={errors.accounting_code ?? []}
        />
        <PaymentTermFields supplier={supplier} errors={errors} />
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>
      </fieldset>
    </form>
  )
}

/** The supplier's payment term (core/payment): printed on its orders, it sets its invoices' due dates. */
const PaymentTermFields = ({
  supplier,
  errors,
}: {
  supplier: Supplier | null
  errors: Record<string, string[]>
}) => {
  const { t } = useTranslation()
  const term = supplier?.payment_term ?? null
  const [kind, setKind] = useState(term === null ? 'none' : term.on_receipt ? 'on_receipt' : 'days')
  const fieldErrors = (key: string) => errors[`payment_term.${key}`] ?? []
  return (
    <fieldset>
      <legend>{t('suppliers.terms.title')}</legend>
      <SelectField
        label={t('suppliers.terms.type')}
        name="payment_type"
        defaultValue={supplier?.payment_type ?? 'transfer'}
        options={[
          { value: 'transfer', label: t('suppliers.terms.transfer') },
          { value: 'none', label: t('suppliers.terms.noType') },
        ]}
      />
      <SelectField
        label={t('suppliers.terms.kind')}
        name="term_kind"
        value={kind}
        onChange={(e) => setKind(e.target.value)}
        options={[
          { value: 'none', label: t('suppliers.terms.none') },
          { value: 'on_receipt', label: t('suppliers.terms.onReceipt') },
          { value: 'days', label: t('suppliers.terms.afterDays') },
        ]}
        errors={errors.payment_term ?? []}
      />
      {kind === 'days' ? (
        <>
          <TextField
            label={t('suppliers.terms.days')}
            name="term_days"
            inputMode="numeric"
            defaultValue={String(term?.days ?? 30)}
            errors={fieldErrors('days')}
          />
          <CheckboxField
            label={t('suppliers.terms.monthEnd')}
            name="term_month_end"
            defaultChecked={term?.month_end ?? false}
          />
          <TextField
            label={t('suppliers.terms.fixedDay')}
            hint={t('suppliers.terms.optional')}
            name="term_fixed_day"
            inputMode="numeric"
            defaultValue={term?.fixed_day === null || term === null ? '' : String(term.fixed_day)}
            errors={fieldErrors('fixed_day')}
          />
          <TextField
            label={t('suppliers.terms.deadline')}
            hint={t('suppliers.terms.optional')}
            name="term_deadline"
            inputMode="numeric"
            defaultValue={
              term?.payment_deadline === null || term === null ? '' : String(term.payment_deadline)
            }
            errors={fieldErrors('payment_deadline')}
          />
        </>
      ) : null}
    </fieldset>
  )
}

const Contacts = ({ supplier }: { supplier: Supplier }) => {
  const { t } = useTranslation()
  const change = useChange(['supplier'])
  const toasts = useToasts()
  const user = useCurrentUser()
  const { errors, message, busy, send } = useSubmit()
  const [removing, setRemoving] = useState<Contact | null>(null)
  const base = `/bwapi/suppliers/${supplier.id}/contacts`
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const body = {
      name: f.get('name'),
      email: f.get('email'),
      language: f.get('language'),
      main_order_contact: f.get('main_order_contact') === 'on',
    }
    const saved = await send(SupplierContactInputSchema, body, async () => {
      await change.mutateAsync(() => apiFetch(base, { method: 'POST', body }))
    })
    if (saved) {
      form.reset()
    }
  }
  const remove = async (contact: Contact) => {
    setRemoving(null)
    try {
      await change.mutateAsync(() => apiFetch(`${base}/${contact.id}`, { method: 'DELETE' }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  return (
    <section aria-labelledby="contacts-title">
      <h2 id="contacts-title">{t('suppliers.contacts')}</h2>
      <table className="pc-table">
        <thead>
          <tr>
            <th scope="col">{t('suppliers.fields.contactName')}</th>
            <th scope="col">{t('suppliers.fields.email')}</th>
            <th scope="col">{t('suppliers.fields.language')}</th>
            <th scope="col">{t('suppliers.fields.mainOrderContact')}</th>
            <th scope="col">
              <span className="pc-visually-hidden">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {supplier.contacts.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>{c.email}</td>
              <td>{c.language}</td>
              <td>{c.main_order_contact ? '✓' : ''}</td>
              <td>
                {user.buyer ? (
                  <Button size="small" variant="ghost" onClick={() => setRemoving(c)}>
                    {t('suppliers.removeContact', { name: c.name })}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {user.buyer ? (
        <form onSubmit={add} noValidate aria-label={t('suppliers.addContact')}>
          <FormAlert message={message} />
          <TextField label={t('suppliers.fields.contactName')} name="name" errors={errors.name ?? []} />
          <TextField
            label={t('suppliers.fields.email')}
            name="email"
            type="email"
            errors={errors.email ?? []}
          />
          <SelectField
            label={t('suppliers.fields.language')}
            name="language"
            options={[
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Español' },
              { value: 'fr', label: 'Français' },
            ]}
          />
          <CheckboxField label={t('suppliers.fields.mainOrderContact')} name="main_order_contact" />
          <Button type="submit" size="small" loading={busy}>
            {t('suppliers.addContact')}
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('suppliers.removeContact', { name: removing?.name ?? '' })}
        message={t('suppliers.removeConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('suppliers.removeContact', { name: removing?.name ?? '' })}
        cancelLabel={t('common.back')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  )
}
