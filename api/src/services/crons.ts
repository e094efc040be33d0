import type { Clock } from '../clock'
import type { Db } from '../db'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { deleteOldDecisionLinks } from './decision-links/decision-links'
import { mailActionsToDo } from './notifications/actions-digest'
import { nextNumbers } from './numbering'
import { runScheduledBackup } from './operations/scheduled-backups'
import { deleteOldRateWindows } from './platform/platform'
import { applyDeemedAcknowledgements } from './purchase-orders/acknowledgements'
import { readSetting, writeSetting } from './settings'
import { runAgreementsJob } from './sourcing/agreement-jobs'
import { runRfqsJob } from './sourcing/rfq-jobs'
import { updateSupplierStatuses } from './suppliers/supplier-approval'
import { updateContracts } from './suppliers/supplier-contracts'
import { updateSupplierStatistics } from './suppliers/supplier-figures'
import { expireSupplierFiles } from './suppliers/supplier-files'
import { deleteOldTraces } from './traces/traces'

/** The mailer is there when the server or the CLI can send mail (jobs that warn people use it). */
type CronDeps = {
  db: Db
  clock: Clock
  mailer?: Mailer
  linkBase?: string
  /** The backup job's: the database's URL (it opens its own connection) and the stored files. */
  databaseUrl?: string
  storageDir?: string
}

/** The scheduled jobs, by name: what each does and how it runs. */
export const CRONS = {
  acknowledgements: {
    description: 'Sent orders without an acknowledgement after 3 business days are deemed acknowledged',
    run: async (deps: CronDeps) => (await applyDeemedAcknowledgements(deps)).length,
  },
  supplier_statuses: {
    description:
      'Forced statuses past their date are lifted; suppliers whose approval ended go back to prospect',
    run: updateSupplierStatuses,
  },
  supplier_statistics: {
    description:
      'The suppliers whose figures are the oldest get their 12 months’ statistics, a batch per run',
    run: updateSupplierStatistics,
  },
  supplier_contracts: {
    description:
      'Contracts past their end are renewed when tacit, ended otherwise; managers are warned before the notice deadline',
    run: updateContracts,
  },
  supplier_files: {
    description:
      'Supplier documents past their validity date are disabled; managers are warned before they expire',
    run: expireSupplierFiles,
  },
  framework_agreements: {
    description:
      'Framework agreements past their end expire; their buyers are warned the notice days before (agreement_notice_days)',
    run: runAgreementsJob,
  },
  rfqs: {
    description: 'Requests for quotation past their reply day close; their buyers are told to compare them',
    run: runRfqsJob,
  },
  actions_to_do: {
    description:
      'On the notification weekdays, each user with actions waiting gets an e-mail digest (not again within the mail alert delay)',
    run: mailActionsToDo,
  },
  backups: {
    description:
      'The day’s backup once its hour has come (Settings → Backups: off by default), the oldest archives beyond the number kept deleted',
    run: runScheduledBackup,
  },
  traces: {
    description:
      'Traces older than the retention setting (trace_retention_days) are deleted, the API’s call counters of past minutes, and e-mail decision links expired a day ago',
    run: async (deps: CronDeps) =>
      (await deleteOldTraces(deps)) +
      (await deleteOldRateWindows(deps.db, deps.clock.now())) +
      (await deleteOldDecisionLinks(deps)),
  },
} as const
export type CronName = keyof typeof CRONS
export const CRON_NAMES = Object.keys(CRONS) as CronName[]

/** A job's last run, kept in the settings as `job:<name>` (the maintenance screen reads it). */
export type JobRun = { started_at: string; finished_at: string; changed: number | null; error: string | null }

/**
 * Runs the named jobs (all by default), answering how many items each changed. Each run is kept as
 * the job's last run, a failure with its error (and thrown on, after the run is kept).
 */
export const runCrons = async (deps: CronDeps, names: readonly CronName[] = CRON_NAMES) => {
  const results: Record<string, number> = {}
  for (const name of names) {
    const started = deps.clock.now()
    const keep = (changed: number | null, error: string | null) =>
      writeSetting(deps.db, deps.clock, `job:${name}`, {
        started_at: started.toISOString(),
        finished_at: deps.clock.now().toISOString(),
        changed,
        error,
      } satisfies JobRun)
    try {
      results[name] = await CRONS[name].run(deps)
    } catch (error) {
      await keep(null, error instanceof Error ? error.message : String(error))
      throw error
    }
    await keep(results[name] ?? 0, null)
  }
  return results
}

/** How often the server runs the jobs (one slot per hour across every server on the database). */
export const CRON_EVERY_MS = 60 * 60 * 1000

/** Each job with its last run and the next scheduled one (the next hour's slot, when a server runs). */
export const jobStatuses = async (db: Db, now: Date) =>
  Promise.all(
    CRON_NAMES.map(async (name) => ({
      name,
      description: CRONS[name].description,
      last_run: ((await readSetting(db, `job:${name}`)) as JobRun | undefined) ?? null,
      next_run_at: new Date((Math.floor(now.getTime() / CRON_EVERY_MS) + 1) * CRON_EVERY_MS).toISOString(),
    })),
  )

/**
 * Claims one schedule slot of the jobs for this server: the first server to advance the
 * `cron` counter for the slot runs them, the others (sharing the database) skip it. The same
 * atomic upsert as piece numbers, so it holds on both engines and across processes.
 */
export const claimSlot = async (db: Db, slot: number): Promise<boolean> => {
  const [claims] = await nextNumbers(db, 'cron', [`slot:${slot}`])
  return claims === 1
}

/**
 * Runs the jobs in each schedule slot (now, then every `everyMs`: hourly by default) until
 * stopped, once per slot across every server on the database; failures are logged. The stop
 * function waits for a run in progress, so the database can close after it.
 */
export const scheduleCrons = (deps: CronDeps & { logger: Logger }, everyMs = CRON_EVERY_MS) => {
  let running: Promise<void> = Promise.resolve()
  const tick = () => {
    const slot = Math.floor(deps.clock.now().getTime() / everyMs)
    running = claimSlot(deps.db, slot)
      .then(async (mine) => {
        if (!mine) return
        const results = await runCrons(deps)
        deps.logger.info(
          `Crons ran for slot ${slot}: ${Object.entries(results)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}`,
        )
      })
      .catch((error: unknown) => deps.logger.error('Crons failed', error))
  }
  tick()
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
