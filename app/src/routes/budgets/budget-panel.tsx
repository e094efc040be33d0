import { rowsOf } from '@procura/core/answer'
import { BudgetPanelRowAnswerSchema } from '@procura/core/budget'
import { StatusBadge } from '@procura/ui-kit/status-badge'
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
        <table className="pc-table">
          <caption className="pc-visually-hidden">{t('budgets.panel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('budgets.title')}</th>
              <th scope="col" className="pc-num">
                {t('budgets.available')}
              </th>
              <th scope="col" className="pc-num">
                {t('budgets.takes')}
              </th>
              <th scope="col" className="pc-num">
                {t('budgets.after')}
              </th>
              <th scope="col">{t('budgets.overrunAction')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link to={r.link}>{r.budget}</Link>
                </th>
                <td className="pc-num">{format.money(r.available)}</td>
                <td className="pc-num">{format.money(r.takes)}</td>
                <td className="pc-num">
                  {Number(r.after) < 0 ? (
                    <StatusBadge
                      status="refused"
                      label={`${t('budgets.overrun')} ${format.money(r.after)}`}
                    />
                  ) : (
                    format.money(r.after)
                  )}
                </td>
                <td>{t(`budgets.actions.${r.overrun_action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
