import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiFetch } from '../../http/client'

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
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit =
    (values: (form: FormData) => unknown, after?: () => void) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const form = event.currentTarget
      setBusy(true)
      setErrors({})
      setMessage(null)
      try {
        await apiFetch(path, { method: 'POST', body: values(new FormData(form)) })
        toasts.show('success', t('common.saved'))
        await client.invalidateQueries()
        after?.()
      } catch (error) {
        if (error instanceof ApiError) {
          setErrors(error.body.errors ?? {})
          setMessage(error.body.message ?? error.message)
        } else setMessage(t('errors.network'))
      } finally {
        setBusy(false)
      }
    }
  return { loaded, errors, message, busy, submit }
}
