import { rowsOf } from '@procura/core/answer'
import {
  MailPreviewAnswerSchema,
  type MailTemplateAnswer,
  MailTemplateAnswerSchema,
  MailTemplateInputSchema,
  type MailTemplateTextAnswer,
} from '@procura/core/mail-template'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { Tabs } from '@procura/ui-kit/tabs'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, Fragment, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useChange } from '../../http/changes'
import { apiFetch, apiRead } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import { useTab } from '../use-tab'

const MailTemplateRows = rowsOf(MailTemplateAnswerSchema)

type Text = MailTemplateTextAnswer
type Template = MailTemplateAnswer
const BASE = '/bwapi/mail-templates'

/**
 * mail-templates: every mail Procura sends, chosen from a list; per language its subject and
 * content with the variables it offers, a preview written with example values, save, and back to
 * the product's own text.
 */
export const MailTemplatesPage = () => {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const [tab, setTab] = useTab('en')
  const answer = useAnswer(BASE, MailTemplateRows)
  if (answer.isError) return <ErrorState error={answer.error} />
  const list = answer.data?.data
  if (list === undefined) return <p role="status">{t('common.loading')}</p>
  const chosen = list.find((m) => m.key === params.get('mail')) ?? list[0]
  if (chosen === undefined) return null
  return (
    <section>
      <h1>{t('admin.mails.title')}</h1>
      <p>{t('admin.mails.intro')}</p>
      <SelectField
        label={t('admin.mails.mail')}
        name="mail"
        value={chosen.key}
        onChange={(event) =>
          setParams(
            (current) => {
              current.set('mail', event.target.value)
              return current
            },
            { replace: true },
          )
        }
        options={list.map((m) => ({ value: m.key, label: m.label }))}
      />
      <h2>{t('admin.mails.variables')}</h2>
      <dl className="pc-facts">
        {chosen.variables.map((v) => (
          <Fragment key={v.name}>
            <dt>
              <code>{`{${v.name}}`}</code>
            </dt>
            <dd>{v.description}</dd>
          </Fragment>
        ))}
      </dl>
      <Tabs
        label={t('admin.mails.languages')}
        selected={tab}
        onSelect={setTab}
        items={chosen.languages.map((text) => ({
          id: text.language,
          label: `${t(`admin.mails.language.${text.language}`)}${text.rewritten ? ` · ${t('admin.mails.rewritten')}` : ''}`,
          content: <TemplateForm key={`${chosen.key}-${text.language}`} mail={chosen} text={text} />,
        }))}
      />
    </section>
  )
}

const TemplateForm = ({ mail, text }: { mail: Template; text: Text }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange([BASE])
  const form = useRef<HTMLFormElement>(null)
  const { errors, message, busy, run, send } = useSubmit()
  const [preview, setPreview] = useState<{ subject: string; text: string } | null>(null)
  const [resetting, setResetting] = useState(false)
  const path = `${BASE}/${mail.key}/${text.language}`
  const body = () => {
    const f = new FormData(form.current ?? undefined)
    return { subject: String(f.get('subject') ?? ''), content: String(f.get('content') ?? '') }
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = body()
    const saved = await send(MailTemplateInputSchema, value, async () => {
      await change.mutateAsync(() => apiFetch(path, { method: 'PUT', body: value }))
    })
    if (saved) toasts.show('success', t('admin.mails.saved', { mail: mail.label }))
  }
  const showPreview = () =>
    send(MailTemplateInputSchema, body(), async () => {
      const answer = await apiRead(`${path}/preview`, MailPreviewAnswerSchema, {
        method: 'POST',
        body: body(),
      })
      setPreview(answer.data)
    })
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={`${mail.label} (${text.language})`}>
      <FormAlert message={message} />
      <TextField
        label={t('admin.mails.subject')}
        name="subject"
        defaultValue={text.subject}
        errors={errors.subject ?? []}
      />
      <TextAreaField
        label={t('admin.mails.content')}
        name="content"
        rows={10}
        defaultValue={text.content}
        errors={errors.content ?? []}
      />
      <p className="pc-actions">
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>{' '}
        <Button variant="secondary" onClick={() => void showPreview()}>
          {t('admin.mails.preview')}
        </Button>{' '}
        {text.rewritten ? (
          <Button variant="ghost" onClick={() => setResetting(true)}>
            {t('admin.mails.reset')}
          </Button>
        ) : null}
      </p>
      {preview === null ? null : (
        <section aria-label={t('admin.mails.previewTitle')} className="pc-mail-preview">
          <h3>{t('admin.mails.previewTitle')}</h3>
          <p>
            <strong>{preview.subject}</strong>
          </p>
          <pre>{preview.text}</pre>
        </section>
      )}
      <ConfirmDialog
        open={resetting}
        title={t('admin.mails.reset')}
        message={t('admin.mails.resetConfirm', { mail: mail.label })}
        confirmLabel={t('admin.mails.reset')}
        cancelLabel={t('common.back')}
        onCancel={() => setResetting(false)}
        onConfirm={() => {
          setResetting(false)
          void run(async () => {
            await change.mutateAsync(() => apiFetch(path, { method: 'DELETE' }))
            toasts.show('success', t('admin.mails.resetDone', { mail: mail.label }))
          })
        }}
      />
    </form>
  )
}
