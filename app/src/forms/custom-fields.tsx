import { rowsOf } from '@procura/core/answer'
import type { CustomFieldDefinition } from '@procura/core/custom-field'
import { AttachmentAnswerSchema } from '@procura/core/document'
import { CheckboxField, SelectField, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { useAnswer } from '../http/use-api'
import { DateInputField, DecimalField } from './fields'

/** A document's custom value as its form holds it (the kept text; a string list, one per line). */
const Attachments = rowsOf(AttachmentAnswerSchema)

type Values = Readonly<Record<string, string>>

const nameOf = (code: string) => `custom.${code}`

/** The kept text of a string list as lines, of a period as its two days. */
const listLines = (value: string | undefined) => {
  if (value === undefined) return ''
  try {
    return (JSON.parse(value) as string[]).join('\n')
  } catch {
    return value
  }
}

/**
 * The custom fields of a document's form (core/custom-field), one input per type; the server checks
 * every value. A file is one of the document's attachments, chosen once the document is saved
 * (spec §5: not before the first save). `attachments`: the document's attachments call.
 */
export const CustomFieldInputs = ({
  fields,
  values,
  errors,
  attachments,
}: {
  fields: readonly CustomFieldDefinition[]
  values: Values
  errors: Readonly<Record<string, string[]>>
  /** GET …/{id}/attachments of the saved document; null before its first save. */
  attachments: string | null
}) => {
  const { t } = useTranslation()
  const files = useAnswer(attachments ?? '/bwapi/none', Attachments, {
    enabled: attachments !== null && fields.some((f) => f.type === 'file'),
  })
  if (fields.length === 0) return null
  return (
    <fieldset>
      <legend>{t('customFields.legend')}</legend>
      {fields.map((field) => {
        const name = nameOf(field.code)
        const value = values[field.code]
        const common = {
          label: field.required ? `${field.label} *` : field.label,
          name,
          errors: errors[name] ?? [],
        }
        switch (field.type) {
          case 'boolean':
            return <CheckboxField key={field.code} {...common} defaultChecked={value === '1'} />
          case 'choice':
            return (
              <SelectField
                key={field.code}
                {...common}
                defaultValue={value ?? ''}
                options={[{ value: '', label: '—' }, ...field.options.map((o) => ({ value: o, label: o }))]}
              />
            )
          case 'date':
            return <DateInputField key={field.code} {...common} defaultValue={value ?? ''} />
          case 'markup':
          case 'number':
            return (
              <DecimalField
                key={field.code}
                {...common}
                defaultValue={value ?? ''}
                {...(field.type === 'markup' ? { hint: t('customFields.markupHint') } : {})}
              />
            )
          case 'period': {
            const [from, to] = (value ?? '/').split('/')
            return (
              <fieldset key={field.code}>
                <legend>{common.label}</legend>
                <DateInputField
                  label={t('customFields.from')}
                  name={`${name}.from`}
                  defaultValue={from ?? ''}
                  errors={common.errors}
                />
                <DateInputField label={t('customFields.to')} name={`${name}.to`} defaultValue={to ?? ''} />
              </fieldset>
            )
          }
          case 'string_list':
            return (
              <TextAreaField
                key={field.code}
                {...common}
                rows={3}
                hint={t('customFields.listHint')}
                defaultValue={listLines(value)}
              />
            )
          case 'text':
          case 'long_text':
            return (
              <TextAreaField
                key={field.code}
                {...common}
                rows={field.type === 'text' ? 3 : 8}
                defaultValue={value ?? ''}
              />
            )
          case 'file':
            return attachments === null ? (
              <p key={field.code} className="pc-hint">
                {common.label}: {t('customFields.fileAfterSave')}
              </p>
            ) : (
              <SelectField
                key={field.code}
                {...common}
                hint={t('customFields.fileHint')}
                defaultValue={value ?? ''}
                options={[
                  { value: '', label: '—' },
                  ...(files.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
                ]}
              />
            )
          default:
            return (
              <TextField
                key={field.code}
                {...common}
                {...(field.type === 'email' ? { type: 'email' } : {})}
                {...(field.type === 'iso_code' ? { maxLength: 3, hint: t('customFields.isoHint') } : {})}
                defaultValue={value ?? ''}
              />
            )
        }
      })}
    </fieldset>
  )
}

/** The custom values of a submitted form, as the API reads them (blank: none). */
export const readCustomValues = (form: FormData, fields: readonly CustomFieldDefinition[]) =>
  Object.fromEntries(
    fields.map((field) => {
      const name = nameOf(field.code)
      if (field.type === 'boolean') return [field.code, form.get(name) === 'on']
      if (field.type === 'period') {
        const from = String(form.get(`${name}.from`) ?? '')
        const to = String(form.get(`${name}.to`) ?? '')
        return [field.code, from === '' && to === '' ? null : `${from}/${to}`]
      }
      const raw = String(form.get(name) ?? '').trim()
      if (field.type === 'string_list') return [field.code, raw.split('\n').filter((s) => s.trim() !== '')]
      return [field.code, raw === '' ? null : raw]
    }),
  )

/** A document's custom values on its page (inside its <dl>): each label and its text, dates in the reader's format. */
export const CustomValuesShown = ({
  custom,
  date,
}: {
  custom: readonly { code: string; label: string; type: string; value: string; text: string }[]
  date: (iso: string) => string
}) => (
  <>
    {custom.map((c) => (
      <Fragment key={c.code}>
        <dt>{c.label}</dt>
        <dd className={c.type === 'long_text' || c.type === 'text' ? 'pc-pre-line' : undefined}>
          {c.type === 'date' ? date(c.value) : c.text}
        </dd>
      </Fragment>
    ))}
  </>
)
