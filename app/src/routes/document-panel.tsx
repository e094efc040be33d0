import { rowsOf } from '@procura/core/answer'
import { AttachmentAnswerSchema, CommentAnswerSchema, CommentInputSchema } from '@procura/core/document'
import { formatFileSize } from '@procura/core/format'
import { isLanguage } from '@procura/core/i18n'
import { Button } from '@procura/ui-kit/button'
import { FormAlert, SelectField, TextAreaField } from '@procura/ui-kit/form-field'
import { ConfirmDialog } from '@procura/ui-kit/modal'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FileField } from '../forms/fields'
import { type Stale, useChange } from '../http/changes'
import { apiFetch, apiUpload } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useFormat } from '../http/use-format'
import { useSubmit } from '../http/use-submit'

const CommentsAnswer = rowsOf(CommentAnswerSchema)
const AttachmentsAnswer = rowsOf(AttachmentAnswerSchema)
type Attachment = z.infer<typeof AttachmentAnswerSchema>
const VIEWS = ['all', 'as_buyer', 'own'] as const

/**
 * The discussion and the files of a need or an order (`base` is its API path). Files show in
 * three views: all, as buyer (what the buyer added or was sent), own (what I added or was sent).
 */
export const DocumentPanel = ({
  base,
  recipients,
}: {
  base: string
  /** People a file may be meant for. */
  recipients: { id: number; label: string }[]
}) => (
  <div className="pc-document-panel">
    <Comments base={base} />
    <Attachments base={base} recipients={recipients} />
  </div>
)

/** When a comment or a file was added: the instance's time zone, the reader's format (as the history). */
const useWhen = () => useFormat().dateTime

const Comments = ({ base }: { base: string }) => {
  const { t } = useTranslation()
  const change = useChange([base as Stale])
  const when = useWhen()
  const comments = useAnswer(`${base}/comments`, CommentsAnswer)
  const { errors, message, busy, send } = useSubmit()
  const [body, setBody] = useState('')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const saved = await send(CommentInputSchema, { body }, async () => {
      await change.mutateAsync(() => apiFetch(`${base}/comments`, { method: 'POST', body: { body } }))
    })
    if (saved) {
      setBody('')
    }
  }
  return (
    <section aria-labelledby="comments-title">
      <h2 id="comments-title">{t('documents.comments')}</h2>
      {comments.data?.data.length === 0 ? <p>{t('documents.noComment')}</p> : null}
      <ol className="pc-comments">
        {comments.data?.data.map((c) => (
          <li key={c.id}>
            <p className="pc-comments__meta">
              <strong>{c.author}</strong> · <time dateTime={c.created_at}>{when(c.created_at)}</time>
            </p>
            <p>{c.body}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate>
        <FormAlert message={message} />
        <TextAreaField
          label={t('documents.newComment')}
          rows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          errors={errors.body ?? []}
        />
        <Button type="submit" size="small" loading={busy}>
          {t('documents.addComment')}
        </Button>
      </form>
    </section>
  )
}

/**
 * A document's files: list, download, attach (with upload progress), remove with confirmation.
 * Without `recipients` (a supplier contract) there are no views and no recipient to choose.
 * `stale`: what else an attached or removed file changes (a count shown elsewhere).
 */
export const Attachments = ({
  base,
  recipients,
  stale = [],
}: {
  base: string
  recipients?: { id: number; label: string }[]
  stale?: readonly Stale[]
}) => {
  const { t, i18n } = useTranslation()
  const change = useChange([base as Stale, ...stale])
  const when = useWhen()
  const [view, setView] = useState<(typeof VIEWS)[number]>('all')
  const [removing, setRemoving] = useState<Attachment | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const files = useAnswer(`${base}/attachments?view=${view}`, AttachmentsAnswer)
  const { errors, message, busy, run } = useSubmit()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = new FormData(form)
    const saved = await run(async () => {
      await change.mutateAsync(() => apiUpload(`${base}/attachments`, body, setProgress))
    })
    setProgress(null)
    if (saved) form.reset()
  }
  const remove = async (file: Attachment) => {
    setRemoving(null)
    await run(async () => {
      await change.mutateAsync(() => apiFetch(`${base}/attachments/${file.id}`, { method: 'DELETE' }))
    })
  }
  return (
    <section aria-labelledby="attachments-title">
      <h2 id="attachments-title">{t('documents.attachments')}</h2>
      {recipients === undefined ? null : (
        <fieldset className="pc-segmented">
          <legend className="pc-visually-hidden">{t('documents.view')}</legend>
          {VIEWS.map((v) => (
            <Button
              key={v}
              size="small"
              variant={v === view ? 'primary' : 'secondary'}
              aria-pressed={v === view}
              onClick={() => setView(v)}
            >
              {t(`documents.views.${v}`)}
            </Button>
          ))}
        </fieldset>
      )}
      {files.data?.data.length === 0 ? <p>{t('documents.noFile')}</p> : null}
      <ul className="pc-files">
        {files.data?.data.map((f) => (
          <li key={f.id}>
            <a href={`${base}/attachments/${f.id}`} download={f.name}>
              {f.name}
            </a>{' '}
            ({formatFileSize(f.size, language)}) — {f.author},{' '}
            <time dateTime={f.created_at}>{when(f.created_at)}</time>
            {f.removable ? (
              <Button size="small" variant="ghost" onClick={() => setRemoving(f)}>
                {t('documents.remove', { name: f.name })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <form onSubmit={upload} noValidate>
        <FormAlert message={message} />
        <FileField label={t('documents.file')} name="file" progress={progress} errors={errors.file ?? []} />
        {recipients === undefined ? null : (
          <SelectField
            label={t('documents.recipient')}
            name="recipient_id"
            options={[
              { value: '', label: '—' },
              ...recipients.map((r) => ({ value: String(r.id), label: r.label })),
            ]}
            errors={errors.recipient_id ?? []}
          />
        )}
        <Button type="submit" size="small" loading={busy}>
          {t('documents.attach')}
        </Button>
      </form>
      <ConfirmDialog
        title={t('documents.removeTitle')}
        message={t('documents.removeConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('documents.removeTitle')}
        cancelLabel={t('common.back')}
        open={removing !== null}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  )
}
