import { RefusalSchema } from '@procura/core/circuit'
import { isErrorCode, translate } from '@procura/core/errors'
import { isLanguage } from '@procura/core/i18n'
import type { RefusedAction } from '@procura/core/policy'
import { ReasonDialog } from '@procura/ui-kit/reason-dialog'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { checkWith } from '../forms/check'
import { useFormat } from '../http/use-format'

export type Refusal = { by_label: string | null; at: string | null; reason: string | null } | null

/** Why a document was refused, by whom and when: shown on its page to everyone who reads it. */
export const RefusalNote = ({ refusal }: { refusal: Refusal }) => {
  const { t } = useTranslation()
  const format = useFormat()
  if (refusal === null) return null
  const date = refusal.at === null ? '' : format.date(refusal.at)
  return (
    <section className="pc-refusal" role="note" aria-label={t('decision.refused')}>
      <strong>{t('decision.refusedBy', { name: refusal.by_label ?? '', date })}</strong>
      <p>{refusal.reason}</p>
    </section>
  )
}

/**
 * The refusal of a document: confirmation with a required reason, checked with core's rule in
 * the browser before it is sent (the server checks it again).
 */
export const RefuseDialog = ({
  open,
  code,
  author,
  onCancel,
  onRefuse,
  children,
}: {
  open: boolean
  code: string
  /** Who is told: 'buyer' for an order, 'requester' for a request. */
  author: 'buyer' | 'requester'
  onCancel: () => void
  onRefuse: (reason: string) => void
  /** More fields of the refusal (an e-invoice's reason code). */
  children?: ReactNode
}) => {
  const { t, i18n } = useTranslation()
  const [errors, setErrors] = useState<string[]>([])
  return (
    <ReasonDialog
      open={open}
      title={t('decision.refuseTitle', { code })}
      message={t(`decision.refuseMessage.${author}`)}
      label={t('decision.reason')}
      confirmLabel={t('decision.refuse')}
      cancelLabel={t('common.back')}
      errors={errors}
      onCancel={() => {
        setErrors([])
        onCancel()
      }}
      onConfirm={(reason) => {
        const refused = checkWith(RefusalSchema, { reason }, i18n.language)
        if (refused !== null) return setErrors(refused.reason ?? [])
        setErrors([])
        onRefuse(reason.trim())
      }}
    >
      {children}
    </ReasonDialog>
  )
}

/** A document's actions with the refusal last: refusing stands apart from approving. */
export const apartRefusal = <A extends string>(actions: readonly A[]): A[] => [
  ...actions.filter((a) => a !== 'refuse'),
  ...actions.filter((a) => a === 'refuse'),
]

/**
 * The actions the document's status allows that this reader may not take now, each with the
 * reason its policy answered (another validator's turn, four eyes, a setting): the page says why
 * rather than hiding them. Refusals for want of a role (FORBIDDEN) or of ownership (another's
 * report) are not listed: those actions are not the reader's.
 */
const NOT_THE_READERS: ReadonlySet<string> = new Set(['FORBIDDEN', 'ITEM_NOT_FOUND'])

export const RefusedActions = ({
  refused,
  label,
}: {
  refused: readonly RefusedAction[] | undefined
  label: (action: string) => string
}) => {
  const { t, i18n } = useTranslation()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  // One line per reason: "Validate, Refuse — …" when both wait on another validator.
  const byReason = new Map<string, string[]>()
  for (const { action, code, params } of refused ?? []) {
    if (!isErrorCode(code) || NOT_THE_READERS.has(code)) continue
    const reason = translate(code, params, language)
    byReason.set(reason, [...(byReason.get(reason) ?? []), label(action)])
  }
  if (byReason.size === 0) return null
  return (
    <ul className="pc-refused-actions" aria-label={t('decision.notAvailable')}>
      {[...byReason].map(([reason, actions]) => (
        <li key={reason}>
          <strong>{actions.join(', ')}</strong> — {reason}
        </li>
      ))}
    </ul>
  )
}
