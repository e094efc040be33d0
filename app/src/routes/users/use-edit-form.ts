import { dataOf } from '@procura/core/answer'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQuery } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useSubmit } from '../../http/use-submit'

/**
 * One edit form over a GET/POST pair: loads `{ data }` (typed by its core answer schema), checks the values with the core schema
 * (nothing is sent when it refuses), posts them, shows the server's field errors and message, and
 * a toast when saved. Rules are core's, applied in the browser and again by the server.
 */
export const useEditForm = <S extends z.ZodType>(
  path: string,
  options: { load?: boolean; schema: z.ZodType; answer: S },
) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['user'])
  const loaded = useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => apiRead(path, dataOf(options.answer), { signal }),
    enabled: options.load ?? true,
  })
  const submission = useSubmit()

  const submit =
    (values: (form: FormData) => unknown, after?: () => void) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const form = new FormData(event.currentTarget)
      const body = values(form)
      const saved = await submission.send(options.schema, body, () =>
        change.mutateAsync(() => apiFetch(path, { method: 'POST', body })).then(() => undefined),
      )
      if (!saved) return
      toasts.show('success', t('common.saved'))
      after?.()
    }
  return { loaded, errors: submission.errors, message: submission.message, busy: submission.busy, submit }
}
