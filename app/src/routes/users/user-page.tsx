import { dataOf, OkAnswerSchema, rowsOf } from '@procura/core/answer'
import { NOTIFICATION_CHANNELS, NotificationChoicesSchema } from '@procura/core/notification'
import { InitInfosAnswerSchema } from '@procura/core/shell'
import {
  AUTHORIZATION_DIMENSIONS,
  NotificationChoiceAnswerSchema,
  PasswordChangeSchema,
  PERMISSION_CODES,
  PermissionsInputSchema,
  PreferencesInputSchema,
  ProfileInputSchema,
  UserCreateFormAnswerSchema,
  type UserPermissionsAnswer,
  UserPermissionsAnswerSchema,
  UserPreferencesAnswerSchema,
  UserProfileAnswerSchema,
} from '@procura/core/user'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet, useParams } from 'react-router'
import { FileField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { ApiError, apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { useCurrentUser } from '../../session/session'
import { ErrorState } from '../error-state'
import { useEditForm } from './use-edit-form'

const UserProfileRead = dataOf(UserProfileAnswerSchema)
const NotificationChoiceRows = rowsOf(NotificationChoiceAnswerSchema)
const UserPreferencesRead = dataOf(UserPreferencesAnswerSchema)

const useUserId = () => Number(useParams().id)

/** users/{id}: the tabs of a user (spec §2: profile, permissions, notifications, preferences, password). */
export const UserPage = () => {
  const { t } = useTranslation()
  const id = useUserId()
  const me = useCurrentUser()
  const manages = me.permissions.includes('manage_users')
  const tabs = ['profile', ...(manages ? ['permissions'] : []), 'notifications', 'preferences', 'password']
  // Titled with the person's name (the profile the first tab reads anyway), not a number.
  const profile = useAnswer(`/bwapi/users/${id}/profile`, UserProfileRead)
  const person = profile.data?.data
  return (
    <section>
      <h1>{person === undefined ? t('common.loading') : `${person.label} (${person.login})`}</h1>
      <nav className="pc-tabs" aria-label={t('users.sections')}>
        {tabs.map((tab) => (
          <NavLink key={tab} to={`/users/${id}/${tab}`}>
            {t(`users.tabs.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  )
}

export const ProfileTab = () => {
  const { t } = useTranslation()
  const form = useEditForm(`/bwapi/users/${useUserId()}/profile`, {
    schema: ProfileInputSchema,
    answer: UserProfileAnswerSchema,
  })
  if (form.loaded.isError) return <ErrorState error={form.loaded.error} />
  if (!form.loaded.data) return <p role="status">{t('common.loading')}</p>
  const data = form.loaded.data.data
  return (
    <form onSubmit={form.submit((f) => ({ label: f.get('label'), email: f.get('email') }))} noValidate>
      <FormAlert message={form.message} />
      <TextField label={t('users.fields.login')} value={data.login} readOnly />
      <TextField
        label={t('users.fields.label')}
        name="label"
        defaultValue={data.label}
        errors={form.errors.label ?? []}
      />
      <TextField
        label={t('users.fields.email')}
        name="email"
        type="email"
        defaultValue={data.email}
        errors={form.errors.email ?? []}
      />
      <Button type="submit" loading={form.busy}>
        {t('common.save')}
      </Button>
      <SignatureField userId={data.id} hasSignature={data.signature} />
    </form>
  )
}

/** The signature image: shown when there is one, replaced by uploading another. */
const SignatureField = ({ userId, hasSignature }: { userId: number; hasSignature: boolean }) => {
  const { t } = useTranslation()
  const change = useChange(['user'])
  const [errors, setErrors] = useState<string[]>([])
  const [version, setVersion] = useState(0)
  const upload = async (file: File | undefined) => {
    if (file === undefined) return
    const body = new FormData()
    body.set('signature', file)
    setErrors([])
    try {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/users/${userId}/profile-signature`, { method: 'POST', body }),
      )
      setVersion((v) => v + 1)
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? (error.body.errors?.signature ?? [error.body.message ?? error.message])
          : [t('errors.network')],
      )
    }
  }
  return (
    <fieldset>
      <legend>{t('users.fields.signature')}</legend>
      {hasSignature ? (
        <img
          src={`/bwapi/users/${userId}/profile-signature?v=${version}`}
          alt={t('users.fields.signature')}
          height={80}
        />
      ) : null}
      <FileField
        label={t('users.fields.signatureFile')}
        accept="image/png,image/jpeg,image/gif,image/webp"
        errors={errors}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
    </fieldset>
  )
}

export const PreferencesTab = () => {
  const { t } = useTranslation()
  const init = useAnswer('/bwapi/init-infos', InitInfosAnswerSchema)
  const form = useEditForm(`/bwapi/users/${useUserId()}/preferences`, {
    answer: UserPreferencesAnswerSchema,
    schema: PreferencesInputSchema,
  })
  if (form.loaded.isError) return <ErrorState error={form.loaded.error} />
  if (!form.loaded.data) return <p role="status">{t('common.loading')}</p>
  const data = form.loaded.data.data
  return (
    <form
      onSubmit={form.submit((f) => ({
        language: f.get('language'),
        currency_code: f.get('currency_code') || null,
        price_display_inctax: f.get('price_display_inctax') === 'on',
        notifications: data.notifications,
      }))}
      noValidate
    >
      <FormAlert message={form.message} />
      <SelectField
        label={t('users.fields.language')}
        name="language"
        defaultValue={data.language}
        options={(init.data?.languages ?? []).map((l) => ({ value: l.code, label: l.label }))}
        errors={form.errors.language ?? []}
      />
      <SelectField
        label={t('users.fields.currency')}
        name="currency_code"
        defaultValue={data.currency_code ?? ''}
        options={[
          { value: '', label: '—' },
          ...(init.data?.currencies ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.label}` })),
        ]}
        errors={form.errors.currency_code ?? []}
      />
      <CheckboxField
        label={t('shell.pricesIncTax')}
        name="price_display_inctax"
        defaultChecked={data.price_display_inctax}
      />
      <Button type="submit" loading={form.busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

/** The e-mail notifications a user wants; kept with the preferences. */
const CHANNELS = NOTIFICATION_CHANNELS

/**
 * users/{id}/notifications: where each kind of notification reaches the person (in the app, by
 * e-mail, both, none) and whether the e-mail digest of their actions to do comes.
 */
export const NotificationsTab = () => {
  const { t } = useTranslation()
  const id = useUserId()
  const toasts = useToasts()
  const change = useChange(['user'])
  const choices = useAnswer(`/bwapi/users/${id}/notifications`, NotificationChoiceRows)
  const preferences = useAnswer(`/bwapi/users/${id}/preferences`, UserPreferencesRead)
  const { message, busy, send } = useSubmit()
  if (choices.isError) return <ErrorState error={choices.error} />
  if (preferences.isError) return <ErrorState error={preferences.error} />
  const kinds = choices.data?.data
  const current = preferences.data?.data
  if (kinds === undefined || current === undefined) return <p role="status">{t('common.loading')}</p>
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const channels = Object.fromEntries(kinds.map((k) => [k.kind, String(f.get(`channel-${k.kind}`))]))
    const saved = await send(NotificationChoicesSchema, channels, async () => {
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/users/${id}/notifications`, { method: 'PUT', body: channels }),
      )
      await change.mutateAsync(() =>
        apiFetch(`/bwapi/users/${id}/preferences`, {
          method: 'POST',
          body: {
            ...current,
            notifications: { ...current.notifications, actions_to_do: f.get('actions_to_do') === 'on' },
          },
        }),
      )
    })
    if (saved) toasts.show('success', t('common.saved'))
  }
  return (
    <form onSubmit={submit} aria-labelledby="notification-choices">
      <h2 id="notification-choices">{t('users.notifications.title')}</h2>
      <FormAlert message={message} />
      <div className="pc-form-grid">
        {kinds.map((k) => (
          <SelectField
            key={k.kind}
            label={t(`users.notifications.kinds.${k.kind}`)}
            name={`channel-${k.kind}`}
            defaultValue={k.channel}
            options={CHANNELS.map((c) => ({ value: c, label: t(`users.notifications.channels.${c}`) }))}
          />
        ))}
      </div>
      <CheckboxField
        label={t('users.notifications.actions_to_do')}
        name="actions_to_do"
        defaultChecked={current.notifications.actions_to_do ?? true}
      />
      <Button type="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

type Permissions = UserPermissionsAnswer
/** Every permission a user may hold of their own (core's list): a save keeps what it does not show. */
const PERMISSIONS = PERMISSION_CODES

type Authorization = Permissions['authorizations'][number] & { key: number }
let nextKey = 1

export const PermissionsTab = () => {
  const { t } = useTranslation()
  const create = useAnswer('/bwapi/users/create', UserCreateFormAnswerSchema)
  const form = useEditForm(`/bwapi/users/${useUserId()}/permissions`, {
    answer: UserPermissionsAnswerSchema,
    schema: PermissionsInputSchema,
  })
  const [rows, setRows] = useState<Authorization[] | null>(null)
  const loaded = form.loaded.data?.data.authorizations
  // Keyed once per load, so a row keeps its inputs while it is typed in.
  const initial = useMemo(() => (loaded ?? []).map((a) => ({ ...a, key: nextKey++ })), [loaded])
  if (form.loaded.isError) return <ErrorState error={form.loaded.error} />
  if (!form.loaded.data) return <p role="status">{t('common.loading')}</p>
  const data = form.loaded.data.data
  const authorizations = rows ?? initial
  const change = (key: number, patch: Partial<Authorization>) =>
    setRows(authorizations.map((a) => (a.key === key ? { ...a, ...patch } : a)))
  return (
    <form
      onSubmit={form.submit((f) => ({
        role: f.get('role'),
        active: f.get('active') === 'on',
        buyer: f.get('buyer') === 'on',
        can_view_other_po: f.get('can_view_other_po') === 'on',
        permissions: PERMISSIONS.filter((p) => f.get(`permission_${p}`) === 'on'),
        authorizations: authorizations.map(({ dimension, value_code, access }) => ({
          dimension,
          value_code: value_code === null || value_code.trim() === '' ? null : value_code.trim(),
          access,
        })),
      }))}
    >
      <FormAlert message={form.message} />
      <SelectField
        label={t('users.fields.role')}
        name="role"
        defaultValue={data.role}
        options={create.data?.roles ?? [{ value: data.role, label: data.role }]}
        errors={form.errors.role ?? []}
      />
      <CheckboxField label={t('users.active')} name="active" defaultChecked={data.active} />
      <CheckboxField label={t('users.fields.buyer')} name="buyer" defaultChecked={data.buyer} />
      <CheckboxField
        label={t('users.fields.canViewOtherPo')}
        name="can_view_other_po"
        defaultChecked={data.can_view_other_po}
      />
      <fieldset>
        <legend>{t('users.fields.permissions')}</legend>
        {PERMISSIONS.map((p) => (
          <CheckboxField
            key={p}
            label={t(`users.permissions.${p}`)}
            name={`permission_${p}`}
            defaultChecked={data.permissions.includes(p)}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('users.authorizations.title')}</legend>
        <p className="pc-hint">{t('users.authorizations.help')}</p>
        {authorizations.map((a, i) => (
          <fieldset key={a.key} aria-label={t('users.authorizations.row', { n: i + 1 })}>
            <SelectField
              label={t('users.authorizations.dimension')}
              value={a.dimension}
              onChange={(e) => change(a.key, { dimension: e.currentTarget.value })}
              options={AUTHORIZATION_DIMENSIONS.map((d) => ({
                value: d,
                label: t(`users.authorizations.dimensions.${d}`),
              }))}
              errors={form.errors[`authorizations.${i}.dimension`] ?? []}
            />
            <TextField
              label={t('users.authorizations.code')}
              hint={t('users.authorizations.all')}
              value={a.value_code ?? ''}
              onChange={(e) => change(a.key, { value_code: e.currentTarget.value })}
              errors={form.errors[`authorizations.${i}.value_code`] ?? []}
            />
            <SelectField
              label={t('users.authorizations.access')}
              value={a.access}
              onChange={(e) => change(a.key, { access: e.currentTarget.value })}
              options={(['read', 'write'] as const).map((v) => ({
                value: v,
                label: t(`users.authorizations.${v}`),
              }))}
            />
            <Button
              size="small"
              variant="ghost"
              onClick={() => setRows(authorizations.filter((x) => x.key !== a.key))}
            >
              {t('users.authorizations.remove', { n: i + 1 })}
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          onClick={() =>
            setRows([
              ...authorizations,
              { key: nextKey++, dimension: 'company', value_code: null, access: 'write' },
            ])
          }
        >
          {t('users.authorizations.add')}
        </Button>
      </fieldset>
      <Button type="submit" loading={form.busy}>
        {t('common.save')}
      </Button>
    </form>
  )
}

export const PasswordTab = () => {
  const { t } = useTranslation()
  const id = useUserId()
  const own = useCurrentUser().id === id
  const form = useEditForm(`/bwapi/users/${id}/password`, {
    answer: OkAnswerSchema,
    load: false,
    schema: PasswordChangeSchema,
  })
  return (
    <form
      onSubmit={form.submit((f) => ({
        ...(own ? { current_password: String(f.get('current_password') ?? '') } : {}),
        password: f.get('password'),
        password_confirmation: f.get('password_confirmation'),
      }))}
      noValidate
    >
      <FormAlert message={form.message} />
      {own ? (
        <TextField
          label={t('users.fields.currentPassword')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          errors={form.errors.current_password ?? []}
        />
      ) : null}
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
  )
}
