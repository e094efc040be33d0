import { rowsOf } from '@procura/core/answer'
import { DelegationInputSchema } from '@procura/core/circuit'
import { DelegationAnswerSchema } from '@procura/core/user'
import { Button } from '@procura/ui-kit/button'
import { FormAlert } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateInputField, DecimalField } from '../forms/fields'
import { useChange } from '../http/changes'
import { ApiError, apiFetch } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useFormat } from '../http/use-format'
import { useSubmit } from '../http/use-submit'
import { useCurrentUser } from '../session/session'
import { ErrorState } from './error-state'
import { type PickedUser, UserPicker } from './user-picker'

const DelegationRows = rowsOf(DelegationAnswerSchema)

/** delegations: the ones I gave (which I can end) and the ones given to me. */
export const DelegationsPage = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const user = useCurrentUser()
  const toasts = useToasts()
  const change = useChange(['delegation'])
  const list = useAnswer('/bwapi/delegations', DelegationRows)
  const { errors, message, busy, send } = useSubmit()
  const [delegate, setDelegate] = useState<PickedUser | null>(null)
  const [pickerKey, setPickerKey] = useState(0)
  if (list.isError) return <ErrorState error={list.error} />
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const date = (key: string) => (f.get(key) ? new Date(`${f.get(key)}T00:00:00`).toISOString() : '')
    const body = {
      delegate_login: delegate?.login ?? '',
      starts_at: date('starts_at'),
      ends_at: date('ends_at'),
      default_limit: f.get('default_limit') || null,
    }
    const done = await send(DelegationInputSchema, body, () =>
      change
        .mutateAsync(() => apiFetch('/bwapi/delegations', { method: 'POST', body }))
        .then(() => undefined),
    )
    if (!done) return
    form.reset()
    setPickerKey((k) => k + 1)
    setDelegate(null)
    toasts.show('success', t('common.saved'))
  }
  const end = async (id: number) => {
    try {
      await change.mutateAsync(() => apiFetch(`/bwapi/delegations/${id}`, { method: 'DELETE' }))
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  return (
    <section>
      <h1>{t('delegations.title')}</h1>
      <ul aria-label={t('delegations.title')}>
        {(list.data?.data ?? []).map((d) => (
          <li key={d.id}>
            {t('delegations.line', {
              delegator: d.delegator_label ?? d.delegator,
              delegate: d.delegate_label ?? d.delegate,
              from: format.date(d.starts_at),
              to: format.date(d.ends_at),
            })}
            {d.default_limit ? ` · ${t('delegations.limit', { limit: format.amount(d.default_limit) })}` : ''}{' '}
            {d.delegator === user.login ? (
              <Button variant="ghost" size="small" onClick={() => void end(d.id)}>
                {t('delegations.end')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate>
        <h2>{t('delegations.new')}</h2>
        <FormAlert message={message} />
        <UserPicker
          key={pickerKey}
          label={t('delegations.delegate')}
          hint={t('delegations.delegateHint')}
          emptyLabel={t('delegations.noUser')}
          onPick={setDelegate}
        />
        {errors.delegate_login ? <p className="pc-field__errors">{errors.delegate_login.join(' ')}</p> : null}
        <DateInputField label={t('delegations.from')} name="starts_at" errors={errors.starts_at ?? []} />
        <DateInputField label={t('delegations.to')} name="ends_at" errors={errors.ends_at ?? []} />
        <DecimalField
          label={t('delegations.defaultLimit')}
          name="default_limit"
          errors={errors.default_limit ?? []}
        />
        <Button type="submit" loading={busy}>
          {t('delegations.give')}
        </Button>
      </form>
    </section>
  )
}
