import { count, isNull, min } from 'drizzle-orm'
import { matchedRoutes } from 'hono/route'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db'
import { eInvoiceOutbox, noticeQueue } from '../db/schema'
import { onStatementDuration } from '../db/statements'
import { jobStatuses } from '../services/crons'
import { listBackups } from '../services/operations/scheduled-backups'

/**
 * Prometheus metrics of one server process (prom-client): the process's own (memory, CPU, event
 * loop), the requests by route and status with their durations, the database statements' durations, and, read from the database when
 * scraped, the outboxes' depth and oldest age, each scheduled job's last run and the newest backup. Off unless
 * PROCURA_METRICS_TOKEN is set; GET /metrics then needs it as a bearer token.
 */
export const createMetrics = (db: Db, now: () => Date) => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'procura_' })
  const requests = new Counter({
    name: 'procura_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'procura_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const statements = new Histogram({
    name: 'procura_db_statement_duration_seconds',
    help: 'Time from sending a database statement to its answer (a write waiting for SQLite’s one writer included), by kind',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  })
  onStatementDuration((seconds, kind) => statements.observe({ kind }, seconds))
  const ageOf = (oldest: unknown) =>
    oldest instanceof Date ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0
  /** Each outbox's depth and oldest message, read when scraped. */
  const outboxes = async () => {
    const [notices, statuses] = await Promise.all([
      db.select({ n: count(), oldest: min(noticeQueue.created_at) }).from(noticeQueue),
      db
        .select({ n: count(), oldest: min(eInvoiceOutbox.created_at) })
        .from(eInvoiceOutbox)
        .where(isNull(eInvoiceOutbox.acknowledged_at)),
    ])
    return [
      { outbox: 'notices', depth: Number(notices[0]?.n ?? 0), age: ageOf(notices[0]?.oldest) },
      { outbox: 'e_invoice_statuses', depth: Number(statuses[0]?.n ?? 0), age: ageOf(statuses[0]?.oldest) },
    ]
  }
  new Gauge({
    name: 'procura_outbox_depth',
    help: 'Messages waiting in an outbox (notices to send, e-invoice statuses not acknowledged)',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const o of await outboxes()) this.set({ outbox: o.outbox }, o.depth)
    },
  })
  new Gauge({
    name: 'procura_outbox_oldest_age_seconds',
    help: 'Age of the oldest message waiting in an outbox (0 when empty)',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const o of await outboxes()) this.set({ outbox: o.outbox }, o.age)
    },
  })
  new Gauge({
    name: 'procura_backup_last_success_timestamp_seconds',
    help: 'When the newest archive of the scheduled backup was written (0: none in its folder)',
    registers: [registry],
    async collect() {
      const newest = (await listBackups(db)).data.archives[0]
      this.set(newest === undefined ? 0 : new Date(newest.written_at).getTime() / 1000)
    },
  })
  new Gauge({
    name: 'procura_job_last_run_timestamp_seconds',
    help: 'When each scheduled job last finished, by outcome (ok or failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const job of await jobStatuses(db, now())) {
        if (job.last_run === null) continue
        this.set(
          { job: job.name, outcome: job.last_run.error === null ? 'ok' : 'failed' },
          new Date(job.last_run.finished_at).getTime() / 1000,
        )
      }
    },
  })
  return {
    registry,
    /** Counts one answered request under the route that answered it (its pattern: bounded labels). */
    observe: (c: Parameters<typeof matchedRoutes>[0], status: number, seconds: number) => {
      const route = matchedRoutes(c)[c.req.routeIndex]?.path ?? 'unmatched'
      requests.inc({ method: c.req.method, route, status: String(status) })
      durations.observe({ method: c.req.method, route }, seconds)
    },
  }
}
export type Metrics = ReturnType<typeof createMetrics>
