import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { preparedStatement } from '../../db/prepared'
import { referenceScope } from '../../db/reference-cache'
import { noticeQueue } from '../../db/schema'
import { notifyActionsToDo } from '../notify'
import {
  type DocumentToValidate,
  mailValidators,
  tellAuthor,
  type ValidationMailDeps,
} from '../validation-mail'

/** What people are to be told of a change, kept in the queue until it is told. */
export type Notice =
  | {
      type: 'validators'
      document: DocumentToValidate
      logins: string[]
      link_base: string
    }
  | {
      type: 'author'
      document: Pick<DocumentToValidate, 'model' | 'id' | 'code'>
      author_id: number
      decision: { outcome: 'approved' | 'refused'; by: string; reason: string | null }
      link_base: string
    }
  /** Their actions to do changed: refreshed over the real-time channel. */
  | { type: 'actions_to_do'; logins: string[]; ids: number[] }

/** How long a sender holds a notice it claimed; a sender that died lets it go after this. */
export const NOTICE_CLAIM_MS = 120_000
/** A notice whose telling failed this many times stays in the queue, no longer claimed. */
export const NOTICE_MAX_ATTEMPTS = 5
const BATCH = 50

/** Writes notices in the change's transaction (nothing for a notice that tells nobody). */
export const queueNotices = async (tx: DbOrTx, now: Date, notices: readonly Notice[]) => {
  const told = notices.filter((n) =>
    n.type === 'validators'
      ? n.logins.length > 0
      : n.type === 'actions_to_do'
        ? n.logins.length + n.ids.length > 0
        : true,
  )
  if (told.length === 0) return
  await tx.insert(noticeQueue).values(told.map((notice) => ({ notice, created_at: now })))
}

/**
 * Claims the oldest free notices (unclaimed, or their claim ended), at most BATCH, in one
 * statement built once. A notice still free when the update runs: another sender's claim in
 * between wins (on PostgreSQL the condition is checked again on the row it committed).
 */
const claimBatch = preparedStatement((db) => {
  const free = or(isNull(noticeQueue.claimed_until), lt(noticeQueue.claimed_until, sql.placeholder('now')))
  const oldest = db
    .select({ id: noticeQueue.id })
    .from(noticeQueue)
    .where(and(free, lt(noticeQueue.attempts, NOTICE_MAX_ATTEMPTS)))
    .orderBy(asc(noticeQueue.id))
    .limit(BATCH)
  return (
    db
      .update(noticeQueue)
      // Dates, bound by the driver as the condition's (milliseconds on SQLite, a timestamp on PostgreSQL).
      .set({ claimed_until: sql`${sql.placeholder('until')}` })
      .where(and(inArray(noticeQueue.id, oldest), free))
      .returning()
  )
})

const tell = async (deps: ValidationMailDeps, notice: Notice) => {
  if (notice.type === 'actions_to_do')
    await notifyActionsToDo(deps.db, deps.notifyUser, { logins: notice.logins, ids: notice.ids })
  else if (notice.type === 'validators')
    await mailValidators({ ...deps, linkBase: notice.link_base }, notice.document, notice.logins)
  else
    await tellAuthor(
      { ...deps, linkBase: notice.link_base },
      notice.document,
      notice.author_id,
      notice.decision,
    )
}

/**
 * Tells what waits in the queue, oldest first: a batch is claimed by one conditional update (two
 * senders never tell a notice twice), each notice told (notifications, real-time events, e-mails),
 * then the told ones deleted by one statement. A notice whose telling throws keeps its row with the
 * error and is claimed again when its claim ends, up to NOTICE_MAX_ATTEMPTS. A sender that dies
 * mid-batch leaves its notices claimed: they are told again when the claim ends (at least once,
 * never lost). Answers how many were told.
 */
export const sendQueuedNotices = async (deps: ValidationMailDeps): Promise<number> => {
  let told = 0
  for (;;) {
    const now = deps.clock.now()
    const claimed = await claimBatch(deps.db).execute({
      now,
      until: new Date(now.getTime() + NOTICE_CLAIM_MS),
    })
    if (claimed.length === 0) return told
    const done: number[] = []
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      try {
        await tell(deps, row.notice as Notice)
        done.push(row.id)
      } catch (error) {
        deps.logger?.error(`Notice ${row.id} could not be told`, error)
        await deps.db
          .update(noticeQueue)
          .set({ attempts: row.attempts + 1, last_error: String(error).slice(0, 500) })
          .where(eq(noticeQueue.id, row.id))
      }
    }
    if (done.length > 0) await deps.db.delete(noticeQueue).where(inArray(noticeQueue.id, done))
    told += done.length
    if (claimed.length < BATCH) return told
  }
}

/**
 * After a change whose notices are queued: the server's sender tells them once the request has
 * answered; without one (tests, the command line) they are told now, before the call returns.
 */
export const noticesQueued = async (deps: ValidationMailDeps) => {
  if (deps.notices !== undefined) deps.notices.kick()
  else await sendQueuedNotices(deps)
}

/**
 * The server's notice sender: a kick starts a run at once (one at a time; a kick during a run
 * asks for another), and a timer picks up what other processes queued or a dead sender left.
 */
export const startNoticeSender = (deps: ValidationMailDeps, everyMs: number) => {
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  const run = () => {
    if (stopped) return
    if (running !== null) {
      again = true
      return
    }
    // One run, one reference scope (as an HTTP request): settings, currencies and users from the
    // cache while the reference version holds.
    running = referenceScope(deps.db, () => sendQueuedNotices(deps))
      .then(() => undefined)
      .catch((error: unknown) => deps.logger?.error('Notice sender failed', error))
      .finally(() => {
        running = null
        if (again) {
          again = false
          run()
        }
      })
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  return {
    kick: () => setImmediate(run),
    stop: async () => {
      clearInterval(timer)
      stopped = true
      again = false
      await running
    },
  }
}
