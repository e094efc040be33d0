import { ImportAnswerSchema, type ImportSummary } from '@procura/core/import'
import { Button } from '@procura/ui-kit/button'
import { FormAlert } from '@procura/ui-kit/form-field'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Stale, useChange } from '../http/changes'
import { apiReadUpload } from '../http/client'
import { useSubmit } from '../http/use-submit'
import { FileField } from './fields'

/**
 * The one import screen (articles, suppliers, contacts, bank accounts): a CSV file sent to an
 * import call of the one engine, first checked (`?dry_run=1`, nothing written) or imported (all or
 * nothing), with upload progress, the summary and the refused lines by number. `columns`: the
 * file's header, shown so that a file can be made by hand; `stale`: what an import changes.
 */
export const ImportForm = ({
  path,
  columns,
  help,
  stale,
}: {
  path: string
  columns: readonly string[]
  help: string
  stale: readonly Stale[]
}) => {
  const { t } = useTranslation()
  const change = useChange(stale)
  const { errors, message, busy, run } = useSubmit()
  const [summary, setSummary] = useState<ImportSummary | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  // Which button sent the form: a check writes nothing.
  const checkOnly = useRef(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = new FormData(event.currentTarget)
    const url = checkOnly.current ? `${path}?dry_run=1` : path
    setSummary(null)
    await run(async () => {
      const send = () => apiReadUpload(url, ImportAnswerSchema, body, setProgress)
      // A check reads nothing again: it changed nothing.
      const answer = checkOnly.current ? await send() : await change.mutateAsync(send)
      setSummary(answer.data)
    })
    setProgress(null)
  }
  return (
    <>
      <form onSubmit={submit} noValidate>
        <p>{help}</p>
        <p>
          {t('imports.columns')} <code className="pc-break">{columns.join(';')}</code>
        </p>
        <FormAlert message={message} />
        <FileField
          label={t('documents.file')}
          name="file"
          accept=".csv,text/csv"
          progress={progress}
          errors={errors.file ?? []}
        />
        <div className="pc-actions">
          <Button
            type="submit"
            variant="secondary"
            loading={busy && checkOnly.current}
            onClick={() => {
              checkOnly.current = true
            }}
          >
            {t('imports.check')}
          </Button>
          <Button
            type="submit"
            loading={busy && !checkOnly.current}
            onClick={() => {
              checkOnly.current = false
            }}
          >
            {t('imports.import')}
          </Button>
        </div>
      </form>
      {summary ? (
        <section aria-label={t('imports.summary')} role="status">
          <p>
            <strong>{summary.message}</strong>{' '}
            {summary.dry_run || summary.failed > 0
              ? null
              : t('imports.detail', { created: summary.created, updated: summary.updated })}
          </p>
          {summary.errors.length > 0 ? (
            <ul>
              {summary.errors.map((e) => (
                <li key={e.line}>{t('imports.line', { line: e.line, message: e.messages.join(' ') })}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </>
  )
}
