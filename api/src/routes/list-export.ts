import type { ListDefinition } from '@procura/core/list'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { refuse } from '../http/respond'
import { binary } from '../http/schemas'
import { EXPORT_FORMATS, exportList, type ReadPage } from '../services/list-export'

const ExportQuery = z.looseObject({
  format: z.enum(EXPORT_FORMATS).optional().describe('csv (the default) or xlsx.'),
  columns: z
    .string()
    .optional()
    .describe('The columns, in order, comma-separated (the list’s default columns when absent).'),
})

/**
 * GET {list}/export: the list's rows as the reader's list shows them (same query), as CSV or Excel,
 * streamed. Registered before the list's /:id routes.
 */
export const addListExport = (
  app: Hono<AppEnv>,
  list: ListDefinition,
  tag: string,
  read: (c: Context<AppEnv>) => ReadPage,
  path = '/export',
) =>
  app.get(
    path,
    route({
      summary: `Download the ${list.title.en.toLowerCase()} list as CSV or Excel (the list's query, every page)`,
      tags: [tag],
      query: ExportQuery,
      responses: { 200: binary('text/csv', 'The rows, in the columns asked') },
    }),
    async (c) => {
      const result = await exportList({
        list,
        read: read(c),
        query: c.req.query(),
        language: c.get('language'),
      })
      if (!result.ok) return refuse(c, result.error)
      const { body, contentType, filename } = result.value
      return c.body(body, 200, {
        'content-type': contentType,
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      })
    },
  )
