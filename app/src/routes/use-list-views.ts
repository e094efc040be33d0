import { dataOf } from '@procura/core/answer'
import type { ListViewInput } from '@procura/core/list'
import { type SavedViewAnswer, SavedViewAnswerSchema, SavedViewsAnswerSchema } from '@procura/core/list'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch, apiRead } from '../http/client'
import { useAnswer } from '../http/use-api'

const SavedViewRead = dataOf(SavedViewAnswerSchema)

export type SavedView = SavedViewAnswer

/**
 * A person's saved views of one list and the columns they chose (GET /bwapi/list-views/{list}),
 * with the calls that change them; each change refreshes that list's views only.
 */
export const useListViews = (list: string) => {
  const path = `/bwapi/list-views/${list}`
  const client = useQueryClient()
  const views = useAnswer(path, SavedViewsAnswerSchema)
  const refresh = () => client.invalidateQueries({ queryKey: [path] })
  const columns = useMutation({
    mutationFn: (shown: string[]) => apiFetch(`${path}/columns`, { method: 'PUT', body: { columns: shown } }),
    onSuccess: refresh,
  })
  const create = (input: ListViewInput) =>
    apiRead(path, SavedViewRead, { method: 'POST', body: input }).then(async (answer) => {
      await refresh()
      return answer.data
    })
  const change = useMutation({
    mutationFn: ({ id, ...body }: { id: number } & Partial<ListViewInput>) =>
      apiFetch(`${path}/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: number) => apiFetch(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
  return {
    loaded: views.data !== undefined || views.isError,
    views: views.data?.data.views ?? [],
    columns: views.data?.data.columns ?? null,
    saveColumns: (shown: string[]) => columns.mutate(shown),
    create,
    makeDefault: (id: number) => change.mutateAsync({ id, is_default: true }),
    remove: (id: number) => remove.mutateAsync(id),
  }
}
