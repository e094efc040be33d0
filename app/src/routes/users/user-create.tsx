import { CreatedAnswerSchema } from '@procura/core/answer'
import { UserCreateFormAnswerSchema, UserCreateSchema } from '@procura/core/user'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Modal } from '@procura/ui-kit/modal'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useChange } from '../../http/changes'
import { apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'

/** users/create: the creation modal over the users list (spec §2). */
export const UserCreate = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const change = useChange(['user'])
  const toasts = useToasts()
  const choices = useAnswer('/bwapi/users/create', UserCreateFormAnswerSchema)
  const { errors, message, busy, send } = useSubmit()
  const close = () => navigate('/users')

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body = {
      login: f.get('login'),
      label: f.get('label'),
      email: f.get('email'),
      role: f.get('role'),
      language: f.get('language'),
      password: f.get('password'),
      password_confirmation: f.get('password_confirmation'),
    }
    await send(UserCreateSchema, body, async () => {
      const created = await change.mutateAsync(() =>
        apiRead('/bwapi/users', CreatedAnswerSchema, { method: 'POST', body }),
      )
      toasts.show('success', t('common.saved'))
      navigate(`/users/${created.data.id}/profile`)
    })
  }

  return (
    <Modal title={t('users.create')} open onClose={close} closeLabel={t('common.close')}>
      {choices.data === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormAlert message={message} />
          <TextField label={t('users.fields.login')} name="login" errors={errors.login ?? []} />
          <TextField label={t('users.fields.label')} name="label" errors={errors.label ?? []} />
          <TextField label={t('users.fields.email')} name="email" type="email" errors={errors.email ?? []} />
          <SelectField
            label={t('users.fields.role')}
            name="role"
            defaultValue="none"
            options={choices.data.roles}
            errors={errors.role ?? []}
          />
          <SelectField
            label={t('users.fields.language')}
            name="language"
            options={choices.data.languages}
            errors={errors.language ?? []}
          />
          <TextField
            label={t('users.fields.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            errors={errors.password ?? []}
          />
          <TextField
            label={t('users.fields.confirmPassword')}
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            errors={errors.password_confirmation ?? []}
          />
          <Button type="submit" loading={busy}>
            {t('users.create')}
          </Button>
        </form>
      )}
    </Modal>
  )
}
