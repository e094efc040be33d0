import { FirstRunChoicesAnswerSchema, FirstRunDoneAnswerSchema, FirstRunSchema } from '@procura/core/settings'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { apiFetch, apiRead } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useSubmit } from '../http/use-submit'
import { setAuthenticated } from '../session/auth-flag'
import { CURRENT_USER_KEY, useResetSession } from '../session/session'

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim()
const optional = (form: FormData, name: string) => (text(form, name) === '' ? null : text(form, name))

/**
 * The first-run setup (GET/POST /bwapi/setup), shown while no user exists: the first administrator,
 * the company, how Procura is reached and where files go — the questions of `procura init`.
 */
export const SetupPage = () => {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const reset = useResetSession()
  const choices = useAnswer('/bwapi/setup', FirstRunChoicesAnswerSchema)
  const { errors, message, busy, send } = useSubmit()
  const [invite, setInvite] = useState(false)
  const [invitedTo, setInvitedTo] = useState<string | null>(null)
  // Set up here: on to the dashboard, whatever the setup's answer now says (closed).
  const [finished, setFinished] = useState(false)
  if (finished) return <Navigate to="/" replace />
  if (choices.data === undefined) return <p role="status">…</p>
  if (!choices.data.open && invitedTo === null) return <Navigate to="/login" replace />

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = {
      login: text(form, 'login'),
      label: text(form, 'label'),
      email: text(form, 'email'),
      language: text(form, 'language'),
      invite,
      password: invite ? '' : String(form.get('password') ?? ''),
      password_confirmation: invite ? '' : String(form.get('password_confirmation') ?? ''),
      company_code: text(form, 'company_code'),
      company_label: text(form, 'company_label'),
      currency_code: text(form, 'currency_code'),
      country_code: text(form, 'country_code'),
      public_url: optional(form, 'public_url'),
      smtp_url: optional(form, 'smtp_url'),
      mail_from: optional(form, 'mail_from'),
      file_storage: text(form, 'file_storage'),
    }
    await send(FirstRunSchema, body, async () => {
      await apiFetch('/sanctum/csrf-cookie')
      const done = await apiRead('/bwapi/setup', FirstRunDoneAnswerSchema, { method: 'POST', body })
      if (done.user === null) {
        setInvitedTo(body.email)
        return
      }
      // Signed in as the sign-in page does it (the shell then follows the user's language).
      setAuthenticated(true)
      reset()
      client.setQueryData(CURRENT_USER_KEY, done.user)
      setFinished(true)
    })
  }

  const field = (name: string) => errors[name] ?? []
  const { currencies, countries, languages } = choices.data
  return (
    <main className="pc-login pc-setup">
      <h1>{t('users.setup.title')}</h1>
      {invitedTo !== null ? (
        <p role="status">{t('users.setup.invited', { email: invitedTo })}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t('users.setup.intro')}</p>
          <FormAlert message={message} />
          <fieldset>
            <legend>{t('users.setup.administrator')}</legend>
            <TextField
              label={t('users.setup.login')}
              name="login"
              autoComplete="username"
              required
              errors={field('login')}
            />
            <TextField
              label={t('users.setup.label')}
              name="label"
              autoComplete="name"
              required
              errors={field('label')}
            />
            <TextField
              label={t('users.setup.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              errors={field('email')}
            />
            <SelectField
              label={t('users.setup.language')}
              name="language"
              defaultValue={languages.some((l) => l.value === i18n.language) ? i18n.language : 'en'}
              options={languages}
              errors={field('language')}
            />
            <CheckboxField
              label={t('users.setup.invite')}
              name="invite"
              checked={invite}
              onChange={(e) => setInvite(e.currentTarget.checked)}
            />
            {invite ? null : (
              <>
                <TextField
                  label={t('users.setup.password')}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  errors={field('password')}
                />
                <TextField
                  label={t('users.setup.passwordConfirmation')}
                  name="password_confirmation"
                  type="password"
                  autoComplete="new-password"
                  required
                  errors={field('password_confirmation')}
                />
              </>
            )}
          </fieldset>
          <fieldset>
            <legend>{t('users.setup.company')}</legend>
            <TextField
              label={t('users.setup.companyCode')}
              hint={t('users.setup.companyCodeHint')}
              name="company_code"
              required
              errors={field('company_code')}
            />
            <TextField
              label={t('users.setup.companyLabel')}
              name="company_label"
              autoComplete="organization"
              required
              errors={field('company_label')}
            />
            <SelectField
              label={t('users.setup.currency')}
              name="currency_code"
              defaultValue={currencies.some((c) => c.value === 'EUR') ? 'EUR' : currencies[0]?.value}
              options={currencies}
              errors={field('currency_code')}
            />
            <SelectField
              label={t('users.setup.country')}
              name="country_code"
              defaultValue={countries[0]?.value}
              options={countries}
              errors={field('country_code')}
            />
          </fieldset>
          <fieldset>
            <legend>{t('users.setup.reach')}</legend>
            <TextField
              label={t('users.setup.publicUrl')}
              hint={t('users.setup.publicUrlHint')}
              name="public_url"
              type="url"
              defaultValue={window.location.origin}
              errors={field('public_url')}
            />
            <TextField
              label={t('users.setup.smtpUrl')}
              hint={t('users.setup.smtpUrlHint')}
              name="smtp_url"
              errors={field('smtp_url')}
            />
            <TextField label={t('users.setup.mailFrom')} name="mail_from" errors={field('mail_from')} />
          </fieldset>
          <fieldset>
            <legend>{t('users.setup.files')}</legend>
            <SelectField
              label={t('users.setup.storage')}
              name="file_storage"
              defaultValue="folder"
              options={[
                { value: 'folder', label: t('users.setup.storageFolder') },
                { value: 'database', label: t('users.setup.storageDatabase') },
              ]}
              errors={field('file_storage')}
            />
          </fieldset>
          <Button type="submit" loading={busy}>
            {t('users.setup.submit')}
          </Button>
        </form>
      )}
    </main>
  )
}
