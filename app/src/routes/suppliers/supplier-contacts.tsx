import { CONTACT_TYPES, SupplierContactInputSchema } from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useSubmit } from '../../http/use-submit'
import { blank, type Contact, type Supplier } from './supplier-types'

/** Contact informations: the supplier's people, what each is for, and who gets its orders. */
export const Contacts = ({ supplier }: { supplier: Supplier }) => {
  const { t } = useTranslation()
  const change = useChange(['supplier'])
  const toasts = useToasts()
  const mayManage = supplier.actions.includes('edit')
  const { errors, message, busy, send } = useSubmit()
  const [removing, setRemoving] = useState<Contact | null>(null)
  const base = `/bwapi/suppliers/${supplier.id}/contacts`
  // What each contact is: its main roles, then its types.
  const roles = (c: Contact) => [
    ...(c.main_contact ? [t('suppliers.record.mainContact')] : []),
    ...(c.main_order_contact ? [t('suppliers.fields.mainOrderContact')] : []),
    ...(c.main_billing_contact ? [t('suppliers.record.mainBillingContact')] : []),
    ...c.types.map((type) => t(`suppliers.contactTypes.${type}`)),
  ]
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const body = {
      name: f.get('name'),
      email: f.get('email'),
      language: f.get('language'),
      phone: blank(f, 'phone'),
      mobile: blank(f, 'mobile'),
      main_order_contact: f.get('main_order_contact') === 'on',
      main_contact: f.get('main_contact') === 'on',
      main_billing_contact: f.get('main_billing_contact') === 'on',
      types: f.getAll('types'),
    }
    const saved = await send(SupplierContactInputSchema, body, async () => {
      await change.mutateAsync(() => apiFetch(base, { method: 'POST', body }))
    })
    if (saved) {
      form.reset()
    }
  }
  // The contact gets an e-mail with a link to choose its password (supplier portal).
  const invite = async (contact: Contact) => {
    try {
      await change.mutateAsync(() => apiFetch(`${base}/${contact.id}/invite`, { method: 'POST' }))
      toasts.show('success', t('suppliers.invited', { email: contact.email }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
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
      <Table
        columns={[
          { key: 'name', header: t('suppliers.fields.contactName'), cell: (c) => c.name },
          { key: 'email', header: t('suppliers.fields.email'), cell: (c) => c.email },
          {
            key: 'phone',
            header: t('suppliers.record.phone'),
            cell: (c) => [c.phone, c.mobile].filter((n) => n !== null).join(' · '),
            className: 'pc-nowrap',
          },
          { key: 'language', header: t('suppliers.fields.language'), cell: (c) => c.language },
          { key: 'types', header: t('suppliers.record.types'), cell: (c) => roles(c).join(', ') },
          {
            key: 'actions',
            header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
            cell: (c) =>
              mayManage ? (
                <>
                  {c.email === null ? null : (
                    <>
                      <Button size="small" variant="secondary" onClick={() => void invite(c)}>
                        {t('suppliers.invite', { name: c.name })}
                      </Button>{' '}
                    </>
                  )}
                  <Button size="small" variant="ghost" onClick={() => setRemoving(c)}>
                    {t('suppliers.removeContact', { name: c.name })}
                  </Button>
                </>
              ) : null,
          },
        ]}
        rows={supplier.contacts}
        rowKey={(c) => c.id}
      />
      {mayManage ? (
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
          <TextField
            label={t('suppliers.record.phone')}
            name="phone"
            type="tel"
            errors={errors.phone ?? []}
          />
          <TextField
            label={t('suppliers.record.mobile')}
            name="mobile"
            type="tel"
            errors={errors.mobile ?? []}
          />
          <CheckboxField label={t('suppliers.fields.mainOrderContact')} name="main_order_contact" />
          <CheckboxField label={t('suppliers.record.mainContact')} name="main_contact" />
          <CheckboxField label={t('suppliers.record.mainBillingContact')} name="main_billing_contact" />
          <fieldset className="pc-checklist">
            <legend>{t('suppliers.record.types')}</legend>
            {CONTACT_TYPES.map((type) => (
              <CheckboxField
                key={type}
                label={t(`suppliers.contactTypes.${type}`)}
                name="types"
                value={type}
              />
            ))}
          </fieldset>
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
