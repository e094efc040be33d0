/** What a budget has left, and an overrun shown as one. */
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../http/use-format'
import type { Budget } from './budget-types'

export const Available = ({
  budget,
}: {
  budget: Pick<Budget, 'available' | 'overrun' | 'currency_code'>
}) => {
  const { t } = useTranslation()
  const format = useFormat()
  return budget.overrun ? (
    <StatusBadge
      status="refused"
      label={`${t('budgets.overrun')} ${format.money(budget.available, budget.currency_code)}`}
    />
  ) : (
    format.money(budget.available, budget.currency_code)
  )
}
