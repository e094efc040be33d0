import {
  type AccountingAccountAnswer,
  AccountingAccountAnswerSchema,
  AccountingEntryInputSchema,
  AccountingVatEntryInputSchema,
} from '@procura/core/accounting'
import { FilterOptionsSchema } from '@procura/core/list'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Icon } from '@procura/ui-kit/icon'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { ListPage } from '../list-page'

type Account = AccountingAccountAnswer

const VAT_TYPES = ['on_debit', 'on_collection', 'intracommunity', 'reverse_charge']

/**
 * accounting-entries and accounting-vat-entries (Administration): the accounts, paged, sorted and
 * searched; add or change one in the form beside; disable, enable, delete (with confirmation;
 * refused while invoices or exports use it).
 */
export const AccountsAdmin = ({ kind }: { kind: 'entries' | 'vat' }) => {
  const { t } = useTranslation()
  const change = useChange(['accounting'])
  const toasts = useToasts()
  const base = kind === 'entries' ? '/bwapi/accounting-entries' : '/bwapi/accounting-vat-entries'
  const families = useAnswer('/bwapi/accounting-entries/families', FilterOptionsSchema, {
    enabled: kind === 'entries',
  })
  /** The account in the form: null for none, 'new' for a new one. */
  const [editing, setEditing] = useState<Account | 'new' | null>(null)
  const [removing, setRemoving] = useState<Account | null>(null)
  const { errors, message, busy, send } = useSubmit()
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work()
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const current = editing === 'new' ? null : editing
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const text = (name: string) => String(f.get(name) ?? '').trim()
    const body =
      kind === 'entries'
        ? {
            code: text('code'),
            label: text('label'),
            product_family_id: text('product_family_id') === '' ? null : Number(text('product_family_id')),
            is_default: f.get('is_default') === 'on',
          }
        : {
            code: text('code'),
            label: text('label'),
            vat_rate: text('vat_rate'),
            vat_type: text('vat_type'),
            self_assessed_code: text('self_assessed_code') || null,
          }
    const done = await send(
      kind === 'entries' ? AccountingEntryInputSchema : AccountingVatEntryInputSchema,
      body,
      () =>
        change
          .mutateAsync(() =>
            apiFetch(current === null ? base : `${base}/${current.id}`, {
              method: current === null ? 'POST' : 'PUT',
              body,
            }),
          )
          .then(() => undefined),
    )
    if (!done) return
    setEditing(null)
    toasts.show('success', t('accounting.saved', { code: body.code }))
  }
  const title = t(kind === 'entries' ? 'accounting.entriesTitle' : 'accounting.vatTitle')
  const formTitle = current === null ? t('accounting.add') : t('accounting.change', { code: current.code })
  return (
    <ListPage
      row={AccountingAccountAnswerSchema}
      base={base}
      name={kind === 'entries' ? 'accounting-entries' : 'accounting-vat-entries'}
      title={title}
      defaultSort={{ key: 'code', direction: 'asc' }}
      before={<p>{t(kind === 'entries' ? 'accounting.entriesHelp' : 'accounting.vatHelp')}</p>}
      render={{
        family: (r) => (r.is_default ? t('accounting.default') : (r.family ?? '—')),
        vat_rate: (r) => `${r.vat_rate} %`,
        active_state: (r) => (
          <StatusBadge
            status={r.active ? 'validated' : 'canceled'}
            label={t(r.active ? 'accounting.active' : 'accounting.inactive')}
          />
        ),
      }}
      rowLabel={(r) => r.code}
      rowActions={(r) => [
        { action: 'edit', label: t('accounting.edit') },
        {
          action: r.active ? 'disable' : 'enable',
          label: t(r.active ? 'accounting.disable' : 'accounting.enable'),
        },
        { action: 'delete', label: t('accounting.delete') },
      ]}
      onRowAction={(r, action) => {
        if (action === 'edit') setEditing(r)
        else if (action === 'delete') setRemoving(r)
        else
          void act(() => change.mutateAsync(() => apiFetch(`${base}/${r.id}/${action}`, { method: 'POST' })))
      }}
      actions={
        <Button onClick={() => setEditing('new')}>
          <Icon name="plus" />
          {t('accounting.add')}
        </Button>
      }
      empty={t('accounting.noAccount')}
    >
      <Modal
        title={formTitle}
        open={editing !== null}
        onClose={() => setEditing(null)}
        closeLabel={t('common.back')}
        footer={
          <Button type="submit" form="pc-account-form" loading={busy}>
            {t('common.save')}
          </Button>
        }
      >
        <form
          id="pc-account-form"
          key={current?.id ?? 'new'}
          aria-label={formTitle}
          onSubmit={submit}
          noValidate
        >
          <FormAlert message={message} />
          <TextField
            label={t('accounting.fields.code')}
            name="code"
            defaultValue={current?.code ?? ''}
            errors={errors.code ?? []}
          />
          <TextField
            label={t('accounting.fields.label')}
            name="label"
            defaultValue={current?.label ?? ''}
            errors={errors.label ?? []}
          />
          {kind === 'entries' ? (
            <>
              <SelectField
                label={t('accounting.fields.family')}
                name="product_family_id"
                defaultValue={current?.product_family_id == null ? '' : String(current.product_family_id)}
                options={[{ value: '', label: '—' }, ...(families.data?.data ?? [])]}
                errors={errors.product_family_id ?? []}
              />
              <label>
                <input type="checkbox" name="is_default" defaultChecked={current?.is_default === true} />{' '}
                {t('accounting.isDefault')}
              </label>
            </>
          ) : (
            <>
              <DecimalField
                label={t('accounting.fields.rate')}
                name="vat_rate"
                defaultValue={current?.vat_rate ?? ''}
                errors={errors.vat_rate ?? []}
              />
              <SelectField
                label={t('accounting.fields.vatType')}
                name="vat_type"
                defaultValue={current?.vat_type ?? 'on_debit'}
                options={VAT_TYPES.map((v) => ({ value: v, label: t(`invoices.vatTypes.${v}`) }))}
                errors={errors.vat_type ?? []}
              />
              <TextField
                label={t('accounting.fields.selfAssessed')}
                name="self_assessed_code"
                defaultValue={current?.self_assessed_code ?? ''}
                errors={errors.self_assessed_code ?? []}
              />
            </>
          )}
        </form>
      </Modal>
      <ConfirmDialog
        open={removing !== null}
        title={t('accounting.delete')}
        message={t('accounting.deleteConfirm', { code: removing?.code ?? '' })}
        confirmLabel={t('accounting.delete')}
        cancelLabel={t('common.back')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const row = removing
          setRemoving(null)
          if (row !== null)
            void act(() => change.mutateAsync(() => apiFetch(`${base}/${row.id}`, { method: 'DELETE' })))
        }}
      />
    </ListPage>
  )
}
