import type { Language } from '@procura/core/i18n'
import type { ShopFetch } from '@procura/core/punchout'
import type { Maintenance } from '@procura/core/settings'
import type { Clock } from '../clock'
import type { Database, Db } from '../db'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import type { LoadedSession } from '../services/auth/session'

/** What createApp needs; tests pass a temporary database and a fixed clock. */
export type AppDeps = {
  db: Db
  clock: Clock
  logger: Logger
  /** "/app" (no trailing slash), or "" to serve the app at the root. */
  basePath: string
  /** The built web app (app/dist); null when the API runs without it. */
  appDist: string | null
  wsPort: number
  mailer: Mailer
  /** Uploaded files (signatures, attachments): ./data/files by default. */
  storageDir: string
  /** Pushes an event to a user's open WebSocket connections (a no-op without the channel). */
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
  /** The server's notice sender: validation requests and decisions are told after the answer. */
  notices?: { kick: () => void }
  /** Tests: every JSON answer is checked against its route's declared schema; misfits land here. */
  responseProblems?: ResponseProblem[]
  /** Where the database is (the backup job opens its own connection); none in tests that run no backup. */
  databaseUrl?: string
  /** The open database's raw side (its engine, raw statements): readiness reads its migration level. */
  database?: Pick<Database, 'client' | 'engine'>
  /** Prometheus metrics at /metrics for a scraper sending this bearer token (PROCURA_METRICS_TOKEN); off when null. */
  metricsToken?: string | null
  /** How Procura posts to suppliers' PunchOut shops (tests may route it); fetch with a 10 s timeout by default. */
  fetchShop?: ShopFetch
}

export type AppEnv = {
  Variables: {
    language: Language
    session: LoadedSession | null
    /** The maintenance mode as the session middleware read it (with the session, from its cache). */
    maintenance: Maintenance | undefined
    /** The request's id (X-Request-Id), on every log line of its work and in a 500's answer. */
    requestId: string
    /** deps.logger bound to this request's id. */
    log: Logger
    /** The instance's public address (settings), read for the calls that change something: links in mails. */
    publicUrl: string | null
  }
}

/** A JSON answer that did not match its route's declared schema (test-only check, http/openapi.ts). */
export type ResponseProblem = { route: string; status: number; issues: string }
