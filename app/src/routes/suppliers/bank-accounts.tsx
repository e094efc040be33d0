import { rowsOf } from '@procura/core/answer'
import { BankAccountInputSchema } from '@procura/core/payment'
import {
  type BankAccountAnswer,
  BankAccountAnswerSchema,
  BankAccountSavedAnswerSchema,
} from '@procura/core/supplier'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { StatusBadge } from '@procura/ui-kit/status-badge'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'

const BankAccountRows = rowsOf(BankAccountAnswerSchema)

type Account = BankAccountAnswer

/**
 * The bank accounts of a supplier: a new or changed IBAN waits for a second person's validation
 * before it can be paid; whoever entered it cannot validate it.
 */
export const BankAccounts = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  const change = useChange(['supplier', 'payment'])
  const toasts = useToasts()
  const path = `${base}/bank-accounts`
  const accounts = useAnswer(path, BankAccountRows)
  const { errors, message, busy, send } = useSubmit()
  const [removing, setRemoving] = useState<Account | null>(null)
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work()
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const body = {
      account_number: f.get('account_number'),
      bic: String(f.get('bic') ?? '').trim() || null,
      holder_name: f.get('holder_name'),
      holder_country_code: String(f.get('holder_country_code') ?? '')
        .trim()
        .toUpperCase(),
      main: f.get('main') === 'on',
    }
    const done = await send(BankAccountInputSchema, body, () =>
      change
        .mutateAsync(() => apiRead(path, BankAccountSavedAnswerSchema, { method: 'POST', body }))
        .then((answer) => {
          const others = answer.data.shared_with ?? []
          if (others.length > 0)
            toasts.show('error', t('bankAccounts.sharedWith', { suppliers: others.join(', ') }))
        }),
    )
    if (!done) return
    form.reset()
  }
  return (
    <section aria-labelledby="bank-accounts-title">
      <h2 id="bank-accounts-title">{t('bankAccounts.title')}</h2>
      {(accounts.data?.data ?? []).length === 0 ? <p>{t('bankAccounts.none')}</p> : null}
      <ul>
        {(accounts.data?.data ?? []).map((a) => (
          <li key={a.id}>
            <strong>{a.account_number}</strong> {a.bic ? `(${a.bic})` : ''} — {a.holder_name}{' '}
            {a.main ? `· ${t('bankAccounts.main')} ` : ''}
            <StatusBadge
              status={
                a.status === 'validated' ? 'validated' : a.status === 'refused' ? 'refused' : 'awaiting'
              }
              label={t(`bankAccounts.statuses.${a.status}`)}
            />{' '}
            {(a.shared_with ?? []).length > 0 ? (
              <strong role="alert" className="pc-warning">
                {t('bankAccounts.sharedWith', { suppliers: (a.shared_with ?? []).join(', ') })}
              </strong>
            ) : null}{' '}
            {a.can_validate ? (
              <>
                <Button
                  size="small"
                  onClick={() =>
                    void act(() =>
                      change.mutateAsync(() =>
                        apiFetch(`${path}/${a.id}/validate`, { method: 'POST', body: {} }),
                      ),
                    )
                  }
                >
                  {t('bankAccounts.validate')}
                </Button>{' '}
                <Button
                  size="small"
                  variant="danger"
                  onClick={() =>
                    void act(() =>
                      change.mutateAsync(() =>
                        apiFetch(`${path}/${a.id}/validate`, { method: 'POST', body: { refuse: true } }),
                      ),
                    )
                  }
                >
                  {t('bankAccounts.refuse')}
                </Button>{' '}
              </>
            ) : a.status === 'pending_validation' ? (
              <span>{t('bankAccounts.waitsForOther', { name: a.changed_by_label })} </span>
            ) : null}
            {a.actions.includes('remove') ? (
              <Button size="small" variant="ghost" onClick={() => setRemoving(a)}>
                {t('bankAccounts.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate aria-label={t('bankAccounts.add')}>
        <FormAlert message={message} />
        <TextField
          label={t('bankAccounts.fields.accountNumber')}
          name="account_number"
          errors={errors.account_number ?? []}
        />
        <TextField label={t('bankAccounts.fields.bic')} name="bic" errors={errors.bic ?? []} />
        <TextField
          label={t('bankAccounts.fields.holderName')}
          name="holder_name"
          errors={errors.holder_name ?? []}
        />
        <TextField
          label={t('bankAccounts.fields.holderCountry')}
          name="holder_country_code"
          maxLength={2}
          errors={errors.holder_country_code ?? []}
        />
        <CheckboxField label={t('bankAccounts.main')} name="main" />
        <Button type="submit" variant="secondary" loading={busy}>
          {t('bankAccounts.add')}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={t('bankAccounts.remove')}
        message={t('bankAccounts.removeConfirm', { number: removing?.account_number ?? '' })}
        confirmLabel={t('bankAccounts.remove')}
        cancelLabel={t('common.back')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const account = removing
          setRemoving(null)
          if (account)
            void act(() => change.mutateAsync(() => apiFetch(`${path}/${account.id}`, { method: 'DELETE' })))
        }}
      />
    </section>
  )
}
