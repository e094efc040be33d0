import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { demoHistory } from '@procura/fixtures/history'
import { createApp } from './app'
import { type Clock, systemClock } from './clock'
import type { ServerConfig } from './config'
import { migrateDatabase, openDatabase } from './db'
import { oneAtATime } from './db/postgres'
import { seedDemo } from './demo/seed-demo'
import { SESSION_COOKIE } from './http/cookies'
import { createLogger, type Logger, logFormatOf } from './logger'
import { createMailer } from './mail/mailer'
import { startEventBus } from './realtime/bus'
import { startRealtime } from './realtime/realtime'
import { loadSession } from './services/auth/session'
import { scheduleCrons } from './services/crons'
import { startNoticeSender } from './services/notifications/notice-queue'
import { warmSepaValidation } from './services/payments/sepa-validate'
import { schedulePushStatuses } from './services/platform/status-push'
import { isDatabaseEmpty, seedReference } from './services/seed'
import { instanceMailRoute } from './services/settings'

/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000

/**
 * Idle keep-alive sockets stay open longer than clients and load balancers keep theirs (60 s is
 * the usual balancer timeout); with Node's 5 s a client reusing a socket the server had just
 * closed would fail with ECONNRESET.
 */
export const keepConnectionsAlive = (server: unknown) => {
  const http = server as { keepAliveTimeout: number; headersTimeout: number }
  http.keepAliveTimeout = KEEP_ALIVE_MS
  http.headersTimeout = KEEP_ALIVE_MS + 1_000
}

const parseCookies = (header: string): Map<string, string> =>
  new Map(
    header
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length >= 2 && pair[0] !== '')
      .map(([key, ...rest]) => [key, decodeURIComponent(rest.join('='))]),
  )

export type RunningServer = {
  url: string
  appUrl: string
  port: number
  wsPort: number
  close: () => Promise<void>
}

/**
 * Opens (creating and migrating) the database, seeds reference data and, when asked and the
 * database is empty, the demo dataset; then serves HTTP on `port` and the WebSocket on `wsPort`.
 * The only place that listens.
 */
export const startServer = async (
  config: ServerConfig,
  options: { logger?: Logger; clock?: Clock; host?: string } = {},
): Promise<RunningServer> => {
  const logger = options.logger ?? createLogger({ format: logFormatOf(process.env) })
  const clock = options.clock ?? systemClock
  const host = options.host ?? '0.0.0.0'
  const database = await openDatabase(config.databaseUrl)
  try {
    // Servers starting together on one PostgreSQL database migrate and seed one after the other.
    await oneAtATime(database.db, 'startup', async () => {
      await migrateDatabase(database.db)
      await seedReference(database.db)
      if (config.demo) {
        const seeded = await seedDemo(
          database.db,
          clock,
          undefined,
          undefined,
          config.demoHistory ? { plan: demoHistory(), storageDir: config.storageDir } : null,
        )
        if (seeded.seeded)
          logger.info(
            `Demo dataset seeded (${seeded.users} users, ${seeded.needs} requests, ${seeded.orders} orders).`,
          )
      }
    })
  } catch (error) {
    database.close()
    throw error
  }

  const realtime = await startRealtime(config.wsPort, host, async (request) => {
    const token = parseCookies(request.headers.cookie ?? '').get(SESSION_COOKIE)
    const session = token === undefined ? null : await loadSession(database.db, clock, token)
    return session?.user.id ?? null
  })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    route: () => instanceMailRoute(database.db),
  })
  const bus = await startEventBus(database.db, realtime.sendToUser, logger)
  // Validation requests and decisions are told after the answer (and what another process or a
  // stopped server left in the queue, every few seconds).
  const notices = startNoticeSender(
    { db: database.db, clock, logger, mailer, notifyUser: bus.notifyUser },
    config.noticesEveryMs,
  )
  const app = createApp({
    notices,
    db: database.db,
    clock,
    logger,
    basePath: config.basePath,
    appDist: config.appDist,
    wsPort: realtime.port,
    notifyUser: bus.notifyUser,
    mailer,
    storageDir: config.storageDir,
    database,
    databaseUrl: config.databaseUrl,
    metricsToken: config.metricsToken,
  })

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: host }, () => resolve(s))
    s.once('error', reject)
    keepConnectionsAlive(s)
  }).catch(async (error: unknown) => {
    await realtime.close()
    database.close()
    throw error
  })
  const stopCrons = scheduleCrons({
    db: database.db,
    clock,
    logger,
    mailer,
    databaseUrl: config.databaseUrl,
    storageDir: config.storageDir,
  })
  // Compile the SEPA schemas now, in their worker, rather than in the first export's request.
  warmSepaValidation().catch((error: unknown) => logger.error('SEPA validation worker failed', error))
  const stopPush = schedulePushStatuses({ db: database.db, clock, logger }, config.statusPushEveryMs)
  const port = (server.address() as AddressInfo).port
  const url = `http://localhost:${port}`
  if (await isDatabaseEmpty(database.db))
    logger.info(
      `No user yet: open ${url}${config.basePath}/setup to set up the first administrator, or run \`procura init\`.`,
    )

  return {
    url,
    appUrl: `${url}${config.basePath}`,
    port,
    wsPort: realtime.port,
    close: async () => {
      await stopCrons()
      await stopPush()
      await notices.stop()
      await new Promise<void>((done) => {
        server.close(() => done())
        // Keep-alive connections would hold the close open.
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
      await bus.close()
      await realtime.close()
      await database.close()
    },
  }
}
