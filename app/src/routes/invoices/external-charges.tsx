import { CreatedAnswerSchema, dataOf } from '@procura/core/answer'
import {
  ExternalChargeChoicesAnswerSchema,
  ExternalChargeInputSchema,
  ExternalChargeRowAnswerSchema,
  type InvoiceAnswer,
  InvoiceAnswerSchema,
} from '@procura/core/invoice'
import { amountsFromExcTax, isDecimalString, sumAmounts } from '@procura/core/money'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Modal } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DateInputField, DecimalField, ModuleSelect, OptionPicker } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useProjectOptions } from '../allocation-fields'
import { ErrorState } from '../error-state'
import { ListPage } from '../list-page'

const InvoiceRead = dataOf(InvoiceAnswerSchema)
const ExternalChargeChoicesRead = dataOf(ExternalChargeChoicesAnswerSchema)

type Line = {
  key: number
  label: string
  amount_exctax: string
  vat_rate: string
  account: string
  project: string
}

/** An external charge as its page reads it (GET /bwapi/supplier-invoices/{id}). */
type Charge = InvoiceAnswer

/**
 * external-charges (and external-charges/create, its creation modal): costs that come from no
 * order — utilities, fees, rent — on the one list page; each opens as the invoice it is.
 */
export const ExternalChargesList = ({ creating = false }: { creating?: boolean }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <>
      <ListPage
        row={ExternalChargeRowAnswerSchema}
        base="/bwapi/external-charges"
        name="external-charges"
        title={t('invoices.charges.title')}
        defaultSort={{ key: 'created_at', direction: 'desc' }}
        render={{ code: (r) => <Link to={`/external-charges/${r.id}`}>{r.code}</Link> }}
        rowLabel={(r) => r.code}
        actions={
          <ButtonLink as={Link} variant="primary" to="/external-charges/create">
            {t('invoices.charges.new')}
          </ButtonLink>
        }
        empty={t('invoices.charges.empty')}
      />
      <Modal
        title={t('invoices.charges.new')}
        open={creating}
        onClose={() => navigate('/external-charges')}
        closeLabel={t('common.close')}
      >
        {creating ? <ChargeForm onDone={(id) => navigate(`/external-charges/${id}`)} /> : null}
      </Modal>
    </>
  )
}

/** external-charges/create: the list with the creation modal open over it. */
export const NewExternalCharge = () => <ExternalChargesList creating />

/** external-charges/{id}/edit: a draft or refused charge changed (it goes back to draft). */
export const EditExternalCharge = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const navigate = useNavigate()
  const answer = useAnswer(`/bwapi/supplier-invoices/${id}`, InvoiceRead)
  if (answer.isError) return <ErrorState error={answer.error} />
  const charge = answer.data?.data
  if (charge === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('invoices.charges.edit', { code: charge.code })}</h1>
      <ChargeForm charge={charge} onDone={(saved) => navigate(`/external-charges/${saved}`)} />
    </section>
  )
}

let nextKey = 1
const emptyLine = (): Line => ({
  key: nextKey++,
  label: '',
  amount_exctax: '',
  vat_rate: '20',
  account: '',
  project: '',
})

/** The charge's form, checked with core's schema; the declared totals are the document's, compared with its lines'. */
const ChargeForm = ({ charge = null, onDone }: { charge?: Charge | null; onDone: (id: number) => void }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const format = useFormat()
  const change = useChange(['invoice'])
  const choices = useAnswer('/bwapi/external-charges/form-data', ExternalChargeChoicesRead)
  const { errors, message, busy, send } = useSubmit()
  const [lines, setLines] = useState<Line[]>(
    charge === null
      ? [emptyLine()]
      : charge.lines.map((l) => ({
          key: nextKey++,
          label: l.label,
          amount_exctax: l.amount_exctax,
          vat_rate: l.vat_rate,
          account: l.accounting_entry_id === null ? '' : String(l.accounting_entry_id),
          project: l.allocation1 ?? '',
        })),
  )
  const c = choices.data?.data
  if (c === undefined) return <p role="status">{t('common.loading')}</p>
  const set = (key: number, patch: Partial<Line>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)))
  // Totals by core's line rule (each line's VAT rounded), exact: no floats on money.
  const readable = lines.filter((l) => isDecimalString(l.amount_exctax) && isDecimalString(l.vat_rate || '0'))
  const exctax = sumAmounts(
    readable.map((l) => l.amount_exctax),
    format.decimals,
  )
  const inctax = sumAmounts(
    readable.map((l) =>
      amountsFromExcTax(l.amount_exctax, { vat_rate: l.vat_rate || '0' }, format.decimals).inctax.toString(),
    ),
    format.decimals,
  )
  const currency = c.currencies.find((x) => x.is_default)?.code ?? 'EUR'
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '').trim()
    const id = (name: string) => (text(name) === '' ? null : Number(text(name)))
    const body = {
      label: text('label'),
      supplier_id: id('supplier_id') ?? 0,
      company_id: id('company_id') ?? 0,
      department_id: id('department_id'),
      currency_code: text('currency_code'),
      invoice_date: text('invoice_date'),
      due_date: text('due_date') || null,
      amount_exctax: text('amount_exctax'),
      amount_inctax: text('amount_inctax'),
      lines: lines.map((l) => ({
        label: l.label.trim(),
        amount_exctax: l.amount_exctax,
        vat_rate: l.vat_rate,
        accounting_entry_id: l.account === '' ? null : Number(l.account),
        allocation1: l.project.trim() || null,
      })),
    }
    let made: number | undefined
    const ok = await send(ExternalChargeInputSchema, body, async () => {
      if (charge !== null) {
        await change.mutateAsync(() =>
          apiFetch(`/bwapi/external-charges/${charge.id}`, { method: 'PUT', body }),
        )
        made = charge.id
        return
      }
      made = (
        await change.mutateAsync(() =>
          apiRead('/bwapi/external-charges', CreatedAnswerSchema, { method: 'POST', body }),
        )
      ).data.id
    })
    if (ok && made !== undefined) {
      toasts.show('success', charge === null ? t('invoices.charges.made') : t('common.saved'))
      onDone(made)
    }
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={
        charge === null ? t('invoices.charges.new') : t('invoices.charges.edit', { code: charge.code })
      }
    >
      <FormAlert message={message} />
      <OptionPicker
        label={t('invoices.fields.supplier')}
        name="supplier_id"
        source="/bwapi/supplier-invoices/filter-list/supplier_id"
        initial={
          charge?.supplier
            ? {
                value: String(charge.supplier.id),
                label: `${charge.supplier.company_name} (${charge.supplier.code})`,
              }
            : null
        }
        disabled={charge !== null}
        errors={errors.supplier_id ?? []}
      />
      <TextField
        label={t('invoices.charges.number')}
        name="label"
        defaultValue={charge?.label ?? ''}
        errors={errors.label ?? []}
      />
      <ModuleSelect
        module="multi_company"
        label={t('invoices.fields.company')}
        name="company_id"
        defaultValue={charge === null ? undefined : String(charge.company_id)}
        options={c.companies.map((x) => ({ value: String(x.id), label: x.label }))}
        errors={errors.company_id ?? []}
      />
      <SelectField
        label={t('invoices.charges.department')}
        name="department_id"
        defaultValue={charge?.department_id === null || charge === null ? '' : String(charge.department_id)}
        options={[
          { value: '', label: '—' },
          ...c.departments.map((x) => ({ value: String(x.id), label: x.label })),
        ]}
        errors={errors.department_id ?? []}
      />
      <DateInputField
        label={t('invoices.fields.invoiceDate')}
        name="invoice_date"
        defaultValue={charge?.invoice_date ?? new Date().toISOString().slice(0, 10)}
        errors={errors.invoice_date ?? []}
      />
      <DateInputField
        label={t('invoices.fields.dueDate')}
        name="due_date"
        defaultValue={charge?.due_date ?? ''}
        errors={errors.due_date ?? []}
      />
      <ModuleSelect
        module="multi_currency"
        label={t('invoices.charges.currency')}
        name="currency_code"
        defaultValue={charge?.currency_code ?? currency}
        options={c.currencies.map((x) => ({ value: x.code, label: x.code }))}
        errors={errors.currency_code ?? []}
      />
      {lines.map((l, i) => (
        <fieldset key={l.key}>
          <legend>{t('invoices.charges.line', { n: i + 1 })}</legend>
          <TextField
            label={t('invoices.charges.lineLabel')}
            value={l.label}
            onChange={(e) => set(l.key, { label: e.currentTarget.value })}
            errors={errors[`lines.${i}.label`] ?? []}
          />
          <DecimalField
            label={t('invoices.fields.amountExctax')}
            value={l.amount_exctax}
            onChange={(e) => set(l.key, { amount_exctax: e.target.value })}
            errors={errors[`lines.${i}.amount_exctax`] ?? []}
          />
          <DecimalField
            label={t('invoices.charges.vatRate')}
            value={l.vat_rate}
            onChange={(e) => set(l.key, { vat_rate: e.target.value })}
            errors={errors[`lines.${i}.vat_rate`] ?? []}
          />
          <SelectField
            label={t('invoices.charges.account')}
            value={l.account}
            onChange={(e) => set(l.key, { account: e.currentTarget.value })}
            options={[
              { value: '', label: t('invoices.charges.defaultAccount') },
              ...c.accounts.map((a) => ({ value: String(a.id), label: `${a.code} — ${a.label}` })),
            ]}
            errors={errors[`lines.${i}.accounting_entry_id`] ?? []}
          />
          <ProjectField
            label={t('invoices.charges.project')}
            value={l.project}
            onChange={(project) => set(l.key, { project })}
            errors={errors[`lines.${i}.allocation1`] ?? []}
          />
          {lines.length > 1 ? (
            <Button
              size="small"
              variant="ghost"
              onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
            >
              {t('invoices.charges.removeLine', { n: i + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => setLines((all) => [...all, emptyLine()])}>
        {t('invoices.charges.addLine')}
      </Button>
      <p role="status">
        {t('invoices.charges.linesTotal', {
          exctax: format.money(exctax, currency),
          inctax: format.money(inctax, currency),
        })}
      </p>
      <fieldset>
        <legend>{t('invoices.declared')}</legend>
        <DecimalField
          label={t('invoices.fields.amountExctax')}
          name="amount_exctax"
          defaultValue={charge?.amount_exctax ?? ''}
          errors={errors.amount_exctax ?? []}
        />
        <DecimalField
          label={t('invoices.fields.amountInctax')}
          name="amount_inctax"
          defaultValue={charge?.payable_amount ?? ''}
          errors={errors.amount_inctax ?? []}
        />
      </fieldset>
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

/** A line's project: a list of the projects the user may use where the organisation keeps them, else typed. */
const ProjectField = ({
  label,
  value,
  onChange,
  errors,
}: {
  label: string
  value: string
  onChange: (project: string) => void
  errors: string[]
}) => {
  const options = useProjectOptions(value)
  return options === null ? (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      errors={errors}
    />
  ) : (
    <SelectField
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      options={options}
      errors={errors}
    />
  )
}
