import { dataOf } from '@procura/core/answer'
import type { Maintenance, ServerMessage } from '@procura/core/settings'
import {
  DataCheckAnswerSchema,
  type MaintenanceJobAnswer,
  MaintenanceSchema,
  MaintenanceScreenAnswerSchema,
  OrderDeletionInputSchema,
  ServerMessageSchema,
} from '@procura/core/settings'
import { Button } from '@procura/ui-kit/button'
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '@procura/ui-kit/form-field'
import { ConfirmDialog, Modal } from '@procura/ui-kit/modal'
import { Table } from '@procura/ui-kit/table'
import { useToasts } from '@procura/ui-kit/toasts'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useChange } from '../../http/changes'
import { apiFetch } from '../../http/client'
import { useAnswer } from '../../http/use-api'
import { useFormat } from '../../http/use-format'
import { useSubmit } from '../../http/use-submit'
import { ErrorState } from '../error-state'
import { useStatusLabel } from '../orders/use-status-label'
import { BackupsPanel } from './backups-panel'

const MaintenanceScreenRead = dataOf(MaintenanceScreenAnswerSchema)
const DataCheckRead = dataOf(DataCheckAnswerSchema)

type Job = MaintenanceJobAnswer
type Preview = {
  code: string
  versions: number
  status: string
  amount_exctax: string
  currency_code: string
}

const SCREEN = '/bwapi/maintenance'

/** maintenance (spec §2): maintenance mode, server messages, the jobs, the backups, the data accuracy check, deleting orders. */
export const MaintenancePage = () => {
  const { t } = useTranslation()
  const answer = useAnswer(SCREEN, MaintenanceScreenRead)
  if (answer.isError) return <ErrorState error={answer.error} />
  const screen = answer.data?.data
  if (screen === undefined) return <p role="status">{t('common.loading')}</p>
  return (
    <section>
      <h1>{t('admin.maintenance.title')}</h1>
      <ModeForm mode={screen.mode} />
      <ServerMessagesPanel messages={screen.server_messages} />
      <JobsPanel jobs={screen.jobs} />
      <BackupsPanel />
      <DataCheckPanel />
      <OrderDeletionPanel />
    </section>
  )
}

const ModeForm = ({ mode }: { mode: Maintenance }) => {
  const { t } = useTranslation()
  const toasts = useToasts()
  const change = useChange([SCREEN as `/bwapi/${string}`])
  const { errors, message, busy, send } = useSubmit()
  const [pending, setPending] = useState<Maintenance | null>(null)
  const save = async (body: Maintenance) => {
    const saved = await send(MaintenanceSchema, body, async () => {
      await change.mutateAsync(() => apiFetch(`${SCREEN}/mode`, { method: 'PUT', body }))
    })
    if (saved) toasts.show('success', body.enabled ? t('admin.maintenance.on') : t('admin.maintenance.off'))
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const delay = String(form.get('retry_after') ?? '').trim()
    const body = {
      enabled: form.get('enabled') === 'on',
      retry_after: delay === '' ? null : Number(delay),
      message: String(form.get('message') ?? '').trim() || null,
    }
    // Turning it on shuts everyone but the administrators out: asked first.
    if (body.enabled && !mode.enabled) setPending(body)
    else void save(body)
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="maintenance-mode">
      <h2 id="maintenance-mode">{t('admin.maintenance.mode')}</h2>
      <p>{t('admin.maintenance.modeHelp')}</p>
      <FormAlert message={message} />
      <CheckboxField label={t('admin.maintenance.enabled')} name="enabled" defaultChecked={mode.enabled} />
      <TextAreaField
        label={t('admin.maintenance.message')}
        name="message"
        rows={2}
        defaultValue={mode.message ?? ''}
        errors={errors.message ?? []}
      />
      <TextField
        label={t('admin.maintenance.retryAfter')}
        hint={t('admin.maintenance.retryAfterHint')}
        name="retry_after"
        inputMode="numeric"
        defaultValue={mode.retry_after === null ? '' : String(mode.retry_after)}
        errors={errors.retry_after ?? []}
      />
      <Button type="submit" loading={busy}>
        {t('admin.maintenance.saveMode')}
      </Button>
      <ConfirmDialog
        open={pending !== null}
        title={t('admin.maintenance.confirmOnTitle')}
        message={t('admin.maintenance.confirmOn')}
        confirmLabel={t('admin.maintenance.confirmOnButton')}
        cancelLabel={t('common.back')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const body = pending
          setPending(null)
          if (body !== null) void save(body)
        }}
      />
    </form>
  )
}

const ServerMessagesPanel = ({ messages }: { messages: ServerMessage[] }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const change = useChange([SCREEN as `/bwapi/${string}`, '/bwapi/header-infos'])
  const { errors, message, busy, run, send } = useSubmit()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const form = new FormData(element)
    const until = String(form.get('until') ?? '')
    const body = {
      body: String(form.get('body') ?? ''),
      type: String(form.get('type') ?? 'info'),
      // The local date and time typed, as an instant.
      until: until === '' ? null : new Date(until).toISOString(),
    }
    const saved = await send(ServerMessageSchema, body, async () => {
      await change.mutateAsync(() => apiFetch(`${SCREEN}/server-messages`, { method: 'POST', body }))
    })
    if (saved) element.reset()
  }
  const remove = (index: number) =>
    run(async () => {
      await change.mutateAsync(() => apiFetch(`${SCREEN}/server-messages/${index}`, { method: 'DELETE' }))
    })
  return (
    <section aria-labelledby="server-messages">
      <h2 id="server-messages">{t('admin.maintenance.messages')}</h2>
      {messages.length === 0 ? (
        <p>{t('admin.maintenance.noMessage')}</p>
      ) : (
        <ul className="pc-link-list">
          {messages.map((m, i) => (
            <li key={`${m.body}-${m.until ?? ''}`}>
              <strong>{t(`admin.maintenance.types.${m.type}`)}</strong> — {m.body}
              {m.until === null
                ? null
                : ` (${t('admin.maintenance.until', { date: format.dateTime(m.until) })})`}{' '}
              <Button variant="ghost" size="small" onClick={() => void remove(i)}>
                {t('admin.maintenance.takeDown', { message: m.body })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate aria-label={t('admin.maintenance.putUp')}>
        <FormAlert message={message} />
        <TextField label={t('admin.maintenance.body')} name="body" errors={errors.body ?? []} />
        <SelectField
          label={t('admin.maintenance.type')}
          name="type"
          defaultValue="info"
          options={['info', 'warning'].map((v) => ({ value: v, label: t(`admin.maintenance.types.${v}`) }))}
        />
        <TextField
          label={t('admin.maintenance.untilField')}
          hint={t('admin.maintenance.untilHint')}
          name="until"
          type="datetime-local"
          errors={errors.until ?? []}
        />
        <Button type="submit" loading={busy}>
          {t('admin.maintenance.putUp')}
        </Button>
      </form>
    </section>
  )
}

const JobsPanel = ({ jobs }: { jobs: Job[] }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const toasts = useToasts()
  const change = useChange([SCREEN as `/bwapi/${string}`])
  const [running, setRunning] = useState<string | null>(null)
  const runNow = async (name: string) => {
    setRunning(name)
    try {
      const answer = (await change.mutateAsync(() =>
        apiFetch(`${SCREEN}/jobs/${name}/run`, { method: 'POST', body: {} }),
      )) as { data: { changed: number | null; error: string | null } }
      const job = t(`admin.maintenance.jobs.${name}`)
      if (answer.data.error === null)
        toasts.show('success', t('admin.maintenance.ran', { job, count: answer.data.changed ?? 0 }))
      else toasts.show('error', t('admin.maintenance.failed', { job, error: answer.data.error }))
    } finally {
      setRunning(null)
    }
  }
  return (
    <section aria-labelledby="jobs">
      <h2 id="jobs">{t('admin.maintenance.jobsTitle')}</h2>
      <p>{t('admin.maintenance.jobsHelp')}</p>
      <Table
        columns={[
          {
            key: 'job',
            header: t('admin.maintenance.job'),
            rowHeader: true,
            cell: (job) => (
              <>
                {t(`admin.maintenance.jobs.${job.name}`)}
                <br />
                <small>{t(`admin.maintenance.jobHelp.${job.name}`)}</small>
              </>
            ),
          },
          {
            key: 'last_run',
            header: t('admin.maintenance.lastRun'),
            cell: (job) =>
              job.last_run === null
                ? t('admin.maintenance.never')
                : job.last_run.error === null
                  ? t('admin.maintenance.lastRunDone', {
                      date: format.dateTime(job.last_run.started_at),
                      count: job.last_run.changed ?? 0,
                    })
                  : t('admin.maintenance.lastRunFailed', {
                      date: format.dateTime(job.last_run.started_at),
                      error: job.last_run.error,
                    }),
          },
          {
            key: 'next_run',
            header: t('admin.maintenance.nextRun'),
            cell: (job) => format.dateTime(job.next_run_at),
          },
          {
            key: 'actions',
            header: <span className="pc-visually-hidden">{t('table.actions')}</span>,
            cell: (job) => (
              <Button
                variant="secondary"
                size="small"
                loading={running === job.name}
                onClick={() => void runNow(job.name)}
              >
                {t('admin.maintenance.runNow', { job: t(`admin.maintenance.jobs.${job.name}`) })}
              </Button>
            ),
          },
        ]}
        rows={jobs}
        rowKey={(job) => job.name}
      />
    </section>
  )
}

const DataCheckPanel = () => {
  const { t } = useTranslation()
  const [asked, setAsked] = useState(0)
  const answer = useAnswer(`${SCREEN}/data-check?run=${asked}`, DataCheckRead, { enabled: asked > 0 })
  const result = answer.data?.data
  return (
    <section aria-labelledby="data-check">
      <h2 id="data-check">{t('admin.maintenance.checkTitle')}</h2>
      <p>{t('admin.maintenance.checkHelp')}</p>
      <Button variant="secondary" loading={answer.isFetching} onClick={() => setAsked(asked + 1)}>
        {t('admin.maintenance.runCheck')}
      </Button>
      {answer.isError ? <ErrorState error={answer.error} /> : null}
      {result === undefined || answer.isFetching ? null : result.problems.length === 0 ? (
        <p role="status">{t('admin.maintenance.allAgree', result.checked)}</p>
      ) : (
        <>
          <p role="status">
            {t('admin.maintenance.someDisagree', { count: result.problems.length, ...result.checked })}
          </p>
          <Table
            columns={[
              {
                key: 'check',
                header: t('admin.maintenance.checkColumn'),
                cell: (d) => t(`admin.maintenance.checks.${d.problem.check}`),
              },
              {
                key: 'subject',
                header: t('admin.maintenance.subject'),
                cell: (d) =>
                  d.problem.link === null ? (
                    d.problem.subject
                  ) : (
                    <Link to={d.problem.link}>{d.problem.subject}</Link>
                  ),
              },
              { key: 'figure', header: t('admin.maintenance.figure'), cell: (d) => d.field },
              { key: 'kept', header: t('admin.maintenance.kept'), cell: (d) => d.kept },
              { key: 'expected', header: t('admin.maintenance.expected'), cell: (d) => d.expected },
            ]}
            rows={result.problems.flatMap((problem) => problem.disagreements.map((d) => ({ ...d, problem })))}
            rowKey={(d) => `${d.problem.check}-${d.problem.subject}-${d.field}`}
          />
        </>
      )}
    </section>
  )
}

const OrderDeletionPanel = () => {
  const { t } = useTranslation()
  const statusLabel = useStatusLabel()
  const format = useFormat()
  const toasts = useToasts()
  const change = useChange(['order'])
  const find = useSubmit()
  const remove = useSubmit()
  const [preview, setPreview] = useState<Preview | null>(null)
  const [confirming, setConfirming] = useState(false)
  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    setPreview(null)
    await find.run(async () => {
      const answer = (await apiFetch(`${SCREEN}/purchase-orders/${encodeURIComponent(code)}`)) as {
        data: Preview
      }
      setPreview(answer.data)
    })
  }
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (preview === null) return
    const typed = String(new FormData(event.currentTarget).get('confirm') ?? '')
    const body = { confirm: typed }
    const done = await remove.send(OrderDeletionInputSchema, body, async () => {
      await change.mutateAsync(() =>
        apiFetch(`${SCREEN}/purchase-orders/${encodeURIComponent(preview.code)}`, { method: 'DELETE', body }),
      )
    })
    if (done) {
      toasts.show('success', t('admin.maintenance.orderDeleted', { code: preview.code }))
      setConfirming(false)
      setPreview(null)
    }
  }
  return (
    <section aria-labelledby="delete-orders">
      <h2 id="delete-orders">{t('admin.maintenance.deleteTitle')}</h2>
      <p>{t('admin.maintenance.deleteHelp')}</p>
      <form onSubmit={lookUp} noValidate aria-label={t('admin.maintenance.find')}>
        <FormAlert message={find.message} />
        <TextField label={t('admin.maintenance.orderCode')} name="code" errors={find.errors.code ?? []} />
        <Button type="submit" variant="secondary" loading={find.busy}>
          {t('admin.maintenance.find')}
        </Button>
      </form>
      {preview === null ? null : (
        <div role="status">
          <p>
            {t('admin.maintenance.preview', {
              code: preview.code,
              versions: preview.versions,
              status: statusLabel(preview.status),
              amount: format.amount(preview.amount_exctax, preview.currency_code),
            })}
          </p>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('admin.maintenance.deleteOrder', { code: preview.code })}
          </Button>
        </div>
      )}
      <Modal
        title={t('admin.maintenance.deleteOrder', { code: preview?.code ?? '' })}
        open={confirming}
        onClose={() => setConfirming(false)}
        closeLabel={t('common.back')}
        size="small"
      >
        <form onSubmit={confirm} noValidate>
          <p>{t('admin.maintenance.confirmDelete', { code: preview?.code ?? '' })}</p>
          <FormAlert message={remove.message} />
          <TextField
            label={t('admin.maintenance.typeCode', { code: preview?.code ?? '' })}
            name="confirm"
            errors={remove.errors.confirm ?? []}
          />
          <Button type="submit" variant="danger" loading={remove.busy}>
            {t('admin.maintenance.deleteForGood')}
          </Button>
        </form>
      </Modal>
    </section>
  )
}
