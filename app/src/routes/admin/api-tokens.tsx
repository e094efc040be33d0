import { ApiTokenInputSchema } from '@procura/core/auth'
import { type ApiTokenAnswer, ApiTokenMadeAnswerSchema, ApiTokensAnswerSchema } from '@procura/core/settings'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'

type Token = ApiTokenAnswer
const BASE = '/bwapi/api-tokens'
const SCOPES = ['e_invoices:write', 'statuses:read'] as const

/**
 * api-tokens: the machine clients' tokens (an e-invoicing platform, an integration): created with
 * their scopes and shown once, listed by their first characters with their last use, revoked.
 */
export const ApiTokensPage = () => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const change = useChange([BASE])
  const { errors, message, busy, run, send } = useSubmit()
  const [scopes, setScopes] = useState<string[]>([...SCOPES])
  const [label, setLabel] = useState('')
  const [shown, setShown] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<Token | null>(null)
  const answer = useAnswer(BASE, ApiTokensAnswerSchema)
  if (answer.isError) return <ErrorState error={answer.error} />
  const tokens = answer.data?.data
  const outbox = answer.data?.meta.outbox
  if (tokens === undefined || outbox === undefined) return <p role="status">{t('common.loading')}</p>
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { label, scopes }
    await send(ApiTokenInputSchema, body, async () => {
      const made = await change.mutateAsync(() =>
        apiRead(BASE, ApiTokenMadeAnswerSchema, { method: 'POST', body }),
      )
      setShown(made.data.token)
      setLabel('')
    })
  }
  return (
    <section>
      <h1>{t('admin.apiTokens.title')}</h1>
      <p>{t('admin.apiTokens.intro')}</p>
      <p role="status">
        {outbox.mode === 'push'
          ? t('admin.apiTokens.outboxPush', { url: outbox.push_url, count: outbox.waiting })
          : t('admin.apiTokens.outboxCollect', { count: outbox.waiting })}
        {outbox.last_error !== null && outbox.next_attempt_at !== null ? (
          <span className="pc-block pc-text--danger">
            {t('admin.apiTokens.outboxFailing', {
              error: outbox.last_error,
              date: format.dateTime(outbox.next_attempt_at),
            })}
          </span>
        ) : null}
      </p>
      <Table
        caption={t('admin.apiTokens.list')}
        columns={[
          {
            key: 'label',
            header: t('admin.apiTokens.label'),
            cell: (token) => (
              <>
                {token.label}
                <small className="pc-block">
                  {t('admin.apiTokens.createdBy', {
                    name: token.created_by,
                    date: format.date(token.created_at),
                  })}
                </small>
              </>
            ),
          },
          { key: 'token', header: t('admin.apiTokens.token'), cell: (token) => <code>{token.prefix}…</code> },
          {
            key: 'scopes',
            header: t('admin.apiTokens.scopes'),
            cell: (token) =>
              token.scopes.map((s) => t(`admin.apiTokens.scope.${s.replace(':', '_')}`)).join(', '),
          },
          {
            key: 'last_use',
            header: t('admin.apiTokens.lastUse'),
            cell: (token) =>
              token.revoked_at !== null
                ? t('admin.apiTokens.revokedOn', { date: format.date(token.revoked_at) })
                : token.last_used_at === null
                  ? t('admin.apiTokens.never')
                  : format.dateTime(token.last_used_at),
          },
          {
            key: 'actions',
            header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
            cell: (token) =>
              token.revoked_at === null ? (
                <Button size="small" variant="danger" onClick={() => setRevoking(token)}>
                  {t('admin.apiTokens.revoke', { label: token.label })}
                </Button>
              ) : null,
          },
        ]}
        rows={tokens}
        rowKey={(token) => token.id}
        empty={t('admin.apiTokens.empty')}
      />
      <form onSubmit={create} noValidate aria-labelledby="new-token">
        <h2 id="new-token">{t('admin.apiTokens.new')}</h2>
        <FormAlert message={message} />
        <TextField
          label={t('admin.apiTokens.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          errors={errors.label ?? []}
        />
        <fieldset>
          <legend>{t('admin.apiTokens.scopes')}</legend>
          {SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              label={t(`admin.apiTokens.scope.${scope.replace(':', '_')}`)}
              checked={scopes.includes(scope)}
              onChange={(e) =>
                setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))
              }
            />
          ))}
          {(errors.scopes ?? []).map((e) => (
            <p key={e} className="pc-text--danger">
              {e}
            </p>
          ))}
        </fieldset>
        <Button type="submit" loading={busy}>
          {t('admin.apiTokens.create')}
        </Button>
      </form>
      <Modal
        title={t('admin.apiTokens.shownTitle')}
        open={shown !== null}
        onClose={() => setShown(null)}
        closeLabel={t('common.close')}
      >
        <p>{t('admin.apiTokens.shownOnce')}</p>
        <p>
          <code data-testid="new-token">{shown}</code>
        </p>
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        title={t('admin.apiTokens.revoke', { label: revoking?.label ?? '' })}
        message={t('admin.apiTokens.revokeConfirm', { label: revoking?.label ?? '' })}
        confirmLabel={t('admin.apiTokens.revoke', { label: revoking?.label ?? '' })}
        cancelLabel={t('common.back')}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const token = revoking
          setRevoking(null)
          if (token !== null)
            void run(async () => {
              await change.mutateAsync(() =>
                apiFetch(`${BASE}/${token.id}/revoke`, { method: 'POST', body: {} }),
              )
              toasts.show('success', t('admin.apiTokens.revoked', { label: token.label }))
            })
        }}
      />
    </section>
  )
}
