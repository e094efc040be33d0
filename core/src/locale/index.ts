export {
  CURRENCY_POSITIONS,
  type Currency,
  type CurrencyPosition,
  CurrencySchema,
  type LanguageSettings,
  LanguageSettingsSchema,
} from './locale.schema'
export {
  bookingFactor,
  type CurrencyInput,
  CurrencyInputSchema,
  checkLanguageActive,
  currencyIssues,
  type DatedRate,
  inBookingCurrency,
  type LanguageInput,
  LanguageInputSchema,
  RATE_DECIMALS,
  rateOn,
} from './locale-admin'
