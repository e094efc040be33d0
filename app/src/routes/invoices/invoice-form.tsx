import { dataOf, NumberedAnswerSchema, rowsOf } from '@procura/core/answer'
import {
  CAPTURE_KINDS,
  type CaptureKind,
  InvoiceAnswerSchema,
  InvoiceFormDataAnswerSchema,
  InvoiceMatchAnswerSchema,
  invoiceLinesFromEInvoice,
  PendingInvoiceAnswerSchema,
  SupplierInvoiceInputSchema,
} from '@procura/core/invoice'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { DateInputField, DecimalField, ModuleSelect, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import type { EditedInvoice, FreeLine, InvoiceFormData, Match } from './invoice-form-types'
import { BillableLinesTable, FreeLinesFieldset } from './invoice-lines'
import type { PendingInvoice } from './pending-invoices'

const InvoiceRead = dataOf(InvoiceAnswerSchema)
const PendingInvoiceRows = rowsOf(PendingInvoiceAnswerSchema)
const InvoiceMatchRead = dataOf(InvoiceMatchAnswerSchema)

/**
 * supplier-invoices/new[?pending=ID|?order=ID][&kind=credit_note&corrects=ID]: capture an invoice
 * or a credit note, from a pending one, from an order's page (its lines filled with what is left to
 * bill) or typed, with its three-way match; a credit note offers the lines billed (those of the
 * invoice it corrects), each filled with what came back (negative);
 * supplier-invoices/{id}/edit: change a draft or refused one. An order named (or the order an
 * e-invoice names) offers its lines only, until the clerk asks for the supplier's other orders.
 */
export const InvoiceForm = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const editing = useAnswer(`/bwapi/supplier-invoices/${id}`, InvoiceRead, {
    enabled: id !== undefined,
  })
  const [search] = useSearchParams()
  const pendingId = Number(search.get('pending') ?? '')
  const queue = useAnswer('/bwapi/pending-invoices?per_page=100', PendingInvoiceRows, {
    enabled: pendingId > 0,
  })
  const pending = queue.data?.data.find((p) => p.id === pendingId) ?? null
  const [supplierId, setSupplierId] = useState<number | null>(null)
  const [wholeSupplier, setWholeSupplier] = useState(false)
  const invoice = editing.data?.data ?? null
  // A credit note: asked for (the invoice page's action), edited as one, or what arrived totals below zero.
  const [chosenKind, setKind] = useState<CaptureKind | null>(null)
  const kind: CaptureKind =
    chosenKind ??
    (invoice !== null
      ? invoice.kind === 'credit_note'
        ? 'credit_note'
        : 'invoice'
      : search.get('kind') === 'credit_note' || pending?.amount_exctax.startsWith('-') === true
        ? 'credit_note'
        : 'invoice')
  const corrects = Number(search.get('corrects') ?? '') || (invoice?.corrects_invoice_id ?? null)
  const named = Number(search.get('order') ?? '')
  const orderId =
    wholeSupplier || invoice !== null || supplierId !== null
      ? null
      : named > 0
        ? named
        : (pending?.e_invoice_match?.order_id ?? null)
  const namedSupplier = Number(search.get('supplier') ?? '') || null
  const chosen = supplierId ?? invoice?.supplier_id ?? pending?.supplier_id ?? namedSupplier
  const query = [
    orderId !== null ? `purchase_order_id=${orderId}` : chosen === null ? null : `supplier_id=${chosen}`,
    invoice === null ? null : `invoice_id=${invoice.id}`,
    kind === 'credit_note'
      ? `kind=credit_note${corrects === null ? '' : `&corrects_invoice_id=${corrects}`}`
      : null,
  ]
    .filter(Boolean)
    .join('&')
  const form = useAnswer(
    `/bwapi/supplier-invoices/create-form${query === '' ? '' : `?${query}`}`,
    InvoiceFormDataAnswerSchema,
    {
      enabled: id === undefined || invoice !== null,
    },
  )
  if (form.isError) return <ErrorState error={form.error} />
  if (editing.isError) return <ErrorState error={editing.error} />
  if (form.data === undefined || (pendingId > 0 && queue.data === undefined))
    return <p role="status">{t('common.loading')}</p>
  return (
    <InvoiceFields
      key={`${chosen}-${pending?.id ?? ''}-${invoice?.id ?? ''}-${orderId ?? ''}-${kind}`}
      data={form.data}
      kind={kind}
      onKind={setKind}
      corrects={corrects}
      pending={pending}
      invoice={invoice}
      supplierId={chosen ?? form.data.order?.supplier_id ?? null}
      onSupplier={setSupplierId}
      fromOrder={named > 0 && orderId === named}
      onWholeSupplier={form.data.order === null ? null : () => setWholeSupplier(true)}
    />
  )
}

const InvoiceFields = ({
  data,
  kind,
  onKind,
  corrects,
  pending,
  invoice,
  supplierId,
  onSupplier,
  fromOrder,
  onWholeSupplier,
}: {
  data: InvoiceFormData
  kind: CaptureKind
  onKind: (kind: CaptureKind) => void
  /** The invoice a credit note corrects, when named. */
  corrects: number | null
  pending: PendingInvoice | null
  invoice: EditedInvoice | null
  supplierId: number | null
  onSupplier: (id: number) => void
  /** Opened from the order's page: each line starts at what is left to bill. */
  fromOrder: boolean
  /** Offers the supplier's other orders' lines besides the one order's. */
  onWholeSupplier: (() => void) | null
}) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['invoice'])
  const toasts = useToasts()
  const format = useFormat()
  const { errors, message, busy, send } = useSubmit()
  // Made from a pending invoice, each line starts at what is left to bill (the usual case).
  // An e-invoice's lines bill the order lines of the same label, the others become free lines.
  const fromEInvoice =
    invoice === null && pending?.e_invoice
      ? invoiceLinesFromEInvoice(
          pending.e_invoice.lines,
          data.lines,
          pending.e_invoice_match?.order_id ?? null,
        )
      : null
  const credit = kind === 'credit_note'
  const [billed, setBilled] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      data.lines.map((l) => [
        l.id,
        invoice !== null
          ? (l.billed_here ?? '')
          : fromEInvoice !== null
            ? credited(fromEInvoice.billed[l.id] ?? '', credit)
            : credit
              ? // What came back is what a return's credit note takes off.
                credited(Number(l.returned_quantity ?? '0') > 0 ? (l.returned_quantity ?? '') : '', true)
              : pending === null && !fromOrder
                ? ''
                : l.receipt_mode === 'amount'
                  ? l.remaining_exctax
                  : l.remaining_quantity,
      ]),
    ),
  )
  const [rebill, setRebill] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(
      (invoice?.lines ?? []).flatMap((l) =>
        l.purchase_order_line_id === null ? [] : [[l.purchase_order_line_id, l.rebill === true]],
      ),
    ),
  )
  const [free, setFree] = useState<FreeLine[]>(
    fromEInvoice?.free ??
      (invoice?.lines ?? [])
        .filter((l) => l.purchase_order_line_id === null)
        .map((l) => ({ label: l.label, amount_exctax: l.amount_exctax, vat_rate: l.vat_rate })),
  )
  const [match, setMatch] = useState<Match | null>(null)
  const currency = data.lines[0]?.currency_code ?? pending?.currency_code ?? 'EUR'
  const chosenLines = data.lines.filter((l) => (billed[l.id] ?? '').trim() !== '')

  const bodyOf = (f: FormData) => {
    const text = (name: string) => {
      const value = String(f.get(name) ?? '').trim()
      return value === '' ? null : value
    }
    return {
      kind,
      corrects_invoice_id:
        credit && text('corrects_invoice_id') !== null ? Number(f.get('corrects_invoice_id')) : null,
      label: text('label'),
      supplier_id: supplierId,
      company_id: Number(f.get('company_id')),
      currency_code: currency,
      invoice_date: text('invoice_date'),
      due_date: text('due_date'),
      vat_type: f.get('vat_type'),
      outside_eu: f.get('outside_eu') === 'on',
      amount_exctax: text('amount_exctax'),
      amount_inctax: text('amount_inctax'),
      pending_invoice_id: pending?.id ?? null,
      lines: [
        ...chosenLines.map((l) => ({
          purchase_order_line_id: l.id,
          vat_rate: l.vat_rate,
          rebill: rebill[l.id] === true,
          ...(l.receipt_mode === 'amount' ? { amount_exctax: billed[l.id] } : { quantity: billed[l.id] }),
        })),
        ...free.map((l) => ({ purchase_order_line_id: null, ...l })),
      ],
    }
  }
  const check = async (f: FormData) => {
    try {
      setMatch(
        // A check, not a change: nothing to read again.
        (
          await apiRead('/bwapi/supplier-invoices/match', InvoiceMatchRead, {
            method: 'POST',
            body: bodyOf(f),
          })
        ).data,
      )
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    let made: { id: number; code: string } | null = null
    const done = await send(SupplierInvoiceInputSchema, bodyOf(f), async () => {
      if (invoice === null)
        made = (
          await change.mutateAsync(() =>
            apiRead('/bwapi/supplier-invoices', NumberedAnswerSchema, {
              method: 'POST',
              body: bodyOf(f),
            }),
          )
        ).data
      else {
        await change.mutateAsync(() =>
          apiFetch(`/bwapi/supplier-invoices/${invoice.id}`, { method: 'PUT', body: bodyOf(f) }),
        )
        made = { id: invoice.id, code: invoice.code }
      }
    })
    const saved = made as { id: number; code: string } | null
    if (!done || saved === null) return
    toasts.show('success', t('invoices.saved', { code: saved.code }))
    navigate(`/supplier-invoices/${saved.id}`)
  }
  const resultOf = (lineId: number) => match?.lines.find((l) => l.purchase_order_line_id === lineId)?.result
  const rank = (lineId: number) => chosenLines.findIndex((l) => l.id === lineId)

  return (
    <form onSubmit={submit} noValidate>
      <h1>
        {invoice
          ? t('invoices.edit', { code: invoice.code })
          : pending
            ? t('invoices.newFrom', { label: pending.label ?? '' })
            : t(credit ? 'invoices.newCreditNote' : 'invoices.new')}
      </h1>
      <FormAlert message={message} />
      <SelectField
        label={t('invoices.fields.kind')}
        name="kind"
        value={kind}
        onChange={(event) => onKind(event.currentTarget.value as CaptureKind)}
        options={CAPTURE_KINDS.map((k) => ({ value: k, label: t(`invoices.kinds.${k}`) }))}
      />
      {credit ? (
        <SelectField
          label={t('invoices.fields.corrects')}
          name="corrects_invoice_id"
          hint={t('invoices.creditNoteHint')}
          defaultValue={corrects === null ? '' : String(corrects)}
          options={[
            { value: '', label: '—' },
            ...data.correctable.map((i) => ({ value: String(i.id), label: `${i.label} (${i.code})` })),
          ]}
          errors={errors.corrects_invoice_id ?? []}
        />
      ) : null}
      <OptionPicker
        label={t('invoices.fields.supplier')}
        name="supplier_id"
        source="/bwapi/supplier-invoices/filter-list/supplier_id"
        initial={(() => {
          const s = data.suppliers.find((x) => x.id === supplierId)
          return s === undefined ? null : { value: String(s.id), label: `${s.company_name} (${s.code})` }
        })()}
        onPick={(value) => {
          if (value !== null) onSupplier(Number(value))
        }}
        disabled={invoice !== null}
        errors={errors.supplier_id ?? []}
      />
      <ModuleSelect
        module="multi_company"
        label={t('invoices.fields.company')}
        name="company_id"
        defaultValue={String(invoice?.company_id ?? data.lines[0]?.company_id ?? data.companies[0]?.id ?? '')}
        options={data.companies.map((c) => ({ value: String(c.id), label: c.label }))}
        errors={errors.company_id ?? []}
      />
      <TextField
        label={t('invoices.fields.label')}
        name="label"
        defaultValue={invoice?.label ?? pending?.label ?? ''}
        errors={errors.label ?? []}
      />
      <DateInputField
        label={t('invoices.fields.invoiceDate')}
        name="invoice_date"
        defaultValue={invoice?.invoice_date ?? pending?.invoice_date ?? new Date().toISOString().slice(0, 10)}
        errors={errors.invoice_date ?? []}
      />
      <DateInputField
        label={t('invoices.fields.dueDate')}
        name="due_date"
        defaultValue={invoice?.due_date ?? ''}
        errors={errors.due_date ?? []}
      />
      <SelectField
        label={t('invoices.fields.vatType')}
        name="vat_type"
        defaultValue={invoice?.vat_type ?? 'on_debit'}
        options={data.vat_types.map((v) => ({ value: v, label: t(`invoices.vatTypes.${v}`) }))}
        errors={errors.vat_type ?? []}
      />
      <CheckboxField
        label={t('invoices.fields.outsideEu')}
        name="outside_eu"
        defaultChecked={invoice?.outside_eu ?? false}
      />
      <fieldset>
        <legend>{t('invoices.declared')}</legend>
        <DecimalField
          label={t('invoices.fields.amountExctax')}
          name="amount_exctax"
          defaultValue={invoice?.amount_exctax ?? pending?.amount_exctax ?? ''}
          errors={errors.amount_exctax ?? []}
        />
        <DecimalField
          label={t('invoices.fields.amountInctax')}
          name="amount_inctax"
          defaultValue={invoice?.payable_amount ?? pending?.amount_inctax ?? ''}
          errors={errors.amount_inctax ?? []}
        />
      </fieldset>
      {pending?.e_invoice ? (
        <Table
          caption={t('invoices.eInvoiceLines', {
            syntax: t(`invoices.syntaxes.${pending.e_invoice.syntax}`),
          })}
          columns={[
            { key: 'line', header: t('invoices.fields.line'), cell: (l) => l.label },
            {
              key: 'quantity',
              header: t('invoices.fields.quantity'),
              cell: (l) =>
                `${format.number(l.quantity)}${l.unit_price === null ? '' : ` × ${format.amount(l.unit_price, currency)}`}`,
            },
            {
              key: 'amount',
              header: t('invoices.fields.amount'),
              cell: (l) => format.money(l.amount, currency),
              numeric: true,
            },
          ]}
          rows={pending.e_invoice.lines}
          rowKey={(l) => `${l.label}-${l.amount}`}
        />
      ) : null}
      {pending?.e_invoice_issues.map((issue) => (
        <p key={issue.message} className="pc-text--danger">
          {issue.message}
        </p>
      ))}
      <p>{t('invoices.billHint')}</p>
      {data.order !== null && onWholeSupplier !== null ? (
        <p>
          {t('invoices.oneOrder', { code: data.order.code })}{' '}
          <Button variant="ghost" onClick={onWholeSupplier}>
            {t('invoices.otherOrders')}
          </Button>
        </p>
      ) : null}
      {supplierId !== null && data.lines.length === 0 ? <p>{t('invoices.noLines')}</p> : null}
      {data.lines.length > 0 ? (
        <BillableLinesTable
          lines={data.lines}
          billed={billed}
          onBilled={setBilled}
          rebill={rebill}
          onRebill={setRebill}
          resultOf={resultOf}
          rank={rank}
          errors={errors}
        />
      ) : null}
      <FreeLinesFieldset free={free} onChange={setFree} errors={errors} offset={chosenLines.length} />
      {match ? (
        <section aria-label={t('invoices.matchTitle')}>
          <p role="status">
            {t('invoices.fields.amountExctax')}: {format.money(match.amount_exctax, currency)} ·{' '}
            {t('invoices.payable')}: {format.money(match.payable_amount, currency)}
          </p>
          {match.problems.length > 0 ? (
            <div className="pc-text--danger">
              <p>{t('invoices.problems')}:</p>
              <ul>
                {match.problems.map((p) => (
                  <li key={`${p.code}-${p.message}`}>{p.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
      <div className="pc-actions">
        <Button
          variant="secondary"
          onClick={(event) => {
            const element = (event.currentTarget as HTMLElement).closest('form')
            if (element) void check(new FormData(element))
          }}
        >
          {t('invoices.checkMatch')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('invoices.capture')}
        </Button>
      </div>
    </form>
  )
}

/** A credit note's figure: negative (a quantity typed as it stands on the supplier's document, 4, takes off 4). */
const credited = (value: string, credit: boolean) =>
  !credit || value.trim() === '' || value.trim().startsWith('-') || Number(value) === 0
    ? value
    : `-${value.trim()}`
