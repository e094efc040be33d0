import { z } from 'zod'
import { DecimalString } from '../list/answers'

/**
 * The catalogue's answers as the API declares them and the app types them (one schema for both
 * sides: the API's tests check every answer against it).
 */

const id = z.number().int()

/** GET /bwapi/articles/search: an active article as a line picker offers it. */
export const PickedArticleAnswerSchema = z.object({
  id,
  reference: z.string(),
  label: z.string(),
  /** One unit, excluding tax (6 decimals). */
  price_exctax: DecimalString,
  vat_rate: DecimalString,
  quantity_step: DecimalString.nullable(),
  conditioning: z.string().nullable(),
  product_family: z.string().nullable(),
})
export type PickedArticleAnswer = z.infer<typeof PickedArticleAnswerSchema>
