import { z } from 'zod'

/** What a saved view keeps of a list's URL: not the page, nor the columns (kept apart), nor the view. */
const NOT_KEPT = new Set(['page', 'after', 'columns', 'view'])

/** A list's query as a view keeps it: without paging, empty values dropped. */
export const viewQuery = (text: string) => {
  const params = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text)
  return new URLSearchParams(
    [...params].filter(([key, value]) => !NOT_KEPT.has(key) && value !== ''),
  ).toString()
}

const ViewFields = z.object({
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(60),
  query: z.string().max(2000).transform(viewQuery),
  columns: z.array(z.string().max(60)).max(50),
  is_default: z.boolean(),
})

/** POST /bwapi/list-views/{list}: a named view of a list (its filters, search, sort and columns). */
export const ListViewInputSchema = ViewFields.extend({
  query: ViewFields.shape.query.default(''),
  columns: ViewFields.shape.columns.default([]),
  is_default: ViewFields.shape.is_default.default(false),
})
export type ListViewInput = z.input<typeof ListViewInputSchema>

/** PATCH /bwapi/list-views/{list}/{id}: what changes; what is absent stays as it is. */
export const ListViewChangeSchema = ViewFields.partial()
