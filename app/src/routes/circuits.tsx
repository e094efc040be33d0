import { rowsOf } from '@procura/core/answer'
import {
  ChartInputSchema,
  type CircuitRowAnswer,
  CircuitRowAnswerSchema,
  CircuitSavedAnswerSchema,
  CircuitTestSchema,
  CRITERIA,
  DEFAULT_CRITERION,
} from '@procura/core/circuit'
import { RoleAnswerSchema } from '@procura/core/user'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DecimalField } from '../forms/fields'
import { useChange } from '../http/changes'
import { apiFetch, apiRead } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useSubmit } from '../http/use-submit'
import { ErrorState } from './error-state'
import { UserPicker } from './user-picker'

const RoleRows = rowsOf(RoleAnswerSchema)

const CircuitRowRows = rowsOf(CircuitRowAnswerSchema)

type Row = CircuitRowAnswer
type EditableRow = {
  min_amount: string
  max_amount: string
  weight: string
  /** One value per criterion; all blank means the default row (any document). */
  criteria: Record<string, string>
  /** A login, or role:<code> for every user of a role. */
  validator: string
  /** The chosen person's name, shown in the picker. */
  validator_label: string
}

const toEditable = (r: Row): EditableRow => ({
  min_amount: r.min_amount,
  max_amount: r.max_amount ?? '',
  weight: r.weight === null ? '' : String(r.weight),
  criteria: Object.fromEntries(Object.entries(r.criteria).filter(([key]) => key !== DEFAULT_CRITERION)),
  validator: r.validator_login ?? `role:${r.validator_role ?? ''}`,
  validator_label: r.validator_label ?? r.validator_login ?? '',
})
const fromEditable = (r: EditableRow) => {
  const defined = Object.entries(r.criteria)
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value !== '')
  return {
    min_amount: r.min_amount || '0',
    max_amount: r.max_amount === '' ? null : r.max_amount,
    weight: r.weight === '' ? null : Number(r.weight),
    criteria: defined.length === 0 ? { [DEFAULT_CRITERION]: '1' } : Object.fromEntries(defined),
    validator_login: r.validator.startsWith('role:') ? null : r.validator,
    validator_role: r.validator.startsWith('role:') ? r.validator.slice(5) : null,
  }
}

/** circuits: the validation chart of orders or requests, and the circuit test. */
export const CircuitsPage = () => {
  const { t } = useTranslation()
  const [type, setType] = useState<'purchase_order' | 'need' | 'payment' | 'expense_report'>('purchase_order')
  const chart = useAnswer(`/bwapi/circuits/${type}`, CircuitRowRows)
  if (chart.isError) return <ErrorState error={chart.error} />
  return (
    <section>
      <h1>{t('circuits.title')}</h1>
      <SelectField
        label={t('circuits.document')}
        value={type}
        onChange={(e) => setType(e.target.value as 'purchase_order' | 'need' | 'payment' | 'expense_report')}
        options={[
          { value: 'purchase_order', label: t('orders.title') },
          { value: 'need', label: t('needs.title') },
          { value: 'payment', label: t('payments.title') },
          { value: 'expense_report', label: t('expenses.reports.title') },
        ]}
      />
      {chart.data === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <ChartEditor key={type} type={type} rows={chart.data.data} />
      )}
      <CircuitTest type={type} />
    </section>
  )
}

/** Who validates a row: a person picked by name, or every user of a role. */
const ValidatorField = ({
  row,
  roles,
  onChange,
  errors,
}: {
  row: EditableRow
  roles: { code: string; label: string }[]
  onChange: (patch: Partial<EditableRow>) => void
  errors: string[]
}) => {
  const { t } = useTranslation()
  const byRole = row.validator.startsWith('role:')
  return (
    <div className="pc-circuit-row__validator">
      <SelectField
        label={t('circuits.validatorKind')}
        value={byRole ? 'role' : 'user'}
        onChange={(e) =>
          onChange({ validator: e.target.value === 'role' ? 'role:' : '', validator_label: '' })
        }
        options={[
          { value: 'user', label: t('circuits.byPerson') },
          { value: 'role', label: t('circuits.byRole') },
        ]}
      />
      {byRole ? (
        <SelectField
          label={t('circuits.validator')}
          value={row.validator.slice(5)}
          onChange={(e) => onChange({ validator: `role:${e.target.value}` })}
          options={[
            { value: '', label: '—' },
            ...roles
              .filter((r) => r.code !== 'none' && r.code !== 'supplier')
              .map((r) => ({ value: r.code, label: r.label })),
          ]}
          errors={errors}
        />
      ) : (
        <>
          <UserPicker
            label={t('circuits.validator')}
            hint={t('delegations.delegateHint')}
            emptyLabel={t('delegations.noUser')}
            initialText={row.validator_label}
            onPick={(user) =>
              onChange(
                user === null ? { validator: '' } : { validator: user.login, validator_label: user.label },
              )
            }
          />
          {errors.length > 0 ? <p className="pc-field__errors">{errors.join(' ')}</p> : null}
        </>
      )}
    </div>
  )
}

const ChartEditor = ({ type, rows }: { type: string; rows: Row[] }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['circuit'])
  const { errors, message, busy, send } = useSubmit()
  // The roles the settings offer as validators (every role when they name none).
  const roles = useAnswer('/bwapi/roles?validators=1', RoleRows).data?.data ?? []
  const [editable, setEditable] = useState<EditableRow[]>(rows.map(toEditable))
  useEffect(() => setEditable(rows.map(toEditable)), [rows])
  const set = (i: number, patch: Partial<EditableRow>) =>
    setEditable(editable.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { rows: editable.map(fromEditable) }
    const saved = await send(ChartInputSchema, body, () =>
      change
        .mutateAsync(() => apiFetch(`/bwapi/circuits/${type}`, { method: 'PUT', body }))
        .then(() => undefined),
    )
    if (!saved) return
    toasts.show('success', t('common.saved'))
  }
  const rowErrors = (i: number) =>
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`rows.${i}.`))
      .flatMap(([, list]) => list)
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={message} />
      {editable.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity
        <fieldset key={i} className="pc-circuit-row">
          <legend>{t('circuits.row', { n: i + 1 })}</legend>
          <TextField
            label={t('circuits.min')}
            value={r.min_amount}
            onChange={(e) => set(i, { min_amount: e.target.value })}
          />
          <TextField
            label={t('circuits.max')}
            value={r.max_amount}
            onChange={(e) => set(i, { max_amount: e.target.value })}
          />
          <TextField
            label={t('circuits.rank')}
            value={r.weight}
            onChange={(e) => set(i, { weight: e.target.value })}
          />
          <fieldset className="pc-circuit-row__criteria">
            <legend>{t('circuits.criteriaLegend')}</legend>
            {CRITERIA.map((c) => (
              <TextField
                key={c}
                label={t(`circuits.criteria.${c}`)}
                value={r.criteria[c] ?? ''}
                onChange={(e) => set(i, { criteria: { ...r.criteria, [c]: e.target.value } })}
              />
            ))}
          </fieldset>
          <ValidatorField row={r} roles={roles} onChange={(patch) => set(i, patch)} errors={rowErrors(i)} />
          <Button
            variant="ghost"
            size="small"
            onClick={() => setEditable(editable.filter((_, j) => j !== i))}
          >
            {t('circuits.remove')}
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        size="small"
        onClick={() =>
          setEditable([
            ...editable,
            { min_amount: '0', max_amount: '', weight: '', criteria: {}, validator: '', validator_label: '' },
          ])
        }
      >
        {t('circuits.add')}
      </Button>{' '}
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

const CircuitTest = ({ type }: { type: string }) => {
  const { t } = useTranslation()
  const { errors, message, busy, send } = useSubmit()
  const [steps, setSteps] = useState<{ rank: number; validators: string[] }[] | null>(null)
  const [names, setNames] = useState<Record<string, string>>({})
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = Object.fromEntries(
      ['amount', 'company', 'department', 'purchase_family'].map((k) => [k, String(f.get(k) ?? '') || null]),
    )
    await send(CircuitTestSchema, body, async () => {
      const answer = await apiRead(`/bwapi/circuits/${type}/test`, CircuitSavedAnswerSchema, {
        method: 'POST',
        body,
      })
      setNames(answer.data.names)
      setSteps(answer.data.steps)
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('circuits.test')}>
      <h2>{t('circuits.test')}</h2>
      <FormAlert message={message} />
      <DecimalField label={t('circuits.amount')} name="amount" errors={errors.amount ?? []} />
      <TextField label={t('circuits.criteria.company')} name="company" />
      <TextField label={t('circuits.criteria.department')} name="department" />
      <TextField label={t('circuits.criteria.purchase_family')} name="purchase_family" />
      <Button type="submit" loading={busy}>
        {t('circuits.runTest')}
      </Button>
      {steps === null ? null : steps.length === 0 ? (
        <p role="status">{t('circuits.nobody')}</p>
      ) : (
        <ol aria-label={t('circuits.result')}>
          {steps.map((s) => (
            <li key={s.rank}>{s.validators.map((login) => names[login] ?? login).join(', ')}</li>
          ))}
        </ol>
      )}
    </form>
  )
}
