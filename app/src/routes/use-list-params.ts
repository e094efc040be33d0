import { useSearchParams } from 'react-router'

/**
 * A list's state (page, sort, search, filters) lives in the URL, so a list can be shared and
 * survives a reload. `update` sets or clears keys and goes back to the first page unless it sets it.
 */
export const useListParams = (defaultSort: { key: string; direction: 'asc' | 'desc' }) => {
  const [params, setParams] = useSearchParams()
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key)
      else next.set(key, value)
    }
    if (!('page' in changes)) next.delete('page')
    setParams(next, { replace: true })
  }
  const direction = params.get('direction')
  return {
    params,
    query: params.toString(),
    update,
    sort: {
      key: params.get('sort') ?? defaultSort.key,
      direction: direction === 'asc' || direction === 'desc' ? direction : defaultSort.direction,
    },
  }
}
