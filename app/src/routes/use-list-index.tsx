import type { FilterDefinition } from '@procura/ui-kit/data-table'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiFetch } from '../http/client'
import { useApi } from '../http/use-api'

type ListIndex = {
  title: string
  filters: { key: string; label: string }[]
  bulk_actions: { action: string; label: string }[]
}
type BulkOutcome = { data: { done: number[]; failed: { id: number; message: string }[] } }

/**
 * A list's conventions from the server (spec §7): its index (title, filters, bulk actions), the
 * options of each filter, and bulk actions asked for confirmation then reported (done, refused).
 */
export const useListIndex = (base: string, params: URLSearchParams) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const client = useQueryClient()
  const index = useApi<ListIndex>(`${base}/index`)
  const options = useQueries({
    queries: (index.data?.filters ?? []).map((f) => ({
      queryKey: [`${base}/filter-list`, f.key],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<{ data: { value: string; label: string }[] }>(`${base}/filter-list/${f.key}`, { signal }),
    })),
  })
  const [pending, setPending] = useState<{ action: string; label: string; ids: number[] } | null>(null)

  const filters: FilterDefinition[] = (index.data?.filters ?? []).map((f, i) => {
    const value = params.get(f.key)
    return { key: f.key, label: f.label, options: options[i]?.data?.data ?? [], ...(value ? { value } : {}) }
  })

  const run = async (action: string, ids: number[]) => {
    try {
      const answer = await apiFetch<BulkOutcome>(`${base}/do-bulk-action`, {
        method: 'POST',
        body: { action, ids },
      })
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
    await client.invalidateQueries({ queryKey: [base] })
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
