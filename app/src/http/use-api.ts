import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiRead, type SchemaSource } from './client'

/**
 * A GET of the API through TanStack Query, keyed by its path, its answer typed by its core schema
 * (and checked against it in development and tests). `keepPrevious` keeps the last answer while
 * the next path loads: a search list that would otherwise empty between two answers (a combobox
 * whose chosen option vanishes from its list forgets it).
 */
export const useAnswer = <S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
) =>
  useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => apiRead(path, schema, { signal }),
    enabled: options.enabled ?? true,
    ...(options.keepPrevious === true ? { placeholderData: keepPreviousData } : {}),
  })
