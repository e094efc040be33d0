import {
  ActionsAnswerSchema,
  BulkOutcomeSchema,
  CreatedAnswerSchema,
  dataOf,
  OkAnswerSchema,
  StatusChangeAnswerSchema,
} from '@procura/core/answer'
import { NeedAnswerSchema, NeedRowAnswerSchema } from '@procura/core/need'
import { OrderAnswerSchema, OrderRowAnswerSchema } from '@procura/core/purchase-order'
import { z } from 'zod'

/**
 * The answer shapes the API shares across areas (the list conventions, the envelope of a read),
 * for the OpenAPI document and the response checks. Areas compose them with their own rows.
 * Objects are loose where a read carries more fields than the contract promises.
 */

export { DecimalString } from '@procura/core/list'

import { ArticleRowAnswerSchema } from '@procura/core/article'
import {
  DecimalString,
  FilterOptionsSchema,
  ListIndexSchema,
  ListMetaSchema,
  listAnswerOf,
} from '@procura/core/list'
import { SupplierRowAnswerSchema } from '@procura/core/supplier'
import { UserRowAnswerSchema } from '@procura/core/user'

export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/)
export const ListMeta = ListMetaSchema
/** A list page: `{ data: [...], meta: { total, page, per_page } }` (core's list answer). */
export const listOf = listAnswerOf

export { dataOf }
export const Created = CreatedAnswerSchema
export const Ok = OkAnswerSchema

/** GET …/index and …/filter-list/{field}: core's list answers. */
export const ListIndex = ListIndexSchema
export const FilterOptions = FilterOptionsSchema

/** GET …/{id}/contextual-menu: the actions this user may apply to this row now. */
export const ContextualMenu = z.looseObject({
  actions: z.array(z.looseObject({ action: z.string(), label: z.string() })),
})

/** POST …/do-bulk-action: each row done or refused with its reason. */
export const BulkOutcome = BulkOutcomeSchema

/** A document's lifecycle answer: its new status. */
export const StatusChange = StatusChangeAnswerSchema

/** The actions a row carries: codes, or codes with their translated labels. */
export const Actions = ActionsAnswerSchema

/** The query of every list: paging, sorting, search, and the list's own filters. */
export const listQuery = (
  sorts: readonly [string, ...string[]],
  filters: readonly string[],
  options: { pagedByKey?: boolean } = {},
) =>
  z.object({
    page: z.string().optional().describe('Page number, from 1.'),
    ...(options.pagedByKey === true
      ? {
          after: z
            .string()
            .optional()
            .describe(
              "The previous page's meta.next_cursor: the next page, read by key (page is then ignored).",
            ),
        }
      : {}),
    per_page: z.string().optional().describe('Rows per page, at most 200.'),
    sort: z.enum(sorts).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    search: z.string().optional(),
    ...Object.fromEntries(filters.map((f) => [f, z.string().optional()])),
  })

export const SearchQuery = z.object({
  search: z.string().optional(),
  value: z.string().optional().describe('One option by its value (a chosen filter’s label).'),
})

/** A binary download (PDF, CSV, a file). */
export const binary = (contentType: string, description: string) => ({
  description,
  contentType,
  schema: z.string().meta({ format: 'binary' }),
})

/** An HTML modal's answer (spec: title, body, size). */
export const UserRow = UserRowAnswerSchema

const id = z.number().int()

const _RefusalView = z
  .object({
    by: z.string().nullable(),
    by_label: z.string().nullable(),
    on_behalf_of: z.string().nullable(),
    at: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .nullable()

/** A row of the orders list, and an order as its page reads it: core's answers, the app's types. */
export const OrderRow = OrderRowAnswerSchema
export const Order = OrderAnswerSchema

const _DocumentLine = z.looseObject({ id, position: z.number().int(), quantity: DecimalString })

/** A request's row and page: core's answers, the app's types. */
export const NeedRow = NeedRowAnswerSchema
export const Need = NeedAnswerSchema

export const SupplierRow = SupplierRowAnswerSchema

export const Classification = z.looseObject({ id, code: z.string(), label: z.string() })

export const ArticleRow = ArticleRowAnswerSchema
