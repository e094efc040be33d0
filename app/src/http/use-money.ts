import { formatAmount } from '@procura/core/format'
import { useApi } from './use-api'

type Formats = {
  formats: { decimals: number; decimal_delimiter: '.' | ',' }
  currencies: { code: string; symbol: string; position: 'before' | 'after' }[]
}

/** Formats amounts with the customer's decimals and delimiter and the currency's symbol (core's rule). */
export const useMoney = () => {
  const infos = useApi<Formats>('/bwapi/init-infos')
  return (amount: string, currencyCode?: string) => {
    if (infos.data === undefined) return currencyCode ? `${amount} ${currencyCode}` : amount
    const currency = infos.data.currencies.find((c) => c.code === currencyCode)
    return formatAmount(amount, {
      decimals: infos.data.formats.decimals,
      decimal_delimiter: infos.data.formats.decimal_delimiter,
      ...(currency ? { symbol: currency.symbol, position: currency.position } : {}),
    })
  }
}
