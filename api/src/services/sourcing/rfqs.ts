/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

import { isPurchasing } from '@procura/core/auth'
import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import { eq } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { rfqs } from '../../db/schema'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail/mailer'
import { loadSettings } from '../settings'

export type RfqDeps = {
  db: Db
  clock: Clock
  mailer?: Mailer
  logger?: Logger
  linkBase?: string
  storageDir?: string
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
}
export type Answer<T> = Promise<Result<T, DomainError>>
export type RfqRow = typeof rfqs.$inferSelect

/** Buyers write and drive RFQs (theirs, or any when they see others' orders); purchasing staff read them. */
export const mayRead = (actor: OrderActor) => isPurchasing(actor)
/** A supplier's contact reaches the RFQs its company is invited to, once sent. */
export const contactSupplier = (actor: OrderActor, invited: readonly number[]) =>
  (actor.supplier_ids ?? []).find((id) => invited.includes(id))

export const loadRfq = (db: DbOrTx, id: number) => db.select().from(rfqs).where(eq(rfqs.id, id)).then(first)
export const todayOf = async (deps: { db: Db; clock: Clock }) =>
  isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)
