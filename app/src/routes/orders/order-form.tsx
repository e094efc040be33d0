import { CreatedAnswerSchema, rowsOf } from '@procura/core/answer'
import { numberStyleFor, showTypedNumber } from '@procura/core/format'
import { toAmountString } from '@procura/core/money'
import {
  AgreementOfferAnswerSchema,
  OrderFormDataAnswerSchema,
  orderAmounts,
  PurchaseOrderInputSchema,
} from '@procura/core/purchase-order'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { CustomFieldInputs, readCustomValues } from '../../forms/custom-fields'
import { DateInputField, DecimalField, ModuleSelect, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ALLOCATION_KEYS, useAllocationFields } from '../allocation-fields'
import { ErrorState } from '../error-state'
import { LinesEditor } from '../lines-editor'
import type { Order, OrderFormData, OrderLine } from './order-types'
import { OrderAnswerPage } from './order-types'

const AgreementOfferRows = rowsOf(AgreementOfferAnswerSchema)

/** A form field's text, or null when left blank. */
const text = (f: FormData, name: string) => {
  const value = f.get(name)
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

const EMPTY_LINE: OrderLine = {
  label: '',
  quantity: '1',
  unit: 'unit',
  unit_price_exctax: '0',
  vat_rate: '20',
}

/** A preview of the totals with core's own rules, to the settings' decimals; the server recomputes them on save. */
const previewTotals = (lines: readonly OrderLine[], decimals: number) => {
  try {
    const { totals } = orderAmounts(
      lines.map((l) => ({ ...l, vat_rate_2: l.vat_rate_2 ?? null })),
      decimals,
    )
    return {
      exctax: toAmountString(totals.exctax, decimals),
      inctax: toAmountString(totals.inctax, decimals),
    }
  } catch {
    return null
  }
}

/** purchase-orders/new and purchase-orders/{id}/edit. */
export const OrderForm = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const navigate = useNavigate()
  const choices = useAnswer('/bwapi/purchase-orders/create', OrderFormDataAnswerSchema)
  const existing = useAnswer(`/bwapi/purchase-orders/${id}`, OrderAnswerPage, { enabled: id !== undefined })
  if (choices.isError) return <ErrorState error={choices.error} />
  if (choices.data === undefined || (id !== undefined && existing.data === undefined))
    return <p role="status">{t('common.loading')}</p>
  return (
    <OrderFormFields
      choices={choices.data}
      order={existing.data?.data ?? null}
      onSaved={async (savedId) => {
        navigate(`/purchase-orders/${savedId}`)
      }}
    />
  )
}

const OrderFormFields = ({
  choices,
  order,
  onSaved,
}: {
  choices: OrderFormData
  order: Order | null
  onSaved: (id: number) => Promise<void>
}) => {
  const { t, i18n } = useTranslation()
  // Totals as the reader writes numbers, in the order's currency chosen above.
  const shown = (value: string) => showTypedNumber(value, numberStyleFor(i18n.language))
  const { errors, message, busy, send } = useSubmit()
  const change = useChange(['order'])
  // A new order starts with no supplier: the buyer chooses one (a preselected one gets ordered from by mistake).
  const [supplierId, setSupplierId] = useState(String(order?.supplier_id ?? ''))
  const [lines, setLines] = useState<OrderLine[]>(
    // Amounts are the server's; everything else of a line (article, step, second rate) is kept.
    order?.lines.map(
      ({
        id,
        article_id,
        quantity_step,
        label,
        quantity,
        unit,
        unit_price_exctax,
        vat_rate,
        vat_rate_2,
        receipt_mode,
        allocation1,
        allocation2,
        allocation3,
        allocation4,
        agreement_line_id,
      }) => ({
        ...(id === undefined ? {} : { id }),
        receipt_mode: receipt_mode ?? 'quantity',
        article_id: article_id ?? null,
        quantity_step: quantity_step ?? null,
        label,
        quantity,
        unit: unit ?? 'unit',
        unit_price_exctax,
        vat_rate,
        vat_rate_2: vat_rate_2 ?? null,
        allocation1: allocation1 ?? null,
        allocation2: allocation2 ?? null,
        allocation3: allocation3 ?? null,
        allocation4: allocation4 ?? null,
        agreement_line_id: agreement_line_id ?? null,
      }),
    ) ?? [{ ...EMPTY_LINE }],
  )
  const allocationFields = useAllocationFields(lines)
  // The framework agreements this supplier's orders may draw on: a line picks one, its price follows.
  const offers = useAnswer(
    `/bwapi/framework-agreements/offers?supplier_id=${supplierId}`,
    AgreementOfferRows,
    {
      enabled: supplierId !== '',
    },
  )
  const offered = (offers.data?.data ?? []).flatMap((a) => a.lines.map((l) => ({ ...l, agreement: a })))
  const drawOn = (next: OrderLine[]) =>
    setLines(
      next.map((line) => {
        const chosen = offered.find((o) => String(o.id) === String(line.agreement_line_id ?? ''))
        return chosen === undefined
          ? { ...line, agreement_line_id: null }
          : {
              ...line,
              agreement_line_id: chosen.id,
              label: line.label === '' ? chosen.label : line.label,
              unit: chosen.unit,
              unit_price_exctax: chosen.unit_price_exctax,
              vat_rate: chosen.vat_rate,
            }
      }),
    )
  const supplier = choices.suppliers.find((s) => String(s.id) === supplierId)
  const { decimals } = useFormat()
  const totals = previewTotals(lines, decimals)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      supplier_id: supplierId === '' ? null : Number(supplierId),
      supplier_contact_id: f.get('supplier_contact_id') ? Number(f.get('supplier_contact_id')) : null,
      company_id: Number(f.get('company_id')),
      department_id: f.get('department_id') ? Number(f.get('department_id')) : null,
      currency_code: f.get('currency_code'),
      purchase_type: text(f, 'purchase_type'),
      tags: (text(f, 'tags') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      deposit: text(f, 'deposit'),
      deposit_paid_at: text(f, 'deposit_paid_at'),
      supplier_comment: text(f, 'supplier_comment'),
      custom: readCustomValues(f, choices.custom_fields),
      delivery_address:
        text(f, 'delivery_address') === null
          ? null
          : {
              type: f.get('delivery_type'),
              public: f.get('delivery_public') === 'on',
              address: text(f, 'delivery_address'),
              shipping_date: text(f, 'shipping_date'),
              deadline: text(f, 'deadline'),
            },
      lines: lines.map((line) => ({
        ...line,
        agreement_line_id:
          line.agreement_line_id === null ||
          line.agreement_line_id === undefined ||
          String(line.agreement_line_id) === ''
            ? null
            : Number(line.agreement_line_id),
        ...Object.fromEntries(
          ALLOCATION_KEYS.map((k) => [k, (line[k] ?? '').trim() === '' ? null : line[k]]),
        ),
      })),
    }
    await send(PurchaseOrderInputSchema, body, async () => {
      if (order === null) {
        const created = await change.mutateAsync(() =>
          apiRead('/bwapi/purchase-orders', CreatedAnswerSchema, { method: 'POST', body }),
        )
        await onSaved(created.data.id)
      } else {
        await change.mutateAsync(() =>
          apiFetch(`/bwapi/purchase-orders/${order.id}`, { method: 'PUT', body }),
        )
        await onSaved(order.id)
      }
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      <h1>{order === null ? t('orders.new') : t('orders.edit', { code: order.code })}</h1>
      <FormAlert message={message} />
      <OptionPicker
        label={t('orders.fields.supplier')}
        name="supplier_id"
        source="/bwapi/purchase-orders/filter-list/supplier_id"
        initial={
          supplier
            ? { value: String(supplier.id), label: `${supplier.company_name} (${supplier.code})` }
            : null
        }
        onPick={(value) => setSupplierId(value ?? '')}
        errors={errors.supplier_id ?? []}
      />
      {supplier?.flagged ? (
        <div className="pc-warning-note" role="note">
          <p>{t('orders.supplierFlagged', { supplier: supplier.company_name })}</p>
          <Link to={`/suppliers/${supplier.id}?tab=monitoring`}>{t('orders.supplierSurveillance')}</Link>
        </div>
      ) : null}
      <SelectField
        key={supplierId}
        label={t('orders.fields.contact')}
        name="supplier_contact_id"
        defaultValue={String(
          order?.supplier_contact_id ?? supplier?.contacts.find((c) => c.main_order_contact)?.id ?? '',
        )}
        options={[
          { value: '', label: '—' },
          ...(supplier?.contacts ?? []).map((c) => ({
            value: String(c.id),
            label: c.email ? `${c.name} <${c.email}>` : c.name,
          })),
        ]}
        errors={errors.supplier_contact_id ?? []}
      />
      <ModuleSelect
        module="multi_company"
        label={t('orders.fields.company')}
        name="company_id"
        defaultValue={String(order?.company_id ?? '')}
        options={choices.companies.map((c) => ({ value: String(c.id), label: c.label }))}
        errors={errors.company_id ?? []}
      />
      <SelectField
        label={t('orders.fields.department')}
        name="department_id"
        defaultValue={String(order?.department_id ?? '')}
        options={[
          { value: '', label: '—' },
          ...choices.departments.map((d) => ({ value: String(d.id), label: d.label })),
        ]}
      />
      <ModuleSelect
        module="multi_currency"
        label={t('orders.fields.currency')}
        name="currency_code"
        defaultValue={order?.currency_code ?? supplier?.currency_code ?? 'EUR'}
        options={choices.currencies.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` }))}
        errors={errors.currency_code ?? []}
      />
      <SelectField
        label={t('orders.fields.purchaseType')}
        name="purchase_type"
        defaultValue={order?.purchase_type ?? ''}
        options={[
          { value: '', label: '—' },
          // A type disabled since stays on the order that carries it.
          ...(order?.purchase_type && !choices.purchase_types.some((p) => p.code === order.purchase_type)
            ? [{ value: order.purchase_type, label: order.purchase_type }]
            : []),
          ...choices.purchase_types.map((p) => ({ value: p.code, label: p.label })),
        ]}
        errors={errors.purchase_type ?? []}
      />
      <TextField
        label={t('orders.fields.tags')}
        hint={t('orders.fields.tagsHint')}
        name="tags"
        defaultValue={order?.tags?.join(', ') ?? ''}
        errors={errors.tags ?? []}
      />
      <fieldset>
        <legend>{t('orders.fields.deposit')}</legend>
        <DecimalField
          label={t('orders.fields.depositAmount')}
          name="deposit"
          defaultValue={order?.deposit ?? ''}
          errors={errors.deposit ?? []}
        />
        <DateInputField
          label={t('orders.fields.depositPaidAt')}
          name="deposit_paid_at"
          defaultValue={order?.deposit_paid_at?.slice(0, 10) ?? ''}
          errors={errors.deposit_paid_at ?? []}
        />
      </fieldset>
      <fieldset>
        <legend>{t('orders.fields.delivery')}</legend>
        <SelectField
          label={t('orders.fields.deliveryType')}
          name="delivery_type"
          defaultValue={order?.delivery_address?.type ?? 'address_book'}
          options={(['address_book', 'project', 'other'] as const).map((type) => ({
            value: type,
            label: t(`orders.deliveryTypes.${type}`),
          }))}
          errors={errors['delivery_address.type'] ?? []}
        />
        <TextAreaField
          label={t('orders.fields.deliveryAddress')}
          name="delivery_address"
          rows={2}
          defaultValue={order?.delivery_address?.address ?? ''}
          errors={errors['delivery_address.address'] ?? []}
        />
        <CheckboxField
          label={t('orders.fields.deliveryPublic')}
          name="delivery_public"
          defaultChecked={order?.delivery_address?.public ?? false}
        />
        <DateInputField
          label={t('orders.fields.shippingDate')}
          name="shipping_date"
          defaultValue={order?.delivery_address?.shipping_date ?? ''}
          errors={errors['delivery_address.shipping_date'] ?? []}
        />
        <DateInputField
          label={t('orders.fields.deadline')}
          name="deadline"
          defaultValue={order?.delivery_address?.deadline ?? ''}
          errors={errors['delivery_address.deadline'] ?? []}
        />
      </fieldset>
      <TextAreaField
        label={t('orders.fields.supplierComment')}
        name="supplier_comment"
        rows={2}
        defaultValue={order?.supplier_comment ?? ''}
        errors={errors.supplier_comment ?? []}
      />
      <CustomFieldInputs
        fields={choices.custom_fields}
        values={Object.fromEntries((order?.custom ?? []).map((c) => [c.code, c.value]))}
        errors={errors}
        attachments={order === null ? null : `/bwapi/purchase-orders/${order.id}/attachments`}
      />
      <LinesEditor<OrderLine>
        lines={lines}
        wide
        fields={[
          { key: 'label', label: t('orders.fields.label') },
          { key: 'quantity', label: t('orders.fields.quantity'), decimal: true },
          { key: 'unit', label: t('needs.fields.unit') },
          { key: 'unit_price_exctax', label: t('orders.fields.unitPrice'), decimal: true },
          { key: 'vat_rate', label: t('orders.fields.vatRate'), decimal: true },
          {
            key: 'receipt_mode',
            label: t('deliveries.receiptMode'),
            options: [
              { value: 'quantity', label: t('deliveries.receiptModes.quantity') },
              { value: 'amount', label: t('deliveries.receiptModes.amount') },
            ],
          },
          ...allocationFields,
          ...(offered.length === 0
            ? []
            : [
                {
                  key: 'agreement_line_id' as const,
                  label: t('orders.fields.agreement'),
                  options: [
                    { value: '', label: t('orders.fields.noAgreement') },
                    ...offered.map((o) => ({
                      value: String(o.id),
                      label: t('orders.fields.agreementLine', {
                        code: o.agreement.code,
                        label: o.label,
                        price: o.unit_price_exctax,
                        remaining: o.remaining,
                      }),
                    })),
                  ],
                },
              ]),
        ]}
        empty={EMPTY_LINE}
        errors={errors}
        onChange={drawOn}
      />
      {totals ? (
        <p role="status">
          {t('orders.preview', {
            exctax: shown(totals.exctax),
            inctax: shown(totals.inctax),
          })}
        </p>
      ) : null}
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}
