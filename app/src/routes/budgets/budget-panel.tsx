import { rowsOf } from '@procura/core/answer'
import { BudgetPanelRowAnswerSchema } from '@procura/core/budget'
import { isNegative } from '@procura/core/money'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'

const BudgetPanelRowRows = rowsOf(BudgetPanelRowAnswerSchema)

/**
 * The budgets a document's lines fall in (GET …/{id}/budgets): what each has left, what the
 * document takes and already holds, and what would be left after it — what an approver reads
 * before deciding. Nothing is drawn when no budget covers it or the reader sees none.
 */
export const BudgetPanel = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const answer = useAnswer(`${base}/budgets`, BudgetPanelRowRows)
  const rows = answer.data?.data ?? []
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="budget-panel">
      <h2 id="budget-panel">{t('budgets.panel')}</h2>
      <div className="pc-table-scroll">
        <Table
          label={t('budgets.panel')}
          columns={[
            {
              key: 'budget',
              header: t('budgets.title'),
              cell: (r) => <Link to={r.link}>{r.budget}</Link>,
              rowHeader: true,
            },
            {
              key: 'available',
              header: t('budgets.available'),
              cell: (r) => format.money(r.available),
              numeric: true,
            },
            { key: 'takes', header: t('budgets.takes'), cell: (r) => format.money(r.takes), numeric: true },
            {
              key: 'after',
              header: t('budgets.after'),
              numeric: true,
              cell: (r) =>
                isNegative(r.after) ? (
                  <StatusBadge status="refused" label={`${t('budgets.overrun')} ${format.money(r.after)}`} />
                ) : (
                  format.money(r.after)
                ),
            },
            {
              key: 'overrun_action',
              header: t('budgets.overrunAction'),
              cell: (r) => t(`budgets.actions.${r.overrun_action}`),
            },
          ]}
          rows={rows}
          rowKey={(r) => r.id}
        />
      </div>
    </section>
  )
}
