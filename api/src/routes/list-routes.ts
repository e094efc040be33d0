import type { DomainError } from '@procura/core/errors'
import { type FilterOption, indexOf, type ListDefinition } from '@procura/core/list'
import type { Result } from '@procura/core/result'
import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { refuse, respond } from '../http/respond'
import { FilterOptions, ListIndex, listOf, listQuery, SearchQuery } from '../http/schemas'
import type { ReadPage } from '../services/list-export'
import { addListExport } from './list-export'

/** A list served whole from its core definition: rows, index, filter options and export. */
export type ListRoutes = {
  list: ListDefinition
  /** A row as the page answers it: core's row schema, the one the app's list page reads. */
  row: z.ZodType
  tag: string
  sorts: readonly [string, ...string[]]
  /** Every filter key the rows' query takes (the choices and each range's two bounds). */
  queryFilters: readonly string[]
  /** A long list pages by key (`after`): the query takes it. */
  pagedByKey?: boolean
  /**
   * The index, where the definition's is not all of it (the reader's bulk actions, the custom
   * fields shown in lists); core's `indexOf(list)` otherwise.
   */
  index?: (c: Context<AppEnv>) => Promise<Result<object, DomainError>> | Result<object, DomainError>
  /** Who may read the list at all (core's rule, a refusal otherwise): every route of it checks it. */
  may?: (c: Context<AppEnv>) => Result<void, DomainError>
  /** One page for this reader; an export reads every page through it, without counting them. */
  read: (c: Context<AppEnv>, options: { count: boolean }) => ReadPage
  /** The options of one filter (`value`: the one option a chip names); null when the list has no such filter. */
  options: (
    c: Context<AppEnv>,
    field: string,
    search: string,
    value: string | undefined,
  ) => Promise<Result<readonly FilterOption[] | null, DomainError>>
}

/**
 * GET {base}, {base}/index, {base}/filter-list/{field} and {base}/export of one list, built from
 * its definition in core: a new list declares its columns and filters once and writes only its
 * query and its filters' options.
 */
export const addListRoutes = (app: Hono<AppEnv>, base: string, spec: ListRoutes) => {
  const what = spec.list.title.en.toLowerCase()
  /** The handler, once the reader may read the list. */
  const guarded = (handler: (c: Context<AppEnv>) => Promise<Response> | Response) => (c: Context<AppEnv>) => {
    const allowed = spec.may?.(c)
    return allowed !== undefined && !allowed.ok ? refuse(c, allowed.error) : handler(c)
  }
  const read = (c: Context<AppEnv>, options: { count: boolean }): ReadPage => {
    const allowed = spec.may?.(c)
    return allowed !== undefined && !allowed.ok ? async () => allowed : spec.read(c, options)
  }
  app.get(
    base === '' ? '/' : base,
    route({
      summary: `The ${what}: paged, sorted, searched and filtered`,
      tags: [spec.tag],
      query: listQuery(spec.sorts, spec.queryFilters, { pagedByKey: spec.pagedByKey === true }),
      responses: { 200: { description: 'A page', schema: listOf(spec.row) } },
    }),
    guarded(async (c) => respond(c, await spec.read(c, { count: true })(c.req.query()))),
  )
  addListExport(app, spec.list, spec.tag, (c) => read(c, { count: false }), `${base}/export`)
  app.get(
    `${base}/index`,
    route({
      summary: `Columns and filters of the ${what} list`,
      tags: [spec.tag],
      responses: { 200: { description: 'List index', schema: ListIndex } },
    }),
    guarded(async (c) =>
      spec.index === undefined
        ? c.json(indexOf(spec.list, c.get('language')))
        : respond(c, await spec.index(c)),
    ),
  )
  app.get(
    `${base}/filter-list/:field`,
    route({
      summary: `The options of one filter of the ${what} list`,
      tags: [spec.tag],
      query: SearchQuery,
      responses: { 200: { description: 'Options', schema: FilterOptions } },
    }),
    guarded(async (c) => {
      const options = await spec.options(
        c,
        c.req.param('field') ?? '',
        c.req.query('search') ?? '',
        c.req.query('value'),
      )
      if (!options.ok) return refuse(c, options.error)
      return options.value === null ? refuse(c, { code: 'NOT_FOUND' }) : c.json({ data: options.value })
    }),
  )
}
