export {
  CURRENCY_POSITIONS,
  type Currency,
  type CurrencyPosition,
  CurrencySchema,
  type LanguageSettings,
  LanguageSettingsSchema,
} from './locale.schema'
