/** budgets/settings: the fiscal periods and allocation codes. */

import { rowsOf } from '@procura/core/answer'
import { AllocationAnswerSchema, AllocationInputSchema, FiscalPeriodInputSchema } from '@procura/core/budget'
import { Tabs } from '@procura/ui-kit/tabs'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../../http/use-api'
import { ReferenceTable } from '../reference-table'
import { useTab } from '../use-tab'

const AllocationsAnswer = rowsOf(AllocationAnswerSchema)

/** budget-settings: the fiscal periods and allocation codes budgets are kept by. */
export const BudgetSettings = () => {
  const { t } = useTranslation()
  const [tab, setTab] = useTab('periods')
  const codes = useAnswer('/bwapi/allocations', AllocationsAnswer)
  return (
    <section>
      <h1>{t('budgets.settings')}</h1>
      <Tabs
        label={t('budgets.settings')}
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'periods',
            label: t('budgets.periods'),
            content: (
              <ReferenceTable
                base="/bwapi/fiscal-periods"
                stale={['budget']}
                title={t('budgets.periods')}
                schema={FiscalPeriodInputSchema}
                empty={t('budgets.periodsEmpty')}
                fields={[
                  { name: 'code', label: t('budgets.code'), kind: 'text' },
                  { name: 'label', label: t('budgets.label'), kind: 'text' },
                  { name: 'starts_on', label: t('budgets.startsOn'), kind: 'date' },
                  { name: 'ends_on', label: t('budgets.endsOn'), kind: 'date' },
                  { name: 'active', label: t('budgets.active'), kind: 'flag' },
                ]}
              />
            ),
          },
          {
            id: 'allocations',
            label: t('budgets.allocations'),
            content: (
              <ReferenceTable
                base="/bwapi/allocations"
                stale={['budget']}
                title={t('budgets.allocations')}
                schema={AllocationInputSchema}
                empty={t('budgets.allocationsEmpty')}
                fields={[
                  {
                    name: 'level',
                    label: t('budgets.level'),
                    kind: 'choice',
                    options: [1, 2, 3, 4].map((l) => ({ value: String(l), label: String(l) })),
                  },
                  { name: 'code', label: t('budgets.code'), kind: 'text' },
                  { name: 'label', label: t('budgets.label'), kind: 'text' },
                  {
                    name: 'parent_id',
                    label: t('budgets.parent'),
                    kind: 'choice',
                    none: t('budgets.noParent'),
                    options: (codes.data?.data ?? []).map((a) => ({
                      value: String(a.id),
                      label: `${a.level} · ${a.code} — ${a.label}`,
                    })),
                  },
                  { name: 'active', label: t('budgets.active'), kind: 'flag' },
                ]}
              />
            ),
          },
        ]}
      />
    </section>
  )
}
