import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { parseWith } from '../errors/parse'
import type { Result } from '../result'

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const
export const MAX_PER_PAGE = 200

export type ListQuery<S extends string, F extends string> = {
  page: number
  per_page: number
  sort: S
  direction: 'asc' | 'desc'
  search: string | null
  filters: Partial<Record<F, string>>
}

/**
 * Reads a list's query string (`page`, `per_page`, `sort`, `direction`, `search`, and one key per
 * filter). Unknown sort fields and bad numbers are refused as form errors naming the parameter.
 */
export const parseListQuery = <S extends string, F extends string>(
  query: Readonly<Record<string, string | undefined>>,
  options: { sortable: readonly S[]; defaultSort: S; filters: readonly F[] },
): Result<ListQuery<S, F>, DomainError> => {
  const schema = z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
    sort: z.enum(options.sortable as unknown as [S, ...S[]]).default(options.defaultSort),
    direction: z.enum(['asc', 'desc']).default('asc'),
    search: z.string().trim().max(200).optional(),
  })
  const parsed = parseWith(schema, query)
  if (!parsed.ok) return parsed
  const filters: Partial<Record<F, string>> = {}
  for (const key of options.filters) {
    const value = query[key]?.trim()
    if (value !== undefined && value !== '') filters[key] = value
  }
  const { search, ...rest } = parsed.value
  return {
    ok: true,
    value: { ...rest, search: search === undefined || search === '' ? null : search, filters },
  }
}

/** The `meta` of a list answer. */
export const listMeta = (total: number, query: { page: number; per_page: number }) => ({
  total,
  page: query.page,
  per_page: query.per_page,
})
