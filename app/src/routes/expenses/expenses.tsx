import { dataOf } from '@procura/core/answer'
import {
  type ExpenseAnswer,
  ExpenseAnswerSchema,
  ExpenseFormChoicesAnswerSchema,
  ExpenseInputSchema,
  ExpenseRowAnswerSchema,
  ExpenseSavedAnswerSchema,
  mileageField,
  TRANSPORT_MEANS,
} from '@procura/core/expense'
import { receiptAmounts } from '@procura/core/money'
import { Button, ButtonLink } from '@procura/ui-kit/button'
import { DocumentHeader } from '@procura/ui-kit/document-header'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { DateInputField, DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useProjectOptions } from '../allocation-fields'
import { Attachments } from '../document-panel'
import { ErrorState } from '../error-state'
import { ListPage } from '../list-page'

const ExpenseFormChoicesRead = dataOf(ExpenseFormChoicesAnswerSchema)
const ExpenseRead = dataOf(ExpenseAnswerSchema)

type Expense = ExpenseAnswer

/** expenses: one's expenses on the one list page, with fast entry and the way to report them. */
export const ExpensesList = () => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <ListPage
      row={ExpenseRowAnswerSchema}
      base="/bwapi/expenses"
      name="expenses"
      title={t('expenses.title')}
      defaultSort={{ key: 'expense_date', direction: 'desc' }}
      render={{
        expense_date: (r) => <Link to={`/expenses/${r.id}`}>{format.date(r.expense_date)}</Link>,
        payment_status: (r) => (
          <StatusBadge
            status={r.payment_status === 'no' ? 'draft' : r.payment_status}
            label={t(`expenses.paymentStatuses.${r.payment_status}`)}
          />
        ),
      }}
      rowLabel={(r) => `${r.type} ${r.expense_date}`}
      actions={
        <>
          <ButtonLink as={Link} variant="primary" to="/expenses/new">
            {t('expenses.new')}
          </ButtonLink>{' '}
          <ButtonLink as={Link} variant="secondary" to="/expense-reports/new">
            {t('expenses.reports.new')}
          </ButtonLink>
        </>
      }
      empty={t('expenses.empty')}
    />
  )
}

/** expenses/new: fast entry of an expense, then its receipt. */
export const NewExpense = () => {
  const navigate = useNavigate()
  return (
    <ExpenseForm
      expense={null}
      onDone={(id) => navigate(id === undefined ? '/expenses' : `/expenses/${id}`)}
    />
  )
}

/**
 * The expense form, checked with core's schema before it is sent: the type's fields; a mileage
 * type asks the distance (entered by hand: no distance service is configured) and the vehicle,
 * and the scale prices it; another asks the amount including tax and the VAT rate, and fills the
 * VAT and the amount excluding tax as the receipt shows them (each can be corrected).
 */
const ExpenseForm = ({ expense, onDone }: { expense: Expense | null; onDone: (id?: number) => void }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['expense'])
  const format = useFormat()
  const choices = useAnswer('/bwapi/expenses/form-data', ExpenseFormChoicesRead)
  const { errors, message, busy, send } = useSubmit()
  const [typeId, setTypeId] = useState<string>(expense === null ? '' : String(expense.expense_type_id))
  const [inctax, setInctax] = useState(expense?.amount_inctax ?? '')
  const [rate, setRate] = useState(expense?.vat[0]?.rate ?? '')
  const [vat, setVat] = useState(expense?.vat[0]?.amount ?? '')
  const [exctax, setExctax] = useState(expense?.amount_exctax ?? '')
  if (choices.isError) return <ErrorState error={choices.error} />
  const c = choices.data?.data
  if (c === undefined) return <p role="status">{t('common.loading')}</p>
  const type = c.types.find((x) => String(x.id) === (typeId || String(c.types[0]?.id ?? '')))
  const mileage = type === undefined ? undefined : mileageField(type.fields)
  const effectiveRate = rate === '' ? (type?.default_vat_rate ?? '0') : rate
  const recompute = (nextInctax: string, nextRate: string) => {
    // The VAT a receipt shows, to the cent (core's rule: excluding tax plus VAT is what was paid).
    const computed = receiptAmounts(nextInctax, nextRate, format.decimals)
    if (computed === null) return
    setVat(computed.vat)
    setExctax(computed.exctax)
  }
  const vehicle = expense ?? c.vehicle
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '').trim()
    const values = Object.fromEntries(
      (type?.fields ?? [])
        .map((field) => [field.key, text(`value_${field.key}`)])
        .filter(([, v]) => v !== ''),
    )
    const body = {
      expense_date: text('expense_date'),
      expense_type_id: type?.id ?? 0,
      label: text('label'),
      allocation1: text('allocation1') || null,
      currency_code: text('currency_code') || 'EUR',
      values,
      comment: text('comment'),
      ...(mileage === undefined
        ? {
            amount_exctax: text('amount_exctax') || null,
            amount_inctax: text('amount_inctax') || null,
            vat:
              text('vat_amount') === ''
                ? []
                : [{ rate: text('vat_rate') || '0', amount: text('vat_amount') }],
          }
        : {
            transport_mean: text('transport_mean') || null,
            fiscal_horsepower: text('fiscal_horsepower') === '' ? null : Number(text('fiscal_horsepower')),
            electric: f.get('electric') === 'on',
          }),
    }
    let saved: { id: number; amount_inctax: string } | undefined
    const currency =
      mileage === undefined ? body.currency_code : (c.currencies.find((x) => x.is_default)?.code ?? 'EUR')
    const ok = await send(ExpenseInputSchema, body, async () => {
      const answer = await change.mutateAsync(() =>
        expense === null
          ? apiRead('/bwapi/expenses', ExpenseSavedAnswerSchema, {
              method: 'POST',
              body,
            })
          : apiRead(`/bwapi/expenses/${expense.id}`, ExpenseSavedAnswerSchema, {
              method: 'PUT',
              body,
            }),
      )
      saved = answer.data
    })
    if (ok) {
      toasts.show(
        'success',
        t('expenses.saved', { amount: format.money(saved?.amount_inctax ?? '0', currency) }),
      )
      onDone(saved?.id ?? expense?.id)
    }
  }
  const fieldErrors = (key: string) => errors[`values.${key}`] ?? []
  const title = expense === null ? t('expenses.new') : t('expenses.edit')
  return (
    <section className="pc-narrow-form">
      <h1>{title}</h1>
      <form onSubmit={submit} noValidate aria-label={title}>
        <FormAlert message={message} />
        <SelectField
          label={t('expenses.fields.type')}
          name="expense_type_id"
          value={String(type?.id ?? '')}
          onChange={(event) => setTypeId(event.currentTarget.value)}
          options={c.types.map((x) => ({ value: String(x.id), label: x.label }))}
          errors={errors.expense_type_id ?? []}
        />
        <DateInputField
          label={t('expenses.fields.date')}
          name="expense_date"
          defaultValue={expense?.expense_date ?? new Date().toISOString().slice(0, 10)}
          errors={errors.expense_date ?? []}
        />
        <TextField
          label={t('expenses.fields.label')}
          name="label"
          defaultValue={expense?.label ?? ''}
          errors={errors.label ?? []}
        />
        {(type?.fields ?? []).map((field) =>
          field.kind === 'list' ? (
            <SelectField
              key={field.key}
              label={field.label}
              name={`value_${field.key}`}
              defaultValue={expense?.values[field.key] ?? ''}
              options={[{ value: '', label: '—' }, ...field.options.map((o) => ({ value: o, label: o }))]}
              errors={fieldErrors(field.key)}
            />
          ) : (
            <DecimalField
              key={field.key}
              label={field.label}
              name={`value_${field.key}`}
              defaultValue={expense?.values[field.key] ?? ''}
              {...(field.kind === 'mileage' && !c.distance_service.configured
                ? { hint: t('expenses.distanceByHand') }
                : {})}
              errors={fieldErrors(field.key)}
            />
          ),
        )}
        {mileage !== undefined ? (
          <>
            <SelectField
              label={t('expenses.fields.transportMean')}
              name="transport_mean"
              defaultValue={vehicle?.transport_mean ?? 'car'}
              options={TRANSPORT_MEANS.map((m) => ({ value: m, label: t(`expenses.means.${m}`) }))}
              errors={errors.transport_mean ?? []}
            />
            <TextField
              label={t('expenses.fields.horsepower')}
              name="fiscal_horsepower"
              inputMode="numeric"
              defaultValue={String(vehicle?.fiscal_horsepower ?? '')}
              errors={errors.fiscal_horsepower ?? []}
            />
            <CheckboxField
              label={t('expenses.fields.electric')}
              name="electric"
              defaultChecked={vehicle?.electric ?? false}
            />
            <p className="pc-hint">{t('expenses.scaleHint')}</p>
          </>
        ) : (
          <>
            <SelectField
              label={t('expenses.fields.currency')}
              name="currency_code"
              defaultValue={expense?.currency_code ?? c.currencies.find((x) => x.is_default)?.code ?? 'EUR'}
              options={c.currencies.map((x) => ({ value: x.code, label: x.code }))}
              errors={errors.currency_code ?? []}
            />
            <DecimalField
              label={t('expenses.fields.inctax')}
              name="amount_inctax"
              value={inctax}
              onChange={(event) => {
                setInctax(event.target.value)
                recompute(event.target.value, effectiveRate)
              }}
              errors={errors.amount_inctax ?? []}
            />
            <DecimalField
              label={t('expenses.fields.vatRate')}
              name="vat_rate"
              value={effectiveRate}
              onChange={(event) => {
                setRate(event.target.value)
                recompute(inctax, event.target.value)
              }}
              errors={errors['vat.0.rate'] ?? []}
            />
            <DecimalField
              label={t('expenses.fields.vat')}
              name="vat_amount"
              value={vat}
              onChange={(event) => setVat(event.target.value)}
              errors={[...(errors.vat ?? []), ...(errors['vat.0.amount'] ?? [])]}
            />
            <DecimalField
              label={t('expenses.fields.exctax')}
              name="amount_exctax"
              value={exctax}
              onChange={(event) => setExctax(event.target.value)}
              errors={errors.amount_exctax ?? []}
            />
          </>
        )}
        <ProjectField
          label={t('expenses.fields.project')}
          initial={expense?.allocation1 ?? ''}
          errors={errors.allocation1 ?? []}
        />
        <TextField
          label={t('expenses.fields.comment')}
          name="comment"
          defaultValue={expense?.comment ?? ''}
          errors={errors.comment ?? []}
        />
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>{' '}
        <Button variant="secondary" onClick={() => onDone(expense?.id)}>
          {t('common.back')}
        </Button>
      </form>
    </section>
  )
}

/** expenses/{id}: the expense, its receipt, and its report; changed or deleted while in no report. */
export const ExpensePage = () => {
  const { t } = useTranslation()
  const { id } = useParams()
  const format = useFormat()
  const navigate = useNavigate()
  const toasts = useToasts()
  const change = useChange(['expense'])
  const { message, run } = useSubmit()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const answer = useAnswer(`/bwapi/expenses/${id}`, ExpenseRead)
  if (answer.isError) return <ErrorState error={answer.error} />
  const e = answer.data?.data
  if (e === undefined) return <p role="status">{t('common.loading')}</p>
  if (editing) return <ExpenseForm expense={e} onDone={() => setEditing(false)} />
  const remove = () =>
    run(async () => {
      await change.mutateAsync(() => apiFetch(`/bwapi/expenses/${e.id}`, { method: 'DELETE' }))
      toasts.show('success', t('expenses.deleted'))
      navigate('/expenses')
    })
  const money = (v: string) => format.money(v, e.currency_code)
  return (
    <section>
      <DocumentHeader
        code={`${e.type} — ${format.date(e.expense_date)}`}
        actionsLabel={t('table.actions')}
        badges={
          <StatusBadge
            status={e.payment_status === 'no' ? 'draft' : e.payment_status}
            label={t(`expenses.paymentStatuses.${e.payment_status}`)}
          />
        }
        actions={
          e.editable ? (
            <>
              <Button onClick={() => setEditing(true)}>{t('expenses.edit')}</Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                {t('expenses.delete')}
              </Button>
            </>
          ) : null
        }
      >
        <FormAlert message={message} />
        <dl className="pc-facts">
          {e.label === '' ? null : (
            <>
              <dt>{t('expenses.fields.label')}</dt>
              <dd>{e.label}</dd>
            </>
          )}
          {e.allocation1 === null ? null : (
            <>
              <dt>{t('expenses.fields.project')}</dt>
              <dd>{e.allocation1}</dd>
            </>
          )}
          <dt>{t('expenses.fields.exctax')}</dt>
          <dd>{money(e.amount_exctax)}</dd>
          {e.vat.map((v) => (
            <Fragment key={v.rate}>
              <dt>{t('expenses.vatAt', { rate: v.rate })}</dt>
              <dd>{money(v.amount)}</dd>
            </Fragment>
          ))}
          <dt>{t('expenses.fields.inctax')}</dt>
          <dd>{money(e.amount_inctax)}</dd>
          {e.distance === null ? null : (
            <>
              <dt>{t('expenses.fields.distance')}</dt>
              <dd>{`${format.number(e.distance)} km — ${t(`expenses.means.${e.transport_mean ?? 'car'}`)}, ${e.fiscal_horsepower ?? 0} CV${e.electric ? ` (${t('expenses.fields.electric')})` : ''}`}</dd>
            </>
          )}
          {e.fields
            .filter((f) => f.kind !== 'mileage' && e.values[f.key] !== undefined)
            .map((f) => (
              <Fragment key={f.key}>
                <dt>{f.label}</dt>
                <dd>{e.values[f.key]}</dd>
              </Fragment>
            ))}
          {e.report === null ? null : (
            <>
              <dt>{t('expenses.reports.one')}</dt>
              <dd>
                <Link to={`/expense-reports/${e.expense_report_id}`}>{e.report}</Link>
              </dd>
            </>
          )}
        </dl>
      </DocumentHeader>
      <Attachments base={`/bwapi/expenses/${e.id}`} stale={['expense']} />
      <ConfirmDialog
        open={deleting}
        title={t('expenses.delete')}
        message={t('expenses.deleteConfirm')}
        confirmLabel={t('expenses.delete')}
        cancelLabel={t('common.back')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false)
          void remove()
        }}
      />
    </section>
  )
}

/** The expense's project: a list of the projects the user may use where the organisation keeps them, else typed. */
const ProjectField = ({ label, initial, errors }: { label: string; initial: string; errors: string[] }) => {
  const options = useProjectOptions(initial)
  return options === null ? (
    <TextField label={label} name="allocation1" defaultValue={initial} errors={errors} />
  ) : (
    <SelectField
      key="projects"
      label={label}
      name="allocation1"
      defaultValue={initial}
      options={options}
      errors={errors}
    />
  )
}
