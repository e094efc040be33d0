/** The inputs of article requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

export const CartAddSchema = z.object({
  quantity: z.string().trim(),
  supplier_id: z.number().int().positive().nullable().default(null),
})

export const ARTICLE_BULK_ACTIONS = ['activate', 'deactivate', 'favorite', 'unfavorite'] as const

export const ArticleBulkSchema = z.object({
  action: z.enum(ARTICLE_BULK_ACTIONS),
  ids: z.array(z.number().int().positive()).min(1, 'SELECT_AT_LEAST_ONE').max(1000),
})
