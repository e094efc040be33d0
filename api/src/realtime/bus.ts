import { randomUUID } from 'node:crypto'
import type { Db } from '../db'
import { poolOf } from '../db/postgres'
import type { Logger } from '../logger'
import type { RealtimeEvent } from './realtime'

const CHANNEL = 'procura_events'

export type EventBus = {
  /** Sends to this user's connections here and, on PostgreSQL, on every other server. */
  notifyUser: (userId: number, event: RealtimeEvent) => number
  close: () => Promise<void>
}

/**
 * Real-time events across servers. On SQLite there is one server: events go to its own
 * connections. On PostgreSQL each server also publishes the event (NOTIFY) and listens on one
 * dedicated connection (LISTEN), delivering what other servers publish to its own browsers: a
 * browser connected to any server gets every event meant for its user, with no other server.
 */
export const startEventBus = async (
  db: Db,
  deliver: (userId: number, event: RealtimeEvent) => number,
  logger: Logger,
): Promise<EventBus> => {
  const pool = poolOf(db)
  if (pool === undefined) return { notifyUser: deliver, close: async () => undefined }
  const origin = randomUUID()
  const listener = await pool.connect()
  listener.on('notification', (message) => {
    try {
      const parsed = JSON.parse(message.payload ?? '{}') as {
        origin: string
        userId: number
        event: RealtimeEvent
      }
      if (parsed.origin !== origin) deliver(parsed.userId, parsed.event)
    } catch (error) {
      logger.error('A real-time event from another server could not be read', error)
    }
  })
  await listener.query(`LISTEN ${CHANNEL}`)
  return {
    notifyUser: (userId, event) => {
      const sent = deliver(userId, event)
      pool
        .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin, userId, event })])
        .catch((error: unknown) => logger.error('A real-time event could not be published', error))
      return sent
    },
    close: async () => {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined)
      listener.release()
    },
  }
}
