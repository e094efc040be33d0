import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from './client'

/**
 * The state of one form's submission: busy while the call runs, then the server's field errors
 * and message (already translated by the server), or the network message.
 */
export const useSubmit = () => {
  const { t } = useTranslation()
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
  return { errors, message, busy, run }
}
