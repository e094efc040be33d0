import { NamedAnswerSchema, rowsOf } from '@procura/core/answer'
import {
  EXPENSE_FIELD_KINDS,
  type ExpenseField,
  ExpenseTypeInputSchema,
  ScaleBandInputSchema,
  ScalePeriodInputSchema,
  TRANSPORT_MEANS,
} from '@procura/core/expense'
import { Tabs } from '@procura/ui-kit/tabs'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../../http/use-api'
import { ReferenceTable } from '../reference-table'
import { useTab } from '../use-tab'

const NamedRows = rowsOf(NamedAnswerSchema)

/** An expense type's fields, one a line: "key | label | kind | option, option | required". */
export const formatFields = (value: unknown) =>
  ((value ?? []) as ExpenseField[])
    .map((f) =>
      [f.key, f.label, f.kind, f.options.join(', '), f.required ? 'required' : '']
        .join(' | ')
        .replace(/( \| )+$/, ''),
    )
    .join('\n')

/** The lines read back into fields; core's schema checks them (kinds, one mileage field, list options). */
export const parseFields = (text: string) =>
  text
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter((parts) => parts.some((p) => p !== ''))
    .map(([key = '', label = '', kind = '', options = '', required = '']) => ({
      key,
      label: label || key,
      kind,
      options: options === '' ? [] : options.split(',').map((o) => o.trim()),
      required: required !== '',
    }))

/** expense-settings: the expense types and the kilometer scales (administrators). */
export const ExpenseSettings = () => {
  const { t } = useTranslation()
  const [tab, setTab] = useTab('types')
  const periods = useAnswer('/bwapi/scale-periods', NamedRows)
  return (
    <section>
      <h1>{t('expenses.settings.title')}</h1>
      <Tabs
        label={t('expenses.settings.title')}
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'types',
            label: t('expenses.settings.types'),
            content: (
              <ReferenceTable
                base="/bwapi/expense-types"
                stale={['expenseReference']}
                title={t('expenses.settings.types')}
                schema={ExpenseTypeInputSchema}
                empty={t('expenses.settings.typesEmpty')}
                fields={[
                  { name: 'code', label: t('expenses.settings.code'), kind: 'text' },
                  { name: 'label', label: t('expenses.fields.label'), kind: 'text' },
                  { name: 'default_vat_rate', label: t('expenses.fields.vatRate'), kind: 'text' },
                  { name: 'account', label: t('expenses.settings.account'), kind: 'text' },
                  {
                    name: 'fields',
                    label: t('expenses.settings.fields'),
                    kind: 'lines',
                    hint: t('expenses.settings.fieldsHint', { kinds: EXPENSE_FIELD_KINDS.join(', ') }),
                    parse: parseFields,
                    format: formatFields,
                    summary: (value) => ((value ?? []) as ExpenseField[]).map((f) => f.label).join(', '),
                  },
                  { name: 'active', label: t('expenses.settings.active'), kind: 'flag' },
                ]}
              />
            ),
          },
          {
            id: 'periods',
            label: t('expenses.settings.periods'),
            content: (
              <ReferenceTable
                base="/bwapi/scale-periods"
                stale={['expenseReference']}
                title={t('expenses.settings.periods')}
                schema={ScalePeriodInputSchema}
                empty={t('expenses.settings.periodsEmpty')}
                fields={[
                  { name: 'code', label: t('expenses.settings.code'), kind: 'text' },
                  { name: 'label', label: t('expenses.fields.label'), kind: 'text' },
                  { name: 'starts_on', label: t('expenses.settings.startsOn'), kind: 'date' },
                  { name: 'ends_on', label: t('expenses.settings.endsOn'), kind: 'date' },
                  {
                    name: 'electric_bonus_percent',
                    label: t('expenses.settings.electricBonus'),
                    kind: 'text',
                  },
                ]}
              />
            ),
          },
          {
            id: 'scales',
            label: t('expenses.settings.scales'),
            content: (
              <ReferenceTable
                base="/bwapi/kilometer-scales"
                stale={['expenseReference']}
                title={t('expenses.settings.scales')}
                schema={ScaleBandInputSchema}
                empty={t('expenses.settings.scalesEmpty')}
                fields={[
                  {
                    name: 'scale_period_id',
                    label: t('expenses.settings.period'),
                    kind: 'choice',
                    options: (periods.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.label })),
                  },
                  {
                    name: 'transport_mean',
                    label: t('expenses.fields.transportMean'),
                    kind: 'choice',
                    text: true,
                    options: TRANSPORT_MEANS.map((m) => ({ value: m, label: t(`expenses.means.${m}`) })),
                  },
                  { name: 'fiscal_horsepower', label: t('expenses.fields.horsepower'), kind: 'whole' },
                  { name: 'min_distance', label: t('expenses.settings.minDistance'), kind: 'whole' },
                  {
                    name: 'max_distance',
                    label: t('expenses.settings.maxDistance'),
                    kind: 'whole',
                    hint: t('expenses.settings.maxDistanceHint'),
                  },
                  { name: 'rate', label: t('expenses.settings.rate'), kind: 'text' },
                  { name: 'fixed_amount', label: t('expenses.settings.fixedAmount'), kind: 'text' },
                ]}
              />
            ),
          },
        ]}
      />
    </section>
  )
}
