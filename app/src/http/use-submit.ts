import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiError, type SchemaSource } from './client'

/**
 * The app's one form helper: the state of one form's submission. `send(schema, body, work)`
 * checks the body with the area's core schema first (the same rules the server applies, the
 * catalogue's messages in the interface language) and sends nothing when it refuses; then it runs
 * the call and shows the server's per-field messages and message when the server refuses (rules
 * the browser cannot know: a duplicate, a refused transition), or the network message.
 * `run(work)` is the same without a schema, for actions that carry no data entered (a button).
 * The schema may be given by a loader (`SchemaSource`), as the first page's forms do.
 */
export const useSubmit = () => {
  const { t, i18n } = useTranslation()
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true)
    setErrors({})
    setMessage(null)
    try {
      await work()
      return true
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.body.errors ?? {})
        setMessage(error.body.message ?? error.message)
      } else setMessage(t('errors.network'))
      return false
    } finally {
      setBusy(false)
    }
  }
  const send = async <S extends z.ZodType>(
    schema: SchemaSource<S>,
    body: unknown,
    work: () => Promise<void>,
  ): Promise<boolean> => {
    // The checks and the catalogue's messages load with the first form that sends: the first page
    // does without them (the sign-in form names its schema by a loader for the same reason).
    const [{ checkWith, formErrorsMessage }, rules] = await Promise.all([
      import('../forms/check'),
      typeof schema === 'function' ? schema() : schema,
    ])
    const refused = checkWith(rules, body, i18n.language)
    if (refused !== null) {
      setErrors(refused)
      setMessage(formErrorsMessage(i18n.language))
      return false
    }
    return run(work)
  }
  return { errors, message, busy, run, send }
}
