import { ForgotSchema, ResetSchema } from '@procura/core/auth'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, TextField } from '@procura/ui-kit/form-field'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { z } from 'zod'
import { apiFetch } from '../http/client'
import { useSubmit } from '../http/use-submit'

/** One guest form posting to the API (after the CSRF cookie), with the server's errors in place. */
const useGuestForm = () => {
  const submission = useSubmit()
  const [done, setDone] = useState(false)
  const submit =
    (path: string, schema: z.ZodType, values: (form: FormData) => unknown) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const body = values(new FormData(event.currentTarget))
      await submission.send(schema, body, async () => {
        await apiFetch('/sanctum/csrf-cookie')
        await apiFetch(path, { method: 'POST', body })
        setDone(true)
      })
    }
  return { ...submission, done, submit }
}

export const ForgotPasswordPage = () => {
  const { t } = useTranslation()
  const form = useGuestForm()
  return (
    <main className="pc-login">
      <h1>{t('password.forgotTitle')}</h1>
      {form.done ? (
        <p role="status">{t('password.sent')}</p>
      ) : (
        <form
          onSubmit={form.submit('/forgot-password', ForgotSchema, (f) => ({
            login: String(f.get('login') ?? ''),
          }))}
          noValidate
        >
          <p>{t('password.forgotIntro')}</p>
          <FormAlert message={form.message} />
          <TextField
            label={t('password.loginOrEmail')}
            name="login"
            autoComplete="username"
            errors={form.errors.login ?? []}
          />
          <Button type="submit" loading={form.busy}>
            {t('password.send')}
          </Button>
        </form>
      )}
      <p>
        <Link to="/login">{t('password.backToLogin')}</Link>
      </p>
    </main>
  )
}

export const ResetPasswordPage = () => {
  const { t } = useTranslation()
  const { token = '' } = useParams()
  const form = useGuestForm()
  return (
    <main className="pc-login">
      <h1>{t('password.resetTitle')}</h1>
      {form.done ? (
        <p role="status">{t('password.resetDone')}</p>
      ) : (
        <form
          onSubmit={form.submit('/reset-password', ResetSchema, (f) => ({
            token,
            password: String(f.get('password') ?? ''),
            password_confirmation: String(f.get('password_confirmation') ?? ''),
          }))}
          noValidate
        >
          <FormAlert message={form.message} />
          <TextField
            label={t('users.fields.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            errors={form.errors.password ?? []}
          />
          <TextField
            label={t('users.fields.confirmPassword')}
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            errors={form.errors.password_confirmation ?? []}
          />
          <Button type="submit" loading={form.busy}>
            {t('common.save')}
          </Button>
        </form>
      )}
      <p>
        <Link to="/login">{t('password.backToLogin')}</Link>
      </p>
    </main>
  )
}
