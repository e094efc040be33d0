import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { articleUnitPriceTexts } from '../money'
import { dec, intermediate, isDecimalString } from '../money/decimal'
import { checkQuantityStep } from '../quantity/step'
import { err, ok, type Result } from '../result'

// Signs and bounds are read from the text of a valid decimal (no Decimal built per check: imports
// run these on every row).
const isNegative = (v: string) => v.startsWith('-') && /[1-9]/.test(v)
const isZero = (v: string) => !/[1-9]/.test(v)
const decimal = z.string().trim().refine(isDecimalString, 'NOT_A_NUMBER')
const nonNegative = decimal.refine((v) => !isDecimalString(v) || !isNegative(v), 'TOO_SMALL')
const positive = decimal.refine((v) => !isDecimalString(v) || (!isNegative(v) && !isZero(v)), 'TOO_SMALL')
const rate = nonNegative.refine((v) => !isDecimalString(v) || Number(v) <= 100, 'TOO_LARGE')
const id = z.number().int().positive()

export const FeatureInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  value: z.string().trim().min(1).max(200),
  unit: z.string().trim().max(20).nullable().default(null),
})
export type FeatureInput = z.output<typeof FeatureInputSchema>

/** One supplier's offer for an article: its code for it and its price. */
export const SupplierArticleInputSchema = z.object({
  supplier_id: id,
  supplier_code: z.string().trim().max(50).nullable().default(null),
  unit_price_exctax: nonNegative,
  main: z.boolean().default(false),
})

/**
 * A warehouse catalogue article (spec §3): the price is written as unit_price_exctax for
 * unit_number_per_price units; the per-unit prices excluding and including tax are computed.
 * A client that sends the one-unit price_exctax (as the catalogue shows it) may leave
 * unit_price_exctax out: it is derived (price_exctax × unit_number_per_price); when both come,
 * they must agree (price_exctax = unit_price_exctax ÷ unit_number_per_price, to 6 decimals).
 */
const ArticleFieldsSchema = z.object({
  reference: z.string().trim().min(1).max(50),
  label: z.string().trim().min(1).max(200),
  supplier_code: z.string().trim().max(50).nullable().default(null),
  unit_price_exctax: nonNegative.nullable().default(null),
  price_exctax: nonNegative.nullable().default(null),
  unit_number_per_price: positive.default('1'),
  original_unit_price_exctax: nonNegative.nullable().default(null),
  quantity_step: positive.nullable().default(null),
  vat_rate: rate.default('20'),
  vat_rate_2: rate.nullable().default(null),
  conditioning: z.string().trim().max(100).nullable().default(null),
  supplier_sheet_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .default(null),
  internal: z.boolean().default(false),
  active: z.boolean().default(true),
  product_family_type_id: id.nullable().default(null),
  product_family_id: id.nullable().default(null),
  product_subfamily_id: id.nullable().default(null),
  features: z.array(FeatureInputSchema).max(50).default([]),
  affiliated_ids: z.array(id).max(50).default([]),
  suppliers: z
    .array(SupplierArticleInputSchema)
    .max(20)
    .default([])
    .refine((list) => new Set(list.map((s) => s.supplier_id)).size === list.length, 'NOT_UNIQUE')
    .refine((list) => list.filter((s) => s.main).length <= 1, 'INVALID_VALUE'),
})

export const ArticleInputSchema = ArticleFieldsSchema.superRefine((input, ctx) => {
  const derived = derivedUnitPrice(input)
  if (derived.ok) return
  ctx.addIssue({
    code: 'custom',
    path: [derived.error.field],
    message: derived.error.code,
    params: derived.error.params,
  })
}).transform(({ price_exctax: _shown, ...input }) => {
  const derived = derivedUnitPrice({ ...input, price_exctax: _shown })
  return { ...input, unit_price_exctax: derived.ok ? derived.value : '0' }
})
export type ArticleInput = z.output<typeof ArticleInputSchema>

type DerivedPriceError = {
  field: string
  code: 'FIELD_REQUIRED' | 'ARTICLE_PRICE_MISMATCH'
  params?: Record<string, string>
}

/**
 * The price written for unit_number_per_price units: as given, or derived from the one-unit
 * price. Refused when neither comes, or when both come and disagree at 6 decimals.
 */
export const derivedUnitPrice = (input: {
  unit_price_exctax: string | null
  price_exctax: string | null
  unit_number_per_price: string
}): Result<string, DerivedPriceError> => {
  const { unit_price_exctax: written, price_exctax: shown, unit_number_per_price: per } = input
  // Read from the text (no decimal object: an import checks every row).
  if (!isDecimalString(per) || isNegative(per) || isZero(per)) return ok(written ?? '0')
  if (written === null && shown === null) return err({ field: 'unit_price_exctax', code: 'FIELD_REQUIRED' })
  if (written === null) return ok(intermediate(dec(shown ?? '0').times(per)).toFixed())
  if (shown !== null && !intermediate(dec(written).div(per)).eq(intermediate(dec(shown))))
    return err({
      field: 'price_exctax',
      code: 'ARTICLE_PRICE_MISMATCH',
      params: { expected: intermediate(dec(written).div(per)).toFixed(6), units: dec(per).toString() },
    })
  return ok(written)
}

/**
 * The prices a catalogue shows, to 6 decimals: one unit excluding and including tax, and the
 * original; with the list's sort key (the price in millionths). Computed in integers.
 */
export const articlePrices = (input: ArticleInput) => {
  const current = articleUnitPriceTexts(input)
  const original =
    input.original_unit_price_exctax === null
      ? null
      : articleUnitPriceTexts({ ...input, unit_price_exctax: input.original_unit_price_exctax })
  return {
    price_exctax: current.price_exctax,
    price_inctax: current.price_inctax,
    original_price_exctax: original?.price_exctax ?? null,
    original_price_inctax: original?.price_inctax ?? null,
    price_sort: current.price_sort,
  }
}

/** An article is never its own affiliate. */
export const checkAffiliations = (
  articleId: number | null,
  affiliated: readonly number[],
): Result<void, DomainError> =>
  articleId !== null && affiliated.includes(articleId) ? err({ code: 'INVALID_VALUE' }) : ok(undefined)

/** A quantity put in the cart follows the article's step (spec §5). */
export const checkCartQuantity = (quantity: string, step: string | null): Result<void, DomainError> => {
  if (!isDecimalString(quantity)) return err({ code: 'NOT_A_NUMBER' })
  if (dec(quantity).lte(0)) return err({ code: 'TOO_SMALL', params: { min: 0 } })
  return checkQuantityStep(quantity, step)
}

/** Buyers and administrators keep the catalogue and move stock; everyone signed in browses and fills a cart. */
export const checkCanManageCatalogue = (actor: {
  buyer: boolean
  administrator?: boolean
}): Result<void, DomainError> =>
  actor.buyer || actor.administrator === true ? ok(undefined) : err({ code: 'FORBIDDEN' })

export type ArticleRowAction =
  | 'show'
  | 'edit'
  | 'add_to_cart'
  | 'add_in_warehouse'
  | 'favorite'
  | 'unfavorite'
  | 'delete_image'

/** The actions of an article's row menu, for this user, in this warehouse. */
export const articleRowActions = (
  actor: { buyer: boolean; administrator?: boolean },
  article: {
    active: boolean
    has_stock_here: boolean
    has_supplier: boolean
    favorite: boolean
    has_image: boolean
  },
): ArticleRowAction[] => {
  const manages = checkCanManageCatalogue(actor).ok
  return [
    'show' as const,
    ...(manages ? ['edit' as const] : []),
    ...(article.active && article.has_supplier ? ['add_to_cart' as const] : []),
    ...(manages && article.active && !article.has_stock_here ? ['add_in_warehouse' as const] : []),
    article.favorite ? ('unfavorite' as const) : ('favorite' as const),
    ...(manages && article.has_image ? ['delete_image' as const] : []),
  ]
}
