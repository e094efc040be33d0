import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { parseWith } from '../errors/parse'
import type { Result } from '../result'
import { decodeCursor, encodeCursor, type ListPlace } from './cursor'

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const
export const MAX_PER_PAGE = 200

/** The largest id a filter accepts: ids are SQL integers, never wider than a JS safe integer. */
const MAX_ID = Number.MAX_SAFE_INTEGER

/**
 * The kinds of value a list filter takes. Each reads the query-string text and answers a typed
 * value, or a catalogue code naming what is wrong: a bad filter is a form error, never a query.
 */
export const listFilter = {
  /** A row id: digits only (no sign, exponent or SQL), at least 1. */
  id: () =>
    z
      .string()
      .regex(/^\d{1,16}$/, 'NOT_A_NUMBER')
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_ID)),
  /** A yes/no switch sent as 1 or 0. */
  flag: () => z.enum(['0', '1']).transform((v) => v === '1'),
  /** One value of a closed list (a status, a stock state). */
  oneOf: <const V extends string>(values: readonly V[]) => z.enum(values as unknown as [V, ...V[]]),
  /** A day, as ISO writes it (2026-11-24): a date range's bound. */
  date: () =>
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'DATE_FORMAT')
      .refine(
        (text) =>
          !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
          new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
        'INVALID_DATE',
      ),
  /** A decimal as the API writes it (1234.5), not negative: an amount range's bound. */
  decimal: () => z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, 'DECIMAL_EXPECTED'),
  /** A short code (a role, a language, a currency): a letter, then letters, digits, - and _. */
  code: () => z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, 'INVALID_VALUE'),
  /** A reference kept as text (a trace's document number): letters, digits, -, _ and dots. */
  reference: () => z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'INVALID_VALUE'),
} as const

export type FilterSchemas = Record<string, z.ZodType<unknown, string>>

export type ListQuery<S extends string, F extends FilterSchemas> = {
  page: number
  per_page: number
  sort: S
  direction: 'asc' | 'desc'
  search: string | null
  /** Page by key: the rows after this place (a `next_cursor`), instead of `page`. */
  after: ListPlace | null
  filters: { [K in keyof F]?: z.output<F[K]> }
}

/**
 * A list's query schema, built once per list (its filter kinds, sortable fields and paging): zod
 * prepares an object schema at its first use, which costs more than the parse itself. Defaults are
 * applied after the parse, so the schema does not depend on them.
 */
const listSchemas = new WeakMap<FilterSchemas, Map<string, z.ZodType<Record<string, unknown>>>>()
const listQuerySchema = (filters: FilterSchemas, sortable: readonly string[], pagedByKey: boolean) => {
  let schemas = listSchemas.get(filters)
  if (schemas === undefined) {
    schemas = new Map()
    listSchemas.set(filters, schemas)
  }
  const key = `${pagedByKey} ${sortable.join(' ')}`
  const known = schemas.get(key)
  if (known !== undefined) return known
  const schema = z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
    sort: z.enum(sortable as [string, ...string[]]).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    search: z.string().max(200).optional(),
    ...(pagedByKey ? { after: z.string().max(500).optional() } : {}),
    ...Object.fromEntries(Object.entries(filters).map(([name, kind]) => [name, kind.optional()])),
  }) as z.ZodType<Record<string, unknown>>
  schemas.set(key, schema)
  return schema
}

/**
 * Reads a list's query string (`page`, `per_page`, `sort`, `direction`, `search`, and one key per
 * filter, each parsed by its kind from `listFilter`). Unknown sort fields, bad numbers and filter
 * values of the wrong kind are refused as form errors naming the parameter; an empty filter is
 * no filter; unknown keys are ignored.
 */
export const parseListQuery = <S extends string, F extends FilterSchemas>(
  query: Readonly<Record<string, string | undefined>>,
  options: {
    sortable: readonly S[]
    defaultSort: S
    filters: F
    /** The list reads pages by key too: `after` (a cursor) is accepted. */
    pagedByKey?: boolean
    /** The direction of the default sort (its index's default_sort), when no sort is asked. */
    defaultDirection?: 'asc' | 'desc'
  },
): Result<ListQuery<S, F>, DomainError> => {
  const given: Record<string, string> = {}
  for (const [key, value] of Object.entries(query)) {
    const trimmed = value?.trim()
    if (trimmed !== undefined && trimmed !== '') given[key] = trimmed
  }
  const schema = listQuerySchema(options.filters, options.sortable, options.pagedByKey === true)
  const parsed = parseWith(schema, given)
  if (!parsed.ok) return parsed
  const {
    page = 1,
    per_page = 25,
    sort = options.defaultSort,
    direction = given.sort === undefined ? (options.defaultDirection ?? 'asc') : 'asc',
    search,
    after,
    ...rest
  } = parsed.value as Record<string, unknown> & {
    page?: number
    per_page?: number
    sort?: S
    direction?: 'asc' | 'desc'
    search?: string
    after?: string
  }
  const place = after === undefined ? null : decodeCursor(after)
  if (place !== null && !place.ok) return place
  const filters = Object.fromEntries(
    Object.keys(options.filters)
      .filter((key) => rest[key] !== undefined)
      .map((key) => [key, rest[key]]),
  ) as ListQuery<S, F>['filters']
  return {
    ok: true,
    value: { page, per_page, sort, direction, search: search ?? null, after: place?.value ?? null, filters },
  }
}

/**
 * Reads a search call's query string: `search` (trimmed, at most 200 characters) and the given
 * filters, each by its kind. Same refusals as a list's.
 */
export const parseSearchQuery = <F extends FilterSchemas>(
  query: Readonly<Record<string, string | undefined>>,
  filters: F,
): Result<{ search: string; filters: ListQuery<never, F>['filters'] }, DomainError> => {
  const parsed = parseListQuery(
    { search: query.search, ...Object.fromEntries(Object.keys(filters).map((k) => [k, query[k]])) },
    { sortable: ['search'], defaultSort: 'search', filters },
  )
  if (!parsed.ok) return parsed
  return { ok: true, value: { search: parsed.value.search ?? '', filters: parsed.value.filters } }
}

/**
 * Lists count their rows up to this many: past it the answer says "more than" (`total_exact`
 * false, `total` = COUNT_CAP), so a list over millions of rows costs the same as over ten thousand.
 */
export const COUNT_CAP = 10_000

/**
 * The `meta` of a list answer; `counted` may be a capped count (COUNT_CAP + 1 means "more"). A list
 * that pages by key passes the place of the page's last row (null when the page is the last one):
 * `next_cursor`, sent back as `after`, reads the next page.
 */
export const listMeta = (
  counted: number,
  query: { page: number; per_page: number },
  last?: ListPlace | null,
) => ({
  total: Math.min(counted, COUNT_CAP),
  total_exact: counted <= COUNT_CAP,
  page: query.page,
  per_page: query.per_page,
  ...(last === undefined ? {} : { next_cursor: last === null ? null : encodeCursor(last) }),
})
