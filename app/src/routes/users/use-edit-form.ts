import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFetch } from '../../http/client'
import { useSubmit } from '../../http/use-submit'

/**
 * One edit form over a GET/POST pair: loads `{ data }`, posts the values, shows the server's
 * field errors and message, and a toast when saved. Rules stay on the server (core).
 */
export const useEditForm = <T extends object>(path: string, options: { load?: boolean } = {}) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const client = useQueryClient()
  const loaded = useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => apiFetch<{ data: T }>(path, { signal }),
    enabled: options.load ?? true,
  })
  const submission = useSubmit()

  const submit =
    (values: (form: FormData) => unknown, after?: () => void) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const form = new FormData(event.currentTarget)
      const saved = await submission.run(() =>
        apiFetch(path, { method: 'POST', body: values(form) }).then(() => undefined),
      )
      if (!saved) return
      toasts.show('success', t('common.saved'))
      await client.invalidateQueries()
      after?.()
    }
  return { loaded, errors: submission.errors, message: submission.message, busy: submission.busy, submit }
}
