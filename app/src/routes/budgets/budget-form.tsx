/** budgets/new and a budget edited: its key, amount and overrun rule. */

import { CreatedAnswerSchema, dataOf } from '@procura/core/answer'
import { BudgetFormDataAnswerSchema, BudgetInputSchema, OVERRUN_ACTIONS } from '@procura/core/budget'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useChange } from '../../http/changes'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import type { Budget } from './budget-types'

const BudgetFormDataRead = dataOf(BudgetFormDataAnswerSchema)

/** budgets/new: a new budget's form. */
export const NewBudget = () => {
  const navigate = useNavigate()
  return (
    <BudgetForm budget={null} onDone={(id) => navigate(id === undefined ? '/budgets' : `/budgets/${id}`)} />
  )
}

/** The budget form, checked with core's schema before it is sent (the one form helper). */
export const BudgetForm = ({ budget, onDone }: { budget: Budget | null; onDone: (id?: number) => void }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['budget'])
  const choices = useAnswer('/bwapi/budgets/form-data', BudgetFormDataRead)
  const { errors, message, busy, send } = useSubmit()
  if (choices.isError) return <ErrorState error={choices.error} />
  const c = choices.data?.data
  if (c === undefined) return <p role="status">{t('common.loading')}</p>
  const optional = (raw: FormDataEntryValue | null) =>
    raw === null || String(raw) === '' ? null : String(raw)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const id = (name: string) => {
      const raw = optional(f.get(name))
      return raw === null ? null : Number(raw)
    }
    const body = {
      fiscal_period_id: id('fiscal_period_id') ?? 0,
      company_id: id('company_id'),
      department_id: id('department_id'),
      allocation1: optional(f.get('allocation1')),
      allocation2: optional(f.get('allocation2')),
      allocation3: optional(f.get('allocation3')),
      allocation4: optional(f.get('allocation4')),
      label: optional(f.get('label')),
      amount: String(f.get('amount') ?? '').trim(),
      tag: optional(f.get('tag')),
      overrun_action: String(f.get('overrun_action') ?? 'block'),
      owner_id: budget?.owner_id ?? null,
    }
    let saved: number | undefined
    const ok = await send(BudgetInputSchema, body, async () => {
      const answer = await change.mutateAsync(() =>
        budget === null
          ? apiRead('/bwapi/budgets', CreatedAnswerSchema, { method: 'POST', body })
          : apiRead(`/bwapi/budgets/${budget.id}`, CreatedAnswerSchema, { method: 'PUT', body }),
      )
      saved = answer.data?.id ?? budget?.id
    })
    if (ok) {
      toasts.show('success', t('budgets.saved'))
      onDone(saved)
    }
  }
  const options = (rows: { id: number; label: string }[]) =>
    rows.map((r) => ({ value: String(r.id), label: r.label }))
  const any = { value: '', label: t('budgets.any') }
  const value = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v))
  return (
    <section>
      <h1>{budget === null ? t('budgets.new') : t('budgets.edit')}</h1>
      <form onSubmit={submit} noValidate aria-label={budget === null ? t('budgets.new') : t('budgets.edit')}>
        <FormAlert message={message} />
        <SelectField
          label={t('budgets.period')}
          name="fiscal_period_id"
          defaultValue={value(budget?.fiscal_period_id ?? c.fiscal_periods[0]?.id)}
          options={options(c.fiscal_periods)}
          errors={errors.fiscal_period_id ?? []}
        />
        <SelectField
          label={t('budgets.company')}
          name="company_id"
          defaultValue={value(budget?.company_id)}
          options={[any, ...options(c.companies)]}
          errors={errors.company_id ?? []}
        />
        <SelectField
          label={t('budgets.department')}
          name="department_id"
          defaultValue={value(budget?.department_id)}
          options={[any, ...options(c.departments)]}
          errors={errors.department_id ?? []}
        />
        {([1, 2, 3, 4] as const).map((level) => (
          <SelectField
            key={level}
            label={`${t('budgets.level')} ${level}`}
            name={`allocation${level}`}
            defaultValue={value(budget?.[`allocation${level}`])}
            options={[
              any,
              ...c.allocations
                .filter((a) => a.level === level)
                .map((a) => ({ value: a.code, label: `${a.code} — ${a.label}` })),
            ]}
            errors={errors[`allocation${level}`] ?? []}
          />
        ))}
        <TextField
          label={t('budgets.label')}
          name="label"
          defaultValue={value(budget?.label)}
          errors={errors.label ?? []}
        />
        <TextField
          label={t('budgets.amount')}
          name="amount"
          inputMode="decimal"
          defaultValue={value(budget?.amount)}
          errors={errors.amount ?? []}
        />
        <SelectField
          label={t('budgets.overrunAction')}
          name="overrun_action"
          defaultValue={budget?.overrun_action ?? 'block'}
          options={OVERRUN_ACTIONS.map((a) => ({ value: a, label: t(`budgets.actions.${a}`) }))}
          errors={errors.overrun_action ?? []}
        />
        <TextField
          label={t('budgets.tag')}
          name="tag"
          defaultValue={value(budget?.tag)}
          errors={errors.tag ?? []}
        />
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>{' '}
        <Button variant="secondary" onClick={() => onDone(budget?.id)}>
          {t('common.back')}
        </Button>
      </form>
    </section>
  )
}
