import { EmailDecisionAnswerSchema, EmailDecisionDoneAnswerSchema } from '@procura/core/circuit'
import { Button, buttonClass } from '@procura/ui-kit/button'
import { FormAlert, TextAreaField } from '@procura/ui-kit/form-field'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ApiError, apiFetch, apiRead } from '../http/client'
import { useAnswer } from '../http/use-api'
import { useFormat } from '../http/use-format'

/**
 * A validation mail's "Validate" or "Refuse" link (GET/POST /bwapi/decision-links/{token}), signed
 * in or not: the document's key figures in the reader's language, on a phone-sized card, and one
 * button. Opening it changes nothing; only the button decides (docs/domain/validation-circuit.md).
 */
export const DecidePage = () => {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const token = useParams().token ?? ''
  const path = `/bwapi/decision-links/${encodeURIComponent(token)}`
  const link = useAnswer(path, EmailDecisionAnswerSchema)
  const [message, setMessage] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [warning, setWarning] = useState(false)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const language = link.data?.data.language
  // The reader's language, as the mail was written in.
  useEffect(() => {
    if (language !== undefined && language !== i18n.language) void i18n.changeLanguage(language)
  }, [language, i18n])

  if (link.isError) {
    const error = link.error
    return (
      <main className="pc-login pc-decide">
        <FormAlert message={error instanceof ApiError ? error.message : t('errors.network')} />
        <p>
          <Link to="/">{t('emailDecision.open')}</Link>
        </p>
      </main>
    )
  }
  if (link.data === undefined) return <p role="status">…</p>
  const answer = link.data.data
  const document = t(`emailDecision.document.${answer.model}`, { code: answer.code })

  const decide = async (event: FormEvent<HTMLFormElement>, confirm = false) => {
    event.preventDefault()
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '')
    setBusy(true)
    setMessage(null)
    setErrors({})
    try {
      await apiFetch('/sanctum/csrf-cookie')
      await apiRead(path, EmailDecisionDoneAnswerSchema, {
        method: 'POST',
        body: { ...(answer.decision === 'refuse' ? { reason } : {}), ...(confirm ? { confirm: true } : {}) },
      })
      setDone(true)
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.body.errors ?? {})
        setMessage(error.body.message ?? error.message)
        setWarning(error.body.code === 'BUDGET_OVERRUN_WARNING')
      } else setMessage(t('errors.network'))
    } finally {
      setBusy(false)
    }
  }
  const open =
    answer.page === null ? null : (
      <p>
        <Link className={buttonClass('secondary')} to={answer.page}>
          {t('emailDecision.open')}
        </Link>
      </p>
    )

  return (
    <main className="pc-login pc-decide">
      <h1>{t(`emailDecision.title.${answer.decision}`, { document })}</h1>
      <dl className="pc-decide__figures">
        {answer.title === null ? null : (
          <>
            <dt>{t('emailDecision.subject')}</dt>
            <dd>{answer.title}</dd>
          </>
        )}
        <dt>{t('emailDecision.amount')}</dt>
        <dd>{format.amount(answer.amount, answer.currency_code)}</dd>
        {answer.party === null ? null : (
          <>
            <dt>
              {t(answer.model === 'expense_report' ? 'emailDecision.employee' : 'emailDecision.supplier')}
            </dt>
            <dd>{answer.party}</dd>
          </>
        )}
        {answer.author === null ? null : (
          <>
            <dt>{t('emailDecision.author')}</dt>
            <dd>{answer.author}</dd>
          </>
        )}
        <dt>{t('emailDecision.step')}</dt>
        <dd>{t('emailDecision.stepOf', { step: answer.step, steps: answer.steps })}</dd>
      </dl>
      {done ? (
        <>
          <p role="status">
            {t(answer.decision === 'validate' ? 'emailDecision.validated' : 'emailDecision.refused', {
              document,
            })}
          </p>
          {open}
        </>
      ) : answer.problem !== null ? (
        <>
          <FormAlert message={answer.problem.message} />
          {open}
        </>
      ) : (
        <form onSubmit={(event) => void decide(event, warning)} noValidate>
          <p>{t('emailDecision.intro', { reader: answer.reader })}</p>
          <FormAlert message={message} />
          {answer.decision === 'refuse' ? (
            <TextAreaField
              label={t('emailDecision.reason')}
              name="reason"
              required
              rows={3}
              errors={errors.reason ?? []}
            />
          ) : null}
          <Button type="submit" variant={answer.decision === 'refuse' ? 'danger' : 'primary'} disabled={busy}>
            {warning
              ? t('emailDecision.anyway')
              : t(answer.decision === 'validate' ? 'emailDecision.validate' : 'emailDecision.refuse')}
          </Button>
          <p className="pc-decide__expiry">
            {t('emailDecision.expires', { date: format.dateTime(answer.expires_at) })}
          </p>
        </form>
      )}
    </main>
  )
}
