import { AccountingEntryInputSchema, AccountingVatEntryInputSchema } from '@procura/core/accounting'
import { Button } from '@procura/ui-kit/button'
import { DataTable } from '@procura/ui-kit/data-table'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DecimalField } from '../../forms/fields'
import { ApiError, apiFetch } from '../../http/client'
import { useApi } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import { useListParams } from '../use-list-params'
import { useTableLabels } from '../use-table-labels'

type Account = {
  id: number
  code: string
  label: string
  active: boolean
  product_family_id?: number | null
  is_default?: boolean
  vat_rate?: string
  vat_type?: string
  self_assessed_code?: string | null
}

const VAT_TYPES = ['on_debit', 'on_collection', 'intracommunity', 'reverse_charge']

/**
 * accounting-entries and accounting-vat-entries (Administration): the accounts, paged, sorted and
 * searched; add or change one in the form beside; disable, enable, delete (with confirmation;
 * refused while invoices or exports use it).
 */
export const AccountsAdmin = ({ kind }: { kind: 'entries' | 'vat' }) => {
  const { t } = useTranslation()
  const labels = useTableLabels()
  const client = useQueryClient()
  const toasts = useToasts()
  const base = kind === 'entries' ? '/bwapi/accounting-entries' : '/bwapi/accounting-vat-entries'
  const { params, query, update, sort } = useListParams({ key: 'code', direction: 'asc' })
  const list = useQuery({
    queryKey: [base, query],
    queryFn: ({ signal }) =>
      apiFetch<{
        data: Account[]
        meta: { total: number; total_exact: boolean; page: number; per_page: number }
      }>(`${base}?${query}`, { signal }),
    placeholderData: (previous) => previous,
  })
  const families = useApi<{ data: { value: string; label: string }[] }>('/bwapi/accounting-entries/families')
  const [editing, setEditing] = useState<Account | null>(null)
  const [removing, setRemoving] = useState<Account | null>(null)
  const { errors, message, busy, send } = useSubmit()
  if (list.isError) return <ErrorState error={list.error} />
  if (list.data === undefined) return <p role="status">{t('common.loading')}</p>
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work()
      await client.invalidateQueries({ queryKey: [base] })
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
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
        apiFetch(editing === null ? base : `${base}/${editing.id}`, {
          method: editing === null ? 'POST' : 'PUT',
          body,
        }).then(() => undefined),
    )
    if (!done) return
    form.reset()
    setEditing(null)
    toasts.show('success', t('accounting.saved', { code: body.code }))
    await client.invalidateQueries({ queryKey: [base] })
  }
  const title = t(kind === 'entries' ? 'accounting.entriesTitle' : 'accounting.vatTitle')
  const familyLabel = (id: number | null | undefined) =>
    id == null ? '—' : (families.data?.data.find((f) => f.value === String(id))?.label ?? String(id))
  return (
    <section>
      <h1>{title}</h1>
      <p>{t(kind === 'entries' ? 'accounting.entriesHelp' : 'accounting.vatHelp')}</p>
      <DataTable<Account>
        caption={title}
        columns={[
          { key: 'code', label: t('accounting.fields.code'), sortable: true },
          { key: 'label', label: t('accounting.fields.label'), sortable: true },
          ...(kind === 'entries'
            ? [
                {
                  key: 'product_family_id',
                  label: t('accounting.fields.family'),
                  render: (r: Account) =>
                    r.is_default ? t('accounting.default') : familyLabel(r.product_family_id),
                },
              ]
            : [
                {
                  key: 'vat_rate',
                  label: t('accounting.fields.rate'),
                  render: (r: Account) => `${r.vat_rate} %`,
                },
                {
                  key: 'vat_type',
                  label: t('accounting.fields.vatType'),
                  render: (r: Account) => t(`invoices.vatTypes.${r.vat_type}`),
                },
                {
                  key: 'self_assessed_code',
                  label: t('accounting.fields.selfAssessed'),
                  render: (r: Account) => r.self_assessed_code ?? '—',
                },
              ]),
          {
            key: 'active',
            label: t('accounting.fields.status'),
            render: (r) => (
              <StatusBadge
                status={r.active ? 'validated' : 'canceled'}
                label={t(r.active ? 'accounting.active' : 'accounting.inactive')}
              />
            ),
          },
          {
            key: 'id',
            label: t('table.actions'),
            render: (r) => (
              <span className="pc-actions">
                <Button variant="secondary" onClick={() => setEditing(r)}>
                  {t('accounting.edit')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void act(() =>
                      apiFetch(`${base}/${r.id}/${r.active ? 'disable' : 'enable'}`, { method: 'POST' }),
                    )
                  }
                >
                  {t(r.active ? 'accounting.disable' : 'accounting.enable')}
                </Button>
                <Button variant="danger" onClick={() => setRemoving(r)}>
                  {t('accounting.delete')}
                </Button>
              </span>
            ),
          },
        ]}
        rows={list.data.data}
        rowLabel={(r) => r.code}
        total={list.data.meta.total}
        totalExact={list.data.meta.total_exact}
        page={list.data.meta.page}
        perPage={list.data.meta.per_page}
        sort={sort}
        onSortChange={(s) => update({ sort: s.key, direction: s.direction })}
        onPageChange={(page) => update({ page: String(page) })}
        onPerPageChange={(perPage) => update({ per_page: String(perPage) })}
        search={params.get('search') ?? ''}
        onSearchChange={(search) => update({ search })}
        filters={[]}
        onFilterChange={() => undefined}
        bulkActions={[]}
        onBulkAction={() => undefined}
        loading={list.isFetching}
        labels={labels}
      />
      <form
        key={editing?.id ?? 'new'}
        aria-label={editing === null ? t('accounting.add') : t('accounting.change', { code: editing.code })}
        onSubmit={submit}
        noValidate
      >
        <h2>{editing === null ? t('accounting.add') : t('accounting.change', { code: editing.code })}</h2>
        <FormAlert message={message} />
        <TextField
          label={t('accounting.fields.code')}
          name="code"
          defaultValue={editing?.code ?? ''}
          errors={errors.code ?? []}
        />
        <TextField
          label={t('accounting.fields.label')}
          name="label"
          defaultValue={editing?.label ?? ''}
          errors={errors.label ?? []}
        />
        {kind === 'entries' ? (
          <>
            <SelectField
              label={t('accounting.fields.family')}
              name="product_family_id"
              defaultValue={editing?.product_family_id == null ? '' : String(editing.product_family_id)}
              options={[{ value: '', label: '—' }, ...(families.data?.data ?? [])]}
              errors={errors.product_family_id ?? []}
            />
            <label>
              <input type="checkbox" name="is_default" defaultChecked={editing?.is_default === true} />{' '}
              {t('accounting.isDefault')}
            </label>
          </>
        ) : (
          <>
            <DecimalField
              label={t('accounting.fields.rate')}
              name="vat_rate"
              defaultValue={editing?.vat_rate ?? ''}
              errors={errors.vat_rate ?? []}
            />
            <SelectField
              label={t('accounting.fields.vatType')}
              name="vat_type"
              defaultValue={editing?.vat_type ?? 'on_debit'}
              options={VAT_TYPES.map((v) => ({ value: v, label: t(`invoices.vatTypes.${v}`) }))}
              errors={errors.vat_type ?? []}
            />
            <TextField
              label={t('accounting.fields.selfAssessed')}
              name="self_assessed_code"
              defaultValue={editing?.self_assessed_code ?? ''}
              errors={errors.self_assessed_code ?? []}
            />
          </>
        )}
        <div className="pc-actions">
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
          {editing !== null ? (
            <Button variant="secondary" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
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
          if (row !== null) void act(() => apiFetch(`${base}/${row.id}`, { method: 'DELETE' }))
        }}
      />
    </section>
  )
}
