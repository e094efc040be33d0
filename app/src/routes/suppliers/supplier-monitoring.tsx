import { dataOf } from '@procura/core/answer'
import { SupplierMonitoringSchema } from '@procura/core/supplier'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'

const SupplierMonitoringRead = dataOf(SupplierMonitoringSchema)

/**
 * Monitoring: what the statistics job kept of the supplier's 12 rolling months — each surveilled
 * figure against its objective, the flag buyers see where they choose suppliers, and whether it is
 * under surveillance (ordered more than its surveillance amount).
 */
export const SupplierMonitoringTab = ({ supplierId }: { supplierId: number }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const answer = useAnswer(`/bwapi/suppliers/${supplierId}/monitoring`, SupplierMonitoringRead)
  const m = answer.data?.data
  if (m === undefined) return <p role="status">{t('common.loading')}</p>
  const money = (v: string | null) => (v === null ? '—' : format.money(v, m.currency_code))
  const shown = (v: string | null) => (v === null ? '—' : format.number(v))
  return (
    <section aria-labelledby="monitoring-title">
      <h2 id="monitoring-title">{t('suppliers.tabs.monitoring')}</h2>
      {m.flagged ? (
        <div className="pc-warning-note" role="note">
          <p>{t('suppliers.monitoring.flagged')}</p>
        </div>
      ) : null}
      <p>
        {m.computed_at === null
          ? t('suppliers.monitoring.notComputed')
          : t('suppliers.monitoring.computedAt', { date: format.date(m.computed_at.slice(0, 10)) })}
      </p>
      <dl className="pc-facts">
        <div>
          <dt>{t('suppliers.monitoring.ordered')}</dt>
          <dd>{money(m.ordered_amount)}</dd>
        </div>
        <div>
          <dt>{t('suppliers.monitoring.threshold')}</dt>
          <dd>{money(m.surveillance_min_amount)}</dd>
        </div>
        <div>
          <dt>{t('suppliers.monitoring.under')}</dt>
          <dd>
            <StatusBadge
              status={m.under_surveillance ? 'partial' : 'draft'}
              label={m.under_surveillance ? t('suppliers.monitoring.yes') : t('suppliers.monitoring.no')}
            />
          </dd>
        </div>
        <div>
          <dt>TF1</dt>
          <dd>{shown(m.tf1)}</dd>
        </div>
        <div>
          <dt>TG</dt>
          <dd>{shown(m.tg)}</dd>
        </div>
      </dl>
      <div className="pc-table-scroll">
        <table className="pc-table">
          <caption>{t('suppliers.monitoring.objectives')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('suppliers.monitoring.figure')}</th>
              <th scope="col">{t('suppliers.monitoring.measured')}</th>
              <th scope="col">{t('suppliers.monitoring.objective')}</th>
              <th scope="col">{t('suppliers.monitoring.state')}</th>
            </tr>
          </thead>
          <tbody>
            {m.figures.map((f) => {
              const unit = f.figure === 'rating' ? t('suppliers.monitoring.on5') : ' %'
              const state = f.value === null ? 'unmeasured' : f.missed ? 'missed' : 'met'
              return (
                <tr key={f.figure}>
                  <th scope="row">{t(`suppliers.monitoring.figures.${f.figure}`)}</th>
                  <td className="pc-num">{f.value === null ? '—' : `${format.number(f.value)}${unit}`}</td>
                  <td className="pc-num">
                    ≥ {format.number(f.objective)}
                    {unit}
                  </td>
                  <td>
                    <StatusBadge
                      status={state === 'met' ? 'validated' : state === 'missed' ? 'refused' : 'draft'}
                      label={t(`suppliers.monitoring.states.${state}`)}
                    />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
