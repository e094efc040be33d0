import { CURRENCY_POSITIONS, CurrencyInputSchema, LanguageInputSchema } from '@procura/core/locale'
import { CurrenciesAnswerSchema } from '@procura/core/organisation'
import { Table } from '@procura/ui-kit/table'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { type ReferenceField, ReferenceTable } from '../reference-table'

/**
 * currencies: the instance's currencies (symbol, position, rate to the default currency, dated)
 * with each one's rate history, and the interface languages with their formats and active flag.
 */
export const CurrenciesPage = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const currencies = useAnswer('/bwapi/currencies', CurrenciesAnswerSchema)
  const positions = CURRENCY_POSITIONS.map((p) => ({ value: p, label: t(`admin.currencies.positions.${p}`) }))
  const currencyFields: ReferenceField[] = [
    { name: 'code', label: t('admin.fields.code'), kind: 'text' },
    { name: 'label', label: t('admin.fields.label'), kind: 'text' },
    { name: 'symbol', label: t('admin.currencies.symbol'), kind: 'text' },
    {
      name: 'position',
      label: t('admin.currencies.position'),
      kind: 'choice',
      text: true,
      options: positions,
    },
    { name: 'rate', label: t('admin.currencies.rate'), kind: 'text' },
    { name: 'rate_from', label: t('admin.currencies.rateFrom'), kind: 'date', formOnly: true },
  ]
  const languageFields: ReferenceField[] = [
    { name: 'label', label: t('admin.fields.label'), kind: 'text' },
    { name: 'country_code', label: t('admin.currencies.country'), kind: 'text' },
    {
      name: 'currency_position',
      label: t('admin.currencies.position'),
      kind: 'choice',
      text: true,
      options: positions,
    },
    { name: 'date_format', label: t('admin.currencies.dateFormat'), kind: 'text' },
    { name: 'hour_format', label: t('admin.currencies.hourFormat'), kind: 'text' },
    { name: 'active', label: t('admin.fields.active'), kind: 'flag' },
  ]
  const history = (currencies.data?.data ?? []).filter((c) => c.rates.length > 0)
  return (
    <section>
      <h1>{t('admin.currencies.title')}</h1>
      <p>
        {t(
          currencies.data?.meta.multi_currency === true
            ? 'admin.currencies.multiOn'
            : 'admin.currencies.multiOff',
        )}
      </p>
      <h2>{t('admin.currencies.currencies')}</h2>
      <ReferenceTable
        base="/bwapi/currencies"
        rowKey="code"
        title={t('admin.currencies.currencies')}
        schema={CurrencyInputSchema}
        empty={t('admin.empty')}
        stale={['settings', '/bwapi/currencies']}
        fields={currencyFields}
      />
      {history.length > 0 ? (
        <div className="pc-table-scroll">
          <Table
            caption={t('admin.currencies.history')}
            columns={[
              { key: 'code', header: t('admin.fields.code'), cell: (r) => r.code },
              { key: 'from', header: t('admin.currencies.rateFrom'), cell: (r) => format.date(r.valid_from) },
              { key: 'rate', header: t('admin.currencies.rate'), cell: (r) => r.rate, numeric: true },
            ]}
            rows={history.flatMap((c) => c.rates.map((r) => ({ ...r, code: c.code })))}
            rowKey={(r) => `${r.code}-${r.valid_from}`}
          />
        </div>
      ) : null}
      <h2>{t('admin.currencies.languages')}</h2>
      <ReferenceTable
        base="/bwapi/languages"
        rowKey="code"
        fixedRows
        title={t('admin.currencies.languages')}
        schema={LanguageInputSchema}
        empty={t('admin.empty')}
        stale={['settings', '/bwapi/languages']}
        fields={languageFields}
      />
    </section>
  )
}
