/**
 * Push mode of the lifecycle statuses (docs/domain/e-invoicing.md): with `api.status_push_url`
 * set, Procura posts each status of the outbox to the platform, oldest first, and marks it
 * delivered only on a 2xx answer. A failure stops the run (a later status never overtakes an
 * earlier one) and waits `statusPushDelayMs(attempts)` before the next try. A status whose answer
 * was lost is posted again with the same `Idempotency-Key`, so the platform keeps it once.
 */

import { STATUS_PUSH_MAX_RETRY_MS, statusPushDelayMs } from '@procura/core/invoice'
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { eInvoiceOutbox } from '../../db/schema'
import type { Logger } from '../../logger'
import { loadSettings } from '../settings'
import { cdarOf, type OutboxPayload } from './platform'

type Deps = { db: Db; clock: Clock; fetch?: typeof fetch }

/** A push that gets no answer in this time failed (the status is tried again later). */
const PUSH_TIMEOUT_MS = 10_000
/** How many statuses one run delivers at most (the next run goes on). */
const RUN_LIMIT = 500

/** Why a delivery failed, short enough to show on the maintenance screen. */
const failureOf = (error: unknown) =>
  (error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error)
  ).slice(0, 300)

/**
 * Pushes the statuses due, in order, answering how many were delivered. Does nothing in collect
 * mode (no push URL) or while the API is off. Each status is claimed before it is posted (a
 * conditional update that moves its next try past the timeout), so two servers on one database
 * never post the same status at once.
 */
export const pushStatuses = async (deps: Deps): Promise<number> => {
  const { api } = await loadSettings(deps.db)
  if (!api.enabled || api.status_push_url === null) return 0
  const post = deps.fetch ?? fetch
  let delivered = 0
  while (delivered < RUN_LIMIT) {
    const now = deps.clock.now()
    const due = or(isNull(eInvoiceOutbox.next_attempt_at), lte(eInvoiceOutbox.next_attempt_at, now))
    const [next] = await deps.db
      .select()
      .from(eInvoiceOutbox)
      .where(isNull(eInvoiceOutbox.acknowledged_at))
      .orderBy(asc(eInvoiceOutbox.id))
      .limit(1)
    // Nothing left, or the oldest is waiting for its retry: later statuses wait behind it.
    if (next === undefined) break
    const [claimed] = await deps.db
      .update(eInvoiceOutbox)
      .set({ next_attempt_at: new Date(now.getTime() + PUSH_TIMEOUT_MS * 2) })
      .where(and(eq(eInvoiceOutbox.id, next.id), isNull(eInvoiceOutbox.acknowledged_at), due))
      .returning({ id: eInvoiceOutbox.id })
    if (claimed === undefined) break
    const payload = next.payload as Record<string, unknown>
    let failure: string | null = null
    try {
      const cdar = api.status_push_format === 'cdar'
      const answer = await post(api.status_push_url, {
        method: 'POST',
        headers: {
          'content-type': cdar ? 'application/xml' : 'application/json',
          'idempotency-key': String(payload.idempotency_key ?? next.id),
          ...(api.status_push_token === null ? {} : { authorization: `Bearer ${api.status_push_token}` }),
        },
        body: cdar ? cdarOf(payload as OutboxPayload) : JSON.stringify({ id: next.id, ...payload }),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      })
      await answer.body?.cancel()
      if (!answer.ok) failure = `HTTP ${answer.status}`
    } catch (error) {
      failure = failureOf(error)
    }
    const attempts = next.attempts + 1
    const done = deps.clock.now()
    await deps.db
      .update(eInvoiceOutbox)
      .set(
        failure === null
          ? { acknowledged_at: done, attempts, next_attempt_at: null, last_error: null }
          : {
              attempts,
              next_attempt_at: new Date(done.getTime() + statusPushDelayMs(attempts)),
              last_error: failure,
            },
      )
      .where(eq(eInvoiceOutbox.id, next.id))
    if (failure !== null) break
    delivered += 1
  }
  return delivered
}

/**
 * Runs the push every `everyMs` (15 s by default) until stopped; a failure is logged, never
 * thrown. The stop function waits for a run in progress.
 */
export const schedulePushStatuses = (deps: Deps & { logger: Logger }, everyMs = 15_000) => {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const tick = () => {
    if (stopped) return
    running = running
      .then(() => pushStatuses(deps))
      .then((n) => {
        if (n > 0) deps.logger.info(`Lifecycle statuses pushed: ${n}`)
      })
      .catch((error: unknown) => deps.logger.error('Lifecycle status push failed', error))
  }
  const timer = setInterval(tick, Math.min(everyMs, STATUS_PUSH_MAX_RETRY_MS))
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
