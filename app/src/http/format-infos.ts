/** What GET /bwapi/init-infos tells the formatter: currencies, languages, formats, modules. */
export type FormatInfos = {
  currencies: {
    code: string
    label: string
    symbol: string
    rate: string
    position: 'before' | 'after'
    is_default: boolean
  }[]
  languages: {
    code: string
    currency_position: 'before' | 'after'
    date_format: string
    hour_format: string
  }[]
  formats: { decimals: number; time_zone?: string }
  /** Without the multi-currency module, amounts show in their own currency only (no display currency). */
  modules?: { multi_currency?: boolean }
}
