import { dataOf } from '@procura/core/answer'
import { SupplierMonitoringSchema } from '@procura/core/supplier'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { Table } from '@procura/ui-kit/table'
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
  const unitOf = (figure: string) => (figure === 'rating' ? t('suppliers.monitoring.on5') : ' %')
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
        <Table
          caption={t('suppliers.monitoring.objectives')}
          columns={[
            {
              key: 'figure',
              header: t('suppliers.monitoring.figure'),
              cell: (f) => t(`suppliers.monitoring.figures.${f.figure}`),
              rowHeader: true,
            },
            {
              key: 'measured',
              header: t('suppliers.monitoring.measured'),
              cell: (f) => (f.value === null ? '—' : `${format.number(f.value)}${unitOf(f.figure)}`),
              numeric: true,
            },
            {
              key: 'objective',
              header: t('suppliers.monitoring.objective'),
              cell: (f) => `≥ ${format.number(f.objective)}${unitOf(f.figure)}`,
              numeric: true,
            },
            {
              key: 'state',
              header: t('suppliers.monitoring.state'),
              cell: (f) => {
                const state = f.value === null ? 'unmeasured' : f.missed ? 'missed' : 'met'
                return (
                  <StatusBadge
                    status={state === 'met' ? 'validated' : state === 'missed' ? 'refused' : 'draft'}
                    label={t(`suppliers.monitoring.states.${state}`)}
                  />
                )
              },
            },
          ]}
          rows={m.figures}
          rowKey={(f) => f.figure}
        />
      </div>
    </section>
  )
}
