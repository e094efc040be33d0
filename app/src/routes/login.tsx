import { Button, ButtonLink } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, TextField } from '@procura/ui-kit/form-field'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { basePath } from '../base-path'
import { apiFetch, apiRead } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useSubmit } from '../http/use-submit'
import { setAuthenticated } from '../session/auth-flag'
import { FIRST_PAGE_ANSWERS } from '../session/first-page-answers'
import { CURRENT_USER_KEY, useResetSession } from '../session/session'

/** The sign-in's rules (core's), loaded when the form is sent: zod stays out of the first page. */
const LOGIN_INPUT = () => import('@procura/core/auth').then((m) => m.LoginInputSchema)

/** Router path of a redirect the server returns (it may include the base path). */
const routerPath = (redirect: string) => {
  const base = basePath()
  const path = base !== '' && redirect.startsWith(base) ? redirect.slice(base.length) : redirect
  return path === '' ? '/' : path
}

export const LoginPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const client = useQueryClient()
  const reset = useResetSession()
  const { errors, message, busy, send } = useSubmit()
  const infos = useAnswer('/bwapi/users/login-infos', FIRST_PAGE_ANSWERS.loginInfos)
  const ssoDone = params.get('sso') === 'done'
  // Back from the single sign-on provider with a session: take it up and go on.
  useEffect(() => {
    if (!ssoDone) return
    void apiRead('/bwapi/users/current', FIRST_PAGE_ANSWERS.currentUser).then((user) => {
      setAuthenticated(true)
      client.setQueryData(CURRENT_USER_KEY, user)
      navigate(routerPath(params.get('redirect') ?? '/'), { replace: true })
    })
  }, [ssoDone, client, navigate, params])
  const ssoError = params.get('sso_error')
  const ssoUrl = infos.data?.sso?.url ?? null
  const ssoLink =
    ssoUrl === null ? null : (
      <p>
        <ButtonLink
          variant="primary"
          href={`${ssoUrl}?redirect=${encodeURIComponent(params.get('redirect') ?? `${basePath()}/`)}`}
        >
          {t('login.sso')}
        </ButtonLink>
      </p>
    )

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = {
      login: String(form.get('login') ?? ''),
      password: String(form.get('password') ?? ''),
      remember: form.get('remember') === 'on',
      redirect: params.get('redirect'),
    }
    await send(LOGIN_INPUT, body, async () => {
      await apiFetch('/sanctum/csrf-cookie')
      const answer = await apiRead('/login', FIRST_PAGE_ANSWERS.signedIn, { method: 'POST', body })
      setAuthenticated(true)
      reset()
      client.setQueryData(CURRENT_USER_KEY, answer.user)
      navigate(routerPath(answer.redirect), { replace: true })
    })
  }

  // No user yet: the first-run setup instead (never once someone exists).
  if (infos.data?.setup_needed === true) return <Navigate to="/setup" replace />
  if (infos.data?.classic_login === false) {
    return (
      <main className="pc-login">
        <h1>{t('app.name')}</h1>
        <p role="status">{t('login.ssoOnly')}</p>
        {ssoError === null ? null : <FormAlert message={ssoError} />}
        {ssoLink}
      </main>
    )
  }
  return (
    <main className="pc-login">
      <h1>{t('app.name')}</h1>
      <p>{t('login.intro')}</p>
      {ssoError === null ? null : <FormAlert message={ssoError} />}
      {ssoLink}
      <form onSubmit={submit} noValidate>
        <FormAlert message={message} />
        <TextField
          label={t('login.login')}
          name="login"
          autoComplete="username"
          required
          errors={errors.login ?? []}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={errors.password ?? []}
        />
        <CheckboxField label={t('login.remember')} name="remember" />
        <Button type="submit" loading={busy}>
          {t('login.submit')}
        </Button>
      </form>
      <p>
        <Link to="/password-forgotten">{t('login.forgotten')}</Link>
      </p>
    </main>
  )
}
