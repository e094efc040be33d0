import { BankAnswersReadAnswerSchema } from '@procura/core/payment'
import { Button } from '@procura/ui-kit/button'
import { FormAlert } from '@procura/ui-kit/form-field'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FileField } from '../../forms/fields'
import { useChange } from '../../http/changes'
import { apiReadUpload } from '../../http/client'
import { useSubmit } from '../../http/use-submit'

type Summary = z.infer<typeof BankAnswersReadAnswerSchema>['data']

/** The bank's status report (pain.002): lines paid, rejected with the bank's reason, or blocked. */
export const BankAnswerUpload = () => {
  const { t } = useTranslation()
  const change = useChange(['payment'])
  const toasts = useToasts()
  const { errors, message, busy, run } = useSubmit()
  const [progress, setProgress] = useState<number | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = new FormData(form)
    const answer: { summary?: Summary } = {}
    const done = await run(() =>
      change
        .mutateAsync(() =>
          apiReadUpload('/bwapi/payment-groups/bank-answers', BankAnswersReadAnswerSchema, body, setProgress),
        )
        .then((r) => {
          answer.summary = r.data
        }),
    )
    setProgress(null)
    if (!done || answer.summary === undefined) return
    form.reset()
    const { paid, rejected, blocked, failed, unchanged } = answer.summary
    toasts.show('success', t('payments.answerDone', { paid, rejected, blocked, failed, unchanged }))
  }
  return (
    <section aria-labelledby="bank-answer-title">
      <h2 id="bank-answer-title">{t('payments.answerTitle')}</h2>
      <p>{t('payments.answerHelp')}</p>
      <form onSubmit={submit} noValidate>
        <FormAlert message={message} />
        <FileField
          label={t('payments.answerFile')}
          name="file"
          accept=".xml"
          progress={progress}
          errors={errors.file ?? []}
        />
        <Button type="submit" variant="secondary" loading={busy}>
          {t('payments.answerImport')}
        </Button>
      </form>
    </section>
  )
}
