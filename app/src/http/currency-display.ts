/** What the currency choice reads of GET /bwapi/init-infos. */
type CurrencyInfos = {
  currencies: readonly { code: string; label: string; is_default?: boolean }[]
  modules?: { multi_currency?: boolean }
}

/**
 * The reader's display currency: the one they chose, else the default one; without the
 * multi-currency module always the default. Light (no decimal arithmetic): the shell's currency
 * switch uses it without loading the formatter.
 */
export const displayCurrencyOf = <T extends CurrencyInfos['currencies'][number]>(
  infos: { currencies: readonly T[]; modules?: CurrencyInfos['modules'] } | undefined,
  chosen: string | null,
): T | undefined => {
  const currencies = infos?.currencies ?? []
  const defaultCurrency = currencies.find((c) => c.is_default)
  return infos?.modules?.multi_currency === false
    ? defaultCurrency
    : (currencies.find((c) => c.code === chosen) ?? defaultCurrency)
}

/** A currency's name in the reader's language (the browser's), else its label, else its code. */
export const currencyNamer = (infos: CurrencyInfos | undefined, language: string) => {
  const names =
    typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([language], { type: 'currency' }) : null
  return (code: string) => names?.of(code) ?? infos?.currencies.find((c) => c.code === code)?.label ?? code
}
