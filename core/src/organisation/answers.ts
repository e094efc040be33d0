import { z } from 'zod'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** A currency with its rates, oldest first. */
export const CurrencyRatesAnswerSchema = z.looseObject({
  code: z.string(),
  label: z.string(),
  rates: z.array(
    z.looseObject({
      valid_from: z.string(),
      rate: z.string(),
    }),
  ),
})
export type CurrencyRatesAnswer = z.infer<typeof CurrencyRatesAnswerSchema>

/** GET /bwapi/currencies: the currencies with their rate history. */
export const CurrenciesAnswerSchema = z.looseObject({
  data: z.array(CurrencyRatesAnswerSchema),
  meta: z.looseObject({
    multi_currency: z.boolean(),
  }),
})
export type CurrenciesAnswer = z.infer<typeof CurrenciesAnswerSchema>
