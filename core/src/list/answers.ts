import { z } from 'zod'
import { COLUMN_KINDS } from './definition'

/**
 * The answers every list gives, as the API declares them and the app reads them: its page of
 * rows with their meta, its index, a filter's options. One schema for both sides: the API's tests
 * check every answer against it, the app's client types (and in development checks) what it reads.
 */

/** Money and quantities: decimal strings, never floats. */
export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/)

export const ListMetaSchema = z.object({
  total: z.number().int().int(),
  /** False when there are more rows than counted (COUNT_CAP): show "more than total". */
  total_exact: z.boolean(),
  page: z.number().int().int(),
  per_page: z.number().int().int(),
  /** Lists paged by key: pass it as `after` for the next page (null on the last one). */
  next_cursor: z.string().nullable().optional(),
  /** Lists with amounts: their sums over the filtered rows, per currency (null past the count's cap). */
  totals: z
    .array(z.looseObject({ currency_code: z.string().nullable() }).catchall(z.string().nullable()))
    .nullable()
    .optional(),
})

/** A list page: `{ data: [...], meta: { total, page, per_page, … } }`. */
export const listAnswerOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), meta: ListMetaSchema })

/** GET …/index: what a list screen needs to draw itself. */
export const ListIndexSchema = z.looseObject({
  title: z.string(),
  columns: z.array(
    z.looseObject({
      key: z.string(),
      label: z.string(),
      kind: z.enum(COLUMN_KINDS),
      sortable: z.boolean(),
      visible: z.boolean(),
      field: z.string().optional(),
      currency: z.string().optional(),
      labels: z.record(z.string(), z.string()).optional(),
    }),
  ),
  ranges: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        kind: z.enum(COLUMN_KINDS),
        from: z.string(),
        to: z.string(),
      }),
    )
    .optional(),
  filters: z.array(z.object({ key: z.string(), label: z.string(), searchable: z.boolean().optional() })),
  bulk_actions: z.array(z.object({ action: z.string(), label: z.string() })),
  per_page_options: z.array(z.number().int()),
  default_sort: z.object({ sort: z.string(), direction: z.enum(['asc', 'desc']) }).optional(),
})
export type ListIndexAnswer = z.infer<typeof ListIndexSchema>
export type FilterOptionsAnswer = z.infer<typeof FilterOptionsSchema>

/** GET …/filter-list/{field}: the options of one filter. */
export const FilterOptionsSchema = z.object({
  data: z.array(z.object({ value: z.string(), label: z.string() })),
})

/** A saved view of a list: its name, query and columns. */
export const SavedViewAnswerSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  columns: z.array(z.string()),
  is_default: z.boolean(),
})
export type SavedViewAnswer = z.infer<typeof SavedViewAnswerSchema>

/** GET /bwapi/list-views/{list}: my saved views of a list, and the columns I chose. */
export const SavedViewsAnswerSchema = z.looseObject({
  data: z.looseObject({
    views: z.array(SavedViewAnswerSchema),
    columns: z.array(z.string()).nullable(),
  }),
})
export type SavedViewsAnswer = z.infer<typeof SavedViewsAnswerSchema>
