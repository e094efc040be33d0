import type { SettingField } from '@procura/core/settings'
import {
  type SettingGroup,
  type SettingsGroupAnswer,
  SettingsGroupsAnswerSchema,
  settingsGroupSchema,
} from '@procura/core/settings'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@procura/ui-kit/form-field'
import { Tabs } from '@procura/ui-kit/tabs'
import { useToasts } from '@procura/ui-kit/toasts'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import { useTab } from '../use-tab'

type Group = SettingsGroupAnswer

/** What a field's input shows of its value (a list as comma-separated text, nothing as empty). */
const shown = (value: unknown) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value)

/** The value a field's input holds, as the settings schema reads it; the server checks it. */
const read = (field: SettingField, form: FormData): unknown => {
  if (field.kind === 'flag') return form.get(field.key) === 'on'
  const raw = String(form.get(field.key) ?? '').trim()
  if (raw === '' && field.nullable) return null
  if (field.kind === 'number') return raw === '' ? raw : Number(raw.replace(',', '.'))
  if (field.kind === 'list') {
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
    return field.numbers ? items.map(Number) : items
  }
  return raw
}

/** settings: the customer settings by group (spec §2), each field with its bounds; a group is saved at once. */
export const SettingsPage = () => {
  const { t } = useTranslation()
  const [tab, setTab] = useTab('allocations')
  const answer = useAnswer('/bwapi/settings', SettingsGroupsAnswerSchema)
  if (answer.isError) return <ErrorState error={answer.error} />
  const groups = answer.data?.data.groups
  if (groups === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('admin.settings.title')}</h1>
      <Tabs
        label={t('admin.settings.title')}
        selected={tab}
        onSelect={setTab}
        items={groups.map((g) => ({
          id: g.group,
          label: t(`admin.settings.groups.${g.group}`),
          content: <GroupForm key={g.group} group={g} />,
        }))}
      />
    </section>
  )
}

const GroupForm = ({ group }: { group: Group }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange(['settings'])
  const { errors, message, busy, send } = useSubmit()
  const name = t(`admin.settings.groups.${group.group}`)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = Object.fromEntries(group.fields.map((f) => [f.key, read(f, form)]))
    const saved = await send(settingsGroupSchema(group.group as SettingGroup), body, async () => {
      await change.mutateAsync(() => apiFetch(`/bwapi/settings/${group.group}`, { method: 'PUT', body }))
    })
    if (saved) toasts.show('success', t('admin.settings.saved', { group: name }))
  }
  const hint = (field: SettingField) =>
    field.min !== undefined && field.max !== undefined
      ? t('admin.settings.bounds', { min: field.min, max: field.max })
      : field.max !== undefined
        ? t('admin.settings.upTo', { max: field.max })
        : field.min !== undefined && field.min > 0
          ? t('admin.settings.from', { min: field.min })
          : undefined
  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <FormAlert message={message} />
      {group.fields.map((field) => {
        const label = t(`admin.settings.${group.group}.${field.key}`)
        const value = group.values[field.key]
        if (field.kind === 'flag')
          return (
            <CheckboxField key={field.key} label={label} name={field.key} defaultChecked={value === true} />
          )
        if (field.kind === 'choice')
          return (
            <SelectField
              key={field.key}
              label={label}
              name={field.key}
              defaultValue={shown(value)}
              options={(field.options ?? []).map((o) => ({ value: o, label: o === '\t' ? 'Tab' : o }))}
              errors={errors[field.key] ?? []}
            />
          )
        const bounds = hint(field)
        return (
          <TextField
            key={field.key}
            label={label}
            name={field.key}
            defaultValue={shown(value)}
            {...(field.kind === 'number'
              ? { inputMode: field.integer ? ('numeric' as const) : ('decimal' as const) }
              : {})}
            {...(bounds === undefined ? {} : { hint: bounds })}
            errors={Object.entries(errors)
              .filter(([key]) => key === field.key || key.startsWith(`${field.key}.`))
              .flatMap(([, messages]) => messages)}
          />
        )
      })}
      <Button type="submit" loading={busy}>
        {t('admin.settings.save', { group: name })}
      </Button>
    </form>
  )
}
