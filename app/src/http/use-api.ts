import { useQuery } from '@tanstack/react-query'
import { apiFetch } from './client'

/** A GET of the API through TanStack Query, keyed by its path. */
export const useApi = <T>(path: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => apiFetch<T>(path, { signal }),
    enabled: options.enabled ?? true,
  })
