import { CreatedAnswerSchema, rowsOf } from '@procura/core/answer'
import { FilterOptionsSchema } from '@procura/core/list'
import { InitInfosAnswerSchema } from '@procura/core/shell'
import { ACCOUNT_TYPES, SectorAnswerSchema, SupplierInputSchema } from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { DecimalField, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { useStatusLabel } from '../orders/use-status-label'
import { PaymentTermFields, paymentTermOf } from './payment-term-fields'
import { blank, chosenId, recordOf, type Supplier, useMayManageSuppliers } from './supplier-types'

type Errors = Record<string, string[]>

/**
 * One tab of the supplier's record: its fields, sent with the rest of the record unchanged
 * (checked by core's schema first); a new supplier is created from the identity tab.
 */
const RecordForm = ({
  supplier,
  label,
  fieldsOf,
  children,
}: {
  supplier: Supplier | null
  label: string
  fieldsOf: (f: FormData) => Record<string, unknown>
  children: (errors: Errors) => ReactNode
}) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['supplier'])
  const toasts = useToasts()
  // A new supplier: who creates suppliers; a saved one: what its read allows.
  const mayCreate = useMayManageSuppliers()
  const mayManage = supplier === null ? mayCreate : supplier.actions.includes('edit')
  const { errors, message, busy, send } = useSubmit()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { ...recordOf(supplier), ...fieldsOf(new FormData(event.currentTarget)) }
    await send(SupplierInputSchema, body, async () => {
      if (supplier === null) {
        const created = await change.mutateAsync(() =>
          apiRead('/bwapi/suppliers', CreatedAnswerSchema, { method: 'POST', body }),
        )
        navigate(`/suppliers/${created.data.id}`)
      } else {
        await change.mutateAsync(() => apiFetch(`/bwapi/suppliers/${supplier.id}`, { method: 'PUT', body }))
        toasts.show('success', t('common.saved'))
      }
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <FormAlert message={message} />
      <fieldset disabled={!mayManage}>
        {children(errors)}
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>
      </fieldset>
    </form>
  )
}

const tagsOf = (f: FormData) =>
  String(f.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')

/** Identity: who the supplier is (spec §3). */
export const IdentityTab = ({ supplier }: { supplier: Supplier | null }) => {
  const { t } = useTranslation()
  const statusLabel = useStatusLabel()
  const s = supplier
  return (
    <RecordForm
      supplier={s}
      label={t('suppliers.tabs.identity')}
      fieldsOf={(f) => ({
        code: f.get('code'),
        company_name: f.get('company_name'),
        status: f.get('status'),
        group_id: chosenId(f, 'group_id'),
        account_type: f.get('account_type'),
        contractual_status: blank(f, 'contractual_status'),
        qualification: blank(f, 'qualification'),
        client_number: blank(f, 'client_number'),
        address: blank(f, 'address'),
        siret: blank(f, 'siret'),
        duns: blank(f, 'duns'),
        intra_community_vat: blank(f, 'intra_community_vat'),
        website: blank(f, 'website'),
        activity_details: blank(f, 'activity_details'),
        tags: tagsOf(f),
        ...(s === null ? { currency_code: f.get('currency_code') } : {}),
      })}
    >
      {(errors) => (
        <>
          <TextField
            label={t('suppliers.fields.code')}
            name="code"
            defaultValue={s?.code ?? ''}
            errors={errors.code ?? []}
          />
          <TextField
            label={t('suppliers.fields.companyName')}
            name="company_name"
            defaultValue={s?.company_name ?? ''}
            errors={errors.company_name ?? []}
          />
          <SelectField
            label={t('orders.fields.status')}
            name="status"
            defaultValue={s?.status ?? 'prospect'}
            options={(['prospect', 'active', 'inactive'] as const).map((v) => ({
              value: v,
              label: statusLabel(v),
            }))}
            errors={errors.status ?? []}
          />
          {s === null ? <CurrencyField errors={errors} supplier={null} /> : null}
          <OptionPicker
            label={t('suppliers.record.group')}
            name="group_id"
            source="/bwapi/suppliers/filter-list/group_id"
            initial={s?.group_id ? { value: String(s.group_id), label: s.group ?? '' } : null}
            errors={errors.group_id ?? []}
          />
          <TextField
            label={t('suppliers.fields.address')}
            name="address"
            defaultValue={s?.address ?? ''}
            errors={errors.address ?? []}
          />
          <TextField
            label={t('suppliers.fields.siret')}
            name="siret"
            defaultValue={s?.siret ?? ''}
            errors={errors.siret ?? []}
          />
          <TextField
            label={t('suppliers.record.duns')}
            name="duns"
            defaultValue={s?.duns ?? ''}
            errors={errors.duns ?? []}
          />
          <TextField
            label={t('suppliers.fields.intraCommunityVat')}
            name="intra_community_vat"
            defaultValue={s?.intra_community_vat ?? ''}
            errors={errors.intra_community_vat ?? []}
          />
          <SelectField
            label={t('suppliers.record.accountType')}
            name="account_type"
            defaultValue={s?.account_type ?? 'iban'}
            options={ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`suppliers.accountTypes.${v}`) }))}
          />
          <TextField
            label={t('suppliers.record.clientNumber')}
            name="client_number"
            defaultValue={s?.client_number ?? ''}
            errors={errors.client_number ?? []}
          />
          <TextField
            label={t('suppliers.record.contractualStatus')}
            name="contractual_status"
            defaultValue={s?.contractual_status ?? ''}
          />
          <TextField
            label={t('suppliers.record.qualification')}
            name="qualification"
            defaultValue={s?.qualification ?? ''}
          />
          <TextField
            label={t('suppliers.record.website')}
            name="website"
            type="url"
            defaultValue={s?.website ?? ''}
            errors={errors.website ?? []}
          />
          <TextAreaField
            label={t('suppliers.record.activity')}
            name="activity_details"
            defaultValue={s?.activity_details ?? ''}
          />
          <TextField
            label={t('suppliers.record.tags')}
            hint={t('suppliers.record.tagsHint')}
            name="tags"
            defaultValue={(s?.tags ?? []).join(', ')}
            errors={errors.tags ?? []}
          />
        </>
      )}
    </RecordForm>
  )
}

const SectorsAnswer = rowsOf(SectorAnswerSchema)

const CurrencyField = ({ supplier, errors }: { supplier: Supplier | null; errors: Errors }) => {
  const { t } = useTranslation()
  const currencies = useAnswer('/bwapi/init-infos', InitInfosAnswerSchema)
  return (
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
  )
}

type Sector = z.infer<typeof SectorAnswerSchema>

/** Sectors in tree order, each with its depth (an indented list of checkboxes). */
const inTreeOrder = (sectors: readonly Sector[]) => {
  const children = (parent: number | null) => sectors.filter((s) => s.parent_id === parent)
  const out: (Sector & { depth: number })[] = []
  const walk = (parent: number | null, depth: number) => {
    for (const sector of children(parent)) {
      if (out.some((o) => o.id === sector.id)) continue
      out.push({ ...sector, depth })
      walk(sector.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/** Purchase informations: where it works, what it sells, who follows it, its ceilings. */
export const PurchaseTab = ({ supplier }: { supplier: Supplier }) => {
  const { t } = useTranslation()
  const sectors = useAnswer('/bwapi/geographic-sectors', SectorsAnswer)
  const families = useAnswer('/bwapi/suppliers/filter-list/family_id', FilterOptionsSchema)
  const [chosenFamilies, setChosenFamilies] = useState<number[]>(supplier.family_ids)
  const ids = (f: FormData, name: string) => f.getAll(name).map(Number)
  // Every family (the first 50), and the supplier's own when they are not among them.
  const listed = families.data?.data ?? []
  const familyOptions = [
    ...listed,
    ...supplier.families
      .filter((f) => !listed.some((o) => o.value === String(f.id)))
      .map((f) => ({ value: String(f.id), label: f.label })),
  ]
  return (
    <RecordForm
      supplier={supplier}
      label={t('suppliers.tabs.purchase')}
      fieldsOf={(f) => ({
        sector_ids: ids(f, 'sector_ids'),
        family_ids: ids(f, 'family_ids'),
        main_family_id: chosenId(f, 'main_family_id'),
        manager_id: chosenId(f, 'manager_id'),
        max_per_order: blank(f, 'max_per_order'),
        max_per_year: blank(f, 'max_per_year'),
        surveillance_min_amount: blank(f, 'surveillance_min_amount'),
        manage_shipping_date: f.get('manage_shipping_date') === 'on',
        manage_stock: f.get('manage_stock') === 'on',
        po_informations: blank(f, 'po_informations'),
        punchout_url: blank(f, 'punchout_url'),
      })}
    >
      {(errors) => (
        <>
          <fieldset className="pc-checklist">
            <legend>{t('suppliers.record.sectors')}</legend>
            {(sectors.data?.data ?? []).length === 0 ? <p>{t('suppliers.record.noSector')}</p> : null}
            {inTreeOrder(sectors.data?.data ?? []).map((sector) => (
              <div key={sector.id} style={{ paddingInlineStart: `${sector.depth * 1.5}rem` }}>
                <CheckboxField
                  label={sector.label}
                  name="sector_ids"
                  value={String(sector.id)}
                  defaultChecked={supplier.sector_ids.includes(sector.id)}
                />
              </div>
            ))}
            <FieldErrors errors={errors.sector_ids} />
          </fieldset>
          <fieldset className="pc-checklist">
            <legend>{t('suppliers.record.families')}</legend>
            {familyOptions.map((family) => (
              <CheckboxField
                key={family.value}
                label={family.label}
                name="family_ids"
                value={family.value}
                defaultChecked={supplier.family_ids.includes(Number(family.value))}
                onChange={(e) =>
                  setChosenFamilies((now) =>
                    e.target.checked
                      ? [...now, Number(family.value)]
                      : now.filter((id) => id !== Number(family.value)),
                  )
                }
              />
            ))}
            <FieldErrors errors={errors.family_ids} />
          </fieldset>
          <SelectField
            label={t('suppliers.record.mainFamily')}
            name="main_family_id"
            defaultValue={supplier.main_family_id === null ? '' : String(supplier.main_family_id)}
            options={[
              { value: '', label: t('suppliers.record.noMainFamily') },
              ...familyOptions.filter((o) => chosenFamilies.includes(Number(o.value))),
            ]}
            errors={errors.main_family_id ?? []}
          />
          <OptionPicker
            label={t('suppliers.record.manager')}
            hint={t('suppliers.record.managerHint')}
            name="manager_id"
            source="/bwapi/suppliers/filter-list/manager_id"
            initial={
              supplier.manager_id
                ? { value: String(supplier.manager_id), label: supplier.manager ?? '' }
                : null
            }
            errors={errors.manager_id ?? []}
          />
          <DecimalField
            label={t('suppliers.fields.maxPerOrder')}
            hint={t('suppliers.fields.ceilingHint')}
            name="max_per_order"
            defaultValue={supplier.max_per_order ?? ''}
            errors={errors.max_per_order ?? []}
          />
          <DecimalField
            label={t('suppliers.fields.maxPerYear')}
            hint={t('suppliers.fields.ceilingHint')}
            name="max_per_year"
            defaultValue={supplier.max_per_year ?? ''}
            errors={errors.max_per_year ?? []}
          />
          <DecimalField
            label={t('suppliers.record.surveillanceMinAmount')}
            name="surveillance_min_amount"
            defaultValue={supplier.surveillance_min_amount ?? ''}
            errors={errors.surveillance_min_amount ?? []}
          />
          <CheckboxField
            label={t('suppliers.record.manageShippingDate')}
            name="manage_shipping_date"
            defaultChecked={supplier.manage_shipping_date}
          />
          <CheckboxField
            label={t('suppliers.record.manageStock')}
            name="manage_stock"
            defaultChecked={supplier.manage_stock}
          />
          <TextAreaField
            label={t('suppliers.record.poInformations')}
            name="po_informations"
            defaultValue={supplier.po_informations ?? ''}
          />
          <TextField
            label={t('suppliers.record.punchoutUrl')}
            name="punchout_url"
            type="url"
            defaultValue={supplier.punchout_url ?? ''}
            errors={errors.punchout_url ?? []}
          />
        </>
      )}
    </RecordForm>
  )
}

const FieldErrors = ({ errors }: { errors: string[] | undefined }) =>
  errors === undefined || errors.length === 0 ? null : (
    <p className="pc-field__error" role="alert">
      {errors.join(' ')}
    </p>
  )

/** Finance: currency, accounting code and payment terms. */
export const FinanceTab = ({ supplier }: { supplier: Supplier }) => {
  const { t } = useTranslation()
  return (
    <RecordForm
      supplier={supplier}
      label={t('suppliers.tabs.finance')}
      fieldsOf={(f) => ({
        currency_code: f.get('currency_code'),
        accounting_code: blank(f, 'accounting_code'),
        payment_type: f.get('payment_type'),
        payment_term: paymentTermOf(f),
      })}
    >
      {(errors) => (
        <>
          <CurrencyField supplier={supplier} errors={errors} />
          <TextField
            label={t('suppliers.fields.accountingCode')}
            name="accounting_code"
            defaultValue={supplier.accounting_code ?? ''}
            errors={errors.accounting_code ?? []}
          />
          <PaymentTermFields supplier={supplier} errors={errors} />
        </>
      )}
    </RecordForm>
  )
}
