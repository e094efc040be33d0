import { dataOf } from '@procura/core/answer'
import {
  AdditionalRatingChartSchema,
  RATING_CRITERIA,
  RatingInputSchema,
  SafetyInputSchema,
  SecurityChartSchema,
  TurnoverChartSchema,
  TurnoverInputSchema,
} from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { DecimalField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { useMonthLabel } from './supplier-dashboard'
import { useSupplierActions } from './supplier-types'

const AdditionalRatingChartRead = dataOf(AdditionalRatingChartSchema)
const SecurityChartRead = dataOf(SecurityChartSchema)
const TurnoverChartRead = dataOf(TurnoverChartSchema)

/**
 * Surveillance: what buyers record about a supplier — their ratings, its monthly safety figures on
 * our sites, the turnover it declares — each with the form that records it. The charts drawn from
 * them are on the surveillance dashboard; the statistics kept from them on Monitoring.
 */
export const SupplierSurveillance = ({ supplierId, currency }: { supplierId: number; currency: string }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const month = useMonthLabel()
  const base = `/bwapi/suppliers/${supplierId}/charts`
  const { may } = useSupplierActions(supplierId)
  const turnover = useAnswer(`${base}/turnover`, TurnoverChartRead)
  const security = useAnswer(`${base}/security`, SecurityChartRead)
  const ratings = useAnswer(`${base}/additional_rating`, AdditionalRatingChartRead)
  const recorded = (security.data?.data.months ?? []).filter((m) => m.hours_worked !== null).reverse()
  const count = (v: number | null) => (v === null ? '—' : format.number(v))
  return (
    <section aria-labelledby="surveillance-title">
      <h2 id="surveillance-title">{t('suppliers.tabs.surveillance')}</h2>
      <p>{t('suppliers.surveillance.intro')}</p>
      <Records
        id="ratings-title"
        title={t('suppliers.surveillance.ratingsRecorded')}
        loaded={ratings.data !== undefined}
        headers={[
          t('suppliers.surveillance.ratedOn'),
          t('suppliers.surveillance.by'),
          t('suppliers.surveillance.criterion'),
          t('suppliers.surveillance.scoreOn5'),
          t('suppliers.surveillance.comment'),
        ]}
        rows={(ratings.data?.data.ratings ?? []).map((r) => ({
          key: String(r.id),
          cells: [
            format.date(r.rated_on),
            r.by,
            t(`suppliers.surveillance.criteria.${r.criterion}`),
            format.number(r.score),
            r.comment ?? '',
          ],
        }))}
        numeric={[3]}
        form={may('edit') ? <RatingForm base={base} /> : null}
      />
      <Records
        id="safety-title"
        title={t('suppliers.surveillance.safetyRecorded')}
        loaded={security.data !== undefined}
        headers={[
          t('suppliers.surveillance.month'),
          t('suppliers.surveillance.safety.hours_worked'),
          t('suppliers.surveillance.safety.accidents_with_lost_time'),
          t('suppliers.surveillance.safety.accidents_without_lost_time'),
          t('suppliers.surveillance.safety.days_lost'),
        ]}
        rows={recorded.map((m) => ({
          key: m.month,
          cells: [
            month(m.month),
            count(m.hours_worked),
            count(m.accidents_with_lost_time),
            count(m.accidents_without_lost_time),
            count(m.days_lost),
          ],
        }))}
        numeric={[1, 2, 3, 4]}
        form={may('edit') ? <SafetyForm base={base} /> : null}
      />
      <Records
        id="declared-title"
        title={t('suppliers.surveillance.declaredRecorded')}
        loaded={turnover.data !== undefined}
        headers={[t('suppliers.surveillance.year'), t('suppliers.surveillance.declaredAmount')]}
        rows={(turnover.data?.data.declared ?? []).map((d) => ({
          key: String(d.year),
          cells: [String(d.year), format.money(d.amount, currency)],
        }))}
        numeric={[1]}
        form={may('edit') ? <TurnoverForm base={base} /> : null}
      />
    </section>
  )
}

/** One kind of record: its table (or that there is none yet) and the form that adds one. */
const Records = ({
  id,
  title,
  loaded,
  headers,
  rows,
  numeric = [],
  form,
}: {
  id: string
  title: string
  loaded: boolean
  headers: string[]
  rows: { key: string; cells: ReactNode[] }[]
  /** The columns (by position) that hold numbers: aligned right. */
  numeric?: readonly number[]
  form: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {loaded && rows.length === 0 ? <p>{t('suppliers.surveillance.noRecord')}</p> : null}
      {rows.length > 0 ? (
        <div className="pc-table-scroll">
          <Table
            label={title}
            columns={headers.map((header, i) => ({
              key: header,
              header,
              cell: (r: (typeof rows)[number]) => r.cells[i],
              numeric: numeric.includes(i),
            }))}
            rows={rows}
            rowKey={(r) => r.key}
          />
        </div>
      ) : null}
      {form}
    </section>
  )
}

/** A small form under a chart that records one figure (POST …/charts/{name}), checked by core's schema. */
const FigureForm = ({
  path,
  label,
  schema,
  bodyOf,
  children,
}: {
  path: string
  label: string
  schema: z.ZodType
  bodyOf: (f: FormData) => Record<string, unknown>
  children: (errors: Record<string, string[]>) => ReactNode
}) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['supplier'])
  const { errors, message, busy, send } = useSubmit()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = bodyOf(new FormData(form))
    const saved = await send(schema, body, async () => {
      await change.mutateAsync(() => apiFetch(path, { method: 'POST', body }))
    })
    if (saved) {
      form.reset()
      toasts.show('success', t('common.saved'))
    }
  }
  return (
    <details className="pc-chart__form">
      <summary>{label}</summary>
      <form onSubmit={submit} noValidate aria-label={label}>
        <FormAlert message={message} />
        {children(errors)}
        <Button type="submit" size="small" loading={busy}>
          {t('common.save')}
        </Button>
      </form>
    </details>
  )
}

const whole = (f: FormData, name: string) => {
  const value = String(f.get(name) ?? '').trim()
  return value === '' ? Number.NaN : Number(value)
}

const TurnoverForm = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  return (
    <FigureForm
      path={`${base}/turnover`}
      label={t('suppliers.surveillance.declare')}
      schema={TurnoverInputSchema}
      bodyOf={(f) => ({ year: whole(f, 'year'), amount: String(f.get('amount') ?? '') })}
    >
      {(errors) => (
        <>
          <TextField
            label={t('suppliers.surveillance.year')}
            name="year"
            inputMode="numeric"
            errors={errors.year ?? []}
          />
          <DecimalField
            label={t('suppliers.surveillance.declaredAmount')}
            name="amount"
            errors={errors.amount ?? []}
          />
        </>
      )}
    </FigureForm>
  )
}

const SafetyForm = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  const fields = [
    'hours_worked',
    'accidents_with_lost_time',
    'accidents_without_lost_time',
    'days_lost',
  ] as const
  return (
    <FigureForm
      path={`${base}/security`}
      label={t('suppliers.surveillance.recordSafety')}
      schema={SafetyInputSchema}
      bodyOf={(f) => ({
        month: String(f.get('month') ?? ''),
        ...Object.fromEntries(fields.map((name) => [name, whole(f, name)])),
      })}
    >
      {(errors) => (
        <>
          <TextField
            label={t('suppliers.surveillance.month')}
            hint={t('suppliers.surveillance.monthHint')}
            name="month"
            errors={errors.month ?? []}
          />
          {fields.map((name) => (
            <TextField
              key={name}
              label={t(`suppliers.surveillance.safety.${name}`)}
              name={name}
              inputMode="numeric"
              errors={errors[name] ?? []}
            />
          ))}
        </>
      )}
    </FigureForm>
  )
}

const RatingForm = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  return (
    <FigureForm
      path={`${base}/additional_rating`}
      label={t('suppliers.surveillance.rate')}
      schema={RatingInputSchema}
      bodyOf={(f) => ({
        criterion: f.get('criterion'),
        score: whole(f, 'score'),
        comment: String(f.get('comment') ?? ''),
      })}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('suppliers.surveillance.criterion')}
            name="criterion"
            options={RATING_CRITERIA.map((c) => ({
              value: c,
              label: t(`suppliers.surveillance.criteria.${c}`),
            }))}
          />
          <SelectField
            label={t('suppliers.surveillance.scoreOn5')}
            name="score"
            defaultValue="3"
            options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }))}
            errors={errors.score ?? []}
          />
          <TextField
            label={t('suppliers.surveillance.comment')}
            name="comment"
            errors={errors.comment ?? []}
          />
        </>
      )}
    </FigureForm>
  )
}
