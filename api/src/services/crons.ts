import type { Clock } from '../clock'
import type { Db } from '../db'
import type { Logger } from '../logger'
import { applyDeemedAcknowledgements } from './purchase-orders/acknowledgements'

type CronDeps = { db: Db; clock: Clock }

/** The scheduled jobs, by name: what each does and how it runs. */
export const CRONS = {
  acknowledgements: {
    description: 'Sent orders without an acknowledgement after 3 business days are deemed acknowledged',
    run: async (deps: CronDeps) => (await applyDeemedAcknowledgements(deps)).length,
  },
} as const
export type CronName = keyof typeof CRONS
export const CRON_NAMES = Object.keys(CRONS) as CronName[]

/** Runs the named jobs (all by default), answering how many items each changed. */
export const runCrons = async (deps: CronDeps, names: readonly CronName[] = CRON_NAMES) => {
  const results: Record<string, number> = {}
  for (const name of names) results[name] = await CRONS[name].run(deps)
  return results
}

/**
 * Runs every job now and then every `everyMs` (hourly by default) until stopped; failures are
 * logged. The stop function waits for a run in progress, so the database can close after it.
 */
export const scheduleCrons = (deps: CronDeps & { logger: Logger }, everyMs = 60 * 60 * 1000) => {
  let running: Promise<void> = Promise.resolve()
  const tick = () => {
    running = runCrons(deps).then(
      (results) => {
        const changed = Object.entries(results).filter(([, n]) => n > 0)
        if (changed.length > 0) deps.logger.info(`Crons: ${changed.map(([k, n]) => `${k} ${n}`).join(', ')}`)
      },
      (error: unknown) => deps.logger.error('Crons failed', error),
    )
  }
  tick()
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
