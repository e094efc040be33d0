/** The inputs of stock requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

export const TransferSchema = z.object({
  from_warehouse_id: z.number().int().positive(),
  to_warehouse_id: z.number().int().positive(),
  purchase_order_id: z.number().int().positive().nullable().default(null),
  comment: z.string().trim().max(500).nullable().default(null),
  lines: z
    .array(z.object({ article_id: z.number().int().positive(), quantity: z.string().trim() }))
    .min(1, 'SELECT_AT_LEAST_ONE')
    .max(500),
})

export const StockInfoSchema = z.object({
  minimum: z.string().trim().default('0'),
  reserved: z.string().trim().default('0'),
  location: z.string().trim().max(100).nullable().default(null),
})

export const StockInSchema = z.object({
  article_id: z.number().int().positive(),
  quantity: z.string().trim(),
  supplier_id: z.number().int().positive().nullable().default(null),
  comment: z.string().trim().max(500).nullable().default(null),
})

export const QuantitySchema = z.object({
  quantity: z.string().trim(),
  comment: z.string().trim().max(500).nullable().default(null),
})
