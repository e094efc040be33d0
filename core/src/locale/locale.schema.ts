import { z } from 'zod'
import { LANGUAGES } from '../i18n/language'

export const CURRENCY_POSITIONS = ['before', 'after'] as const
export type CurrencyPosition = (typeof CURRENCY_POSITIONS)[number]

/** A decimal written as a string ("1", "0.921345"): money and rates never travel as floats. */
const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'INVALID_VALUE')

/** Currency: ISO 4217 code, symbol, rate to the default currency, symbol position. */
export const CurrencySchema = z.object({
  code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
  label: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(5),
  rate: decimalString,
  position: z.enum(CURRENCY_POSITIONS),
  is_default: z.boolean().default(false),
})
export type Currency = z.output<typeof CurrencySchema>

/** Language of the interface with its display formats (spec "Currency and language"). */
export const LanguageSettingsSchema = z.object({
  code: z.enum(LANGUAGES),
  label: z.string().trim().min(1).max(50),
  country_code: z.string().regex(/^[A-Z]{2}$/, 'INVALID_VALUE'),
  currency_position: z.enum(CURRENCY_POSITIONS),
  date_format: z.string().trim().min(1).max(20),
  hour_format: z.string().trim().min(1).max(20),
  active: z.boolean().default(true),
})
export type LanguageSettings = z.output<typeof LanguageSettingsSchema>
