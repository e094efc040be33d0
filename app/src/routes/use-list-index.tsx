import { BulkOutcomeSchema } from '@procura/core/answer'
import {
  type FilterOptionsAnswer,
  FilterOptionsSchema,
  type ListIndexAnswer,
  ListIndexSchema,
} from '@procura/core/list'
import type { FilterDefinition } from '@procura/ui-kit/data-table'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Stale, useChange } from '../http/changes'
import { ApiError, apiRead } from '../http/client'
import { useAnswer } from '../http/use-api'

/** A list's index, a column, a range: core's list answer (the API's tests check every index against it). */
export type ListIndex = ListIndexAnswer
export type IndexColumn = ListIndex['columns'][number]
export type IndexRange = NonNullable<ListIndex['ranges']>[number]

/**
 * A list's conventions from the server (spec §7): its index (title, filters, bulk actions), the
 * options of each filter, and bulk actions asked for confirmation then reported (done, refused).
 */
export const useListIndex = (base: string, params: URLSearchParams) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  // A bulk action changes the list's rows and what waits for people.
  const change = useChange([base as Stale, '/bwapi/actions-to-do', '/bwapi/header-infos'])
  const index = useAnswer(`${base}/index`, ListIndexSchema)
  // Filters over many rows ask for the options matching what is typed, and for the chosen one's label.
  const [typed, setTyped] = useState<Record<string, string>>({})
  const filterList = (key: string, search: Record<string, string>) =>
    `${base}/filter-list/${key}?${new URLSearchParams(search)}`
  const options = useQueries({
    queries: (index.data?.filters ?? []).map((f) => {
      const path = filterList(f.key, f.searchable ? { search: typed[f.key] ?? '' } : {})
      return {
        queryKey: [`${base}/filter-list`, path],
        queryFn: ({ signal }: { signal: AbortSignal }) => apiRead(path, FilterOptionsSchema, { signal }),
        placeholderData: (previous: FilterOptionsAnswer | undefined) => previous,
      }
    }),
  })
  const chosen = useQueries({
    queries: (index.data?.filters ?? []).map((f) => {
      const value = params.get(f.key)
      const path = filterList(f.key, { value: value ?? '' })
      return {
        queryKey: [`${base}/filter-list`, path],
        queryFn: ({ signal }: { signal: AbortSignal }) => apiRead(path, FilterOptionsSchema, { signal }),
        enabled: f.searchable === true && value !== null && value !== '',
        staleTime: Number.POSITIVE_INFINITY,
      }
    }),
  })
  const [pending, setPending] = useState<{ action: string; label: string; ids: number[] } | null>(null)

  const filters: FilterDefinition[] = (index.data?.filters ?? []).map((f, i) => {
    const value = params.get(f.key)
    const valueLabel = chosen[i]?.data?.data.find((o) => o.value === value)?.label
    return {
      key: f.key,
      label: f.label,
      options: options[i]?.data?.data ?? [],
      ...(value ? { value } : {}),
      ...(valueLabel ? { valueLabel } : {}),
      ...(f.searchable ? { onSearch: (text: string) => setTyped((all) => ({ ...all, [f.key]: text })) } : {}),
    }
  })

  const run = async (action: string, ids: number[]) => {
    try {
      const answer = await change.mutateAsync(() =>
        apiRead(`${base}/do-bulk-action`, BulkOutcomeSchema, { method: 'POST', body: { action, ids } }),
      )
      const { done, failed } = answer.data
      if (done.length > 0) toasts.show('success', t('lists.bulkDone', { count: done.length }))
      for (const refusal of failed)
        toasts.show('error', t('lists.bulkRefused', { id: refusal.id, message: refusal.message }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending?.label ?? ''}
      message={t('lists.bulkConfirm', { action: pending?.label ?? '', count: pending?.ids.length ?? 0 })}
      confirmLabel={pending?.label ?? ''}
      cancelLabel={t('common.back')}
      danger={pending?.action === 'cancel'}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        if (pending) void run(pending.action, pending.ids)
        setPending(null)
      }}
    />
  )

  return {
    index,
    filters,
    bulkActions: index.data?.bulk_actions ?? [],
    onBulkAction: (action: string, ids: number[]) =>
      setPending({
        action,
        ids,
        label: index.data?.bulk_actions.find((b) => b.action === action)?.label ?? action,
      }),
    dialog,
  }
}
