import { fileURLToPath } from 'node:url'

export type ServerConfig = {
  port: number
  databaseUrl: string
  basePath: string
  wsPort: number
  demo: boolean
  /** Seed a year of history with the demo (PROCURA_DEMO=1); PROCURA_DEMO=base seeds without it. */
  demoHistory: boolean
  smtpUrl: string | undefined
  outboxDir: string
  storageDir: string
  appDist: string
  /** How often the server pushes the e-invoice lifecycle statuses in push mode (ms). */
  statusPushEveryMs: number
  /** How often the notice sender looks for notices another process queued or left (ms). */
  noticesEveryMs: number
  /** The bearer token of GET /metrics (Prometheus); metrics are off without it. */
  metricsToken: string | null
}

const integer = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`${name} must be a port number between 0 and 65535 (got "${value}").`)
  }
  return n
}

const milliseconds = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 100 || n > 86_400_000) {
    throw new Error(`${name} must be a number of milliseconds between 100 and 86400000 (got "${value}").`)
  }
  return n
}

/** "/app", "app/", "/" → "/app", "/app", "" (no trailing slash; "" means the root). */
export const normaliseBasePath = (value: string): string => {
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? '' : `/${trimmed}`
}

/**
 * The environment variables of the brief, with their defaults. The only place that reads them
 * (the caller passes process.env), so tests build a config without touching the environment.
 */
export const loadConfig = (env: Record<string, string | undefined>): ServerConfig => ({
  port: integer(env.PORT, 8080, 'PORT'),
  databaseUrl: env.PROCURA_DATABASE_URL || 'file:./data/procura.db',
  basePath: normaliseBasePath(env.BASE_PATH ?? '/app'),
  wsPort: integer(env.WS_PORT, 6001, 'WS_PORT'),
  demo: (env.PROCURA_DEMO ?? '1') !== '0',
  demoHistory: (env.PROCURA_DEMO ?? '1') !== '0' && env.PROCURA_DEMO !== 'base',
  smtpUrl: env.SMTP_URL || undefined,
  outboxDir: env.PROCURA_OUTBOX_DIR || './data/outbox',
  storageDir: env.PROCURA_STORAGE_DIR || './data/files',
  appDist: env.PROCURA_APP_DIST || fileURLToPath(new URL('../../app/dist', import.meta.url)),
  statusPushEveryMs: milliseconds(env.PROCURA_STATUS_PUSH_MS, 15_000, 'PROCURA_STATUS_PUSH_MS'),
  noticesEveryMs: milliseconds(env.PROCURA_NOTICES_MS, 5_000, 'PROCURA_NOTICES_MS'),
  metricsToken: env.PROCURA_METRICS_TOKEN || null,
})
