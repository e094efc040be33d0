import { ConfirmDialog } from '@procura/ui-kit/modal'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../http/client'

type Asked = { message: string; again: () => void }

/**
 * The question a budget under "notify" asks before it is overrun (409 BUDGET_OVERRUN_WARNING:
 * "… Send or validate anyway?"): `ask(error, again)` opens it when the refusal is that question,
 * and "validate anyway" sends the action again with `confirm: true`. Any other refusal: false.
 */
export const useOverrunQuestion = () => {
  const { t } = useTranslation()
  const [asked, setAsked] = useState<Asked | null>(null)
  const ask = (error: unknown, again: () => void) => {
    if (!(error instanceof ApiError) || error.body.code !== 'BUDGET_OVERRUN_WARNING') return false
    setAsked({ message: error.body.message ?? error.message, again })
    return true
  }
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={t('common.budgetOverrun')}
      message={asked?.message ?? ''}
      confirmLabel={t('common.validateAnyway')}
      cancelLabel={t('common.back')}
      onCancel={() => setAsked(null)}
      onConfirm={() => {
        const again = asked?.again
        setAsked(null)
        again?.()
      }}
    />
  )
  return { ask, dialog }
}
