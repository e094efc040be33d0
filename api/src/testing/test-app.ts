import { join } from 'node:path'
import type { App } from '../app'
import { createApp } from '../app'
import { type Clock, fixedClock } from '../clock'
import type { ResponseProblem } from '../http/context'
import { memoryLogger } from '../logger'
import { createMailer } from '../mail/mailer'
import { seedReference } from '../services/seed'
import { instanceMailRoute } from '../services/settings'
import { TEST_NOW } from './fixture-copy'
import { createTestDatabase, type TestDatabase } from './test-database'

export type TestApp = TestDatabase & {
  app: App
  clock: Clock & { set: (iso: string) => void }
  logger: ReturnType<typeof memoryLogger>
  /** What the app pushed to users' WebSocket connections. */
  pushed: { userId: number; event: { type: string; payload?: unknown } }[]
  /** Answers that did not match their route's declared schema (close() fails on any). */
  responseProblems: ResponseProblem[]
}

/**
 * A test database holding the demo dataset (a copy of the run's `demo` fixture, or `demo-year`
 * with `history`: test-fixtures.ts) and the app over it, on a clock the test moves, starting at
 * the instant the demo was seeded (TEST_NOW).
 */
export const createTestApp = async (
  options: {
    basePath?: string
    appDist?: string | null
    smtpUrl?: string
    history?: boolean
    /** Compare answers with their declared schemas (on by default; benchmarks turn it off). */
    checkResponses?: boolean
    /** Turn Prometheus metrics on with this token. */
    metricsToken?: string
    /** A database holding only the reference data, no user (a first start with PROCURA_DEMO=0). */
    empty?: boolean
  } = {},
): Promise<TestApp> => {
  const database = await createTestDatabase(
    options.empty === true ? 'migrated' : options.history === true ? 'demo-year' : 'demo',
  )
  if (options.empty === true) await seedReference(database.db)
  let now = fixedClock(TEST_NOW).now()
  const clock = {
    now: () => now,
    set: (iso: string) => {
      now = new Date(iso)
    },
  }
  const logger = memoryLogger()
  const pushed: TestApp['pushed'] = []
  const responseProblems: ResponseProblem[] = []
  const app = createApp({
    ...(options.checkResponses === false ? {} : { responseProblems }),
    db: database.db,
    clock,
    logger,
    basePath: options.basePath ?? '/app',
    appDist: options.appDist ?? null,
    wsPort: 6001,
    storageDir: join(database.dir, 'files'),
    database,
    databaseUrl: database.url,
    metricsToken: options.metricsToken ?? null,
    mailer: createMailer({
      smtpUrl: options.smtpUrl,
      outboxDir: join(database.dir, 'outbox'),
      route: () => instanceMailRoute(database.db),
    }),
    notifyUser: (userId, event) => {
      pushed.push({ userId, event })
      return 1
    },
  })
  return {
    ...database,
    app,
    clock,
    logger,
    pushed,
    responseProblems,
    // Every API test ends here: an answer that broke its documented contract fails the test file.
    close: () => {
      const closed = database.close()
      if (responseProblems.length > 0)
        throw new Error(
          `Answers that do not match their documented schema:\n${responseProblems
            .map((p) => `${p.route} ${p.status}: ${p.issues}`)
            .join('\n')}`,
        )
      return closed
    },
  }
}
