import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import type { Metrics } from '../http/metrics'
import { readiness } from '../services/operations/readiness'

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * What load balancers and monitoring ask, outside the API and its sessions: GET /health (the
 * process answers), GET /ready (it should take traffic: 503 with the failing checks otherwise) and,
 * when a token is set, GET /metrics for Prometheus (docs/operations.md).
 */
export const operationsRoutes = (deps: AppDeps, metrics: Metrics | null) => {
  const app = new Hono<AppEnv>()
  app.get('/health', (c) => c.json({ status: 'ok' }))
  app.get('/ready', async (c) => {
    const answer = await readiness(deps)
    return c.json(answer, answer.ready ? 200 : 503)
  })
  app.get('/metrics', async (c) => {
    const token = deps.metricsToken ?? null
    if (metrics === null || token === null)
      return c.json({ message: 'Metrics are off (PROCURA_METRICS_TOKEN).' }, 404)
    const given = (c.req.header('Authorization') ?? '').replace(/^Bearer\s+/i, '')
    if (!sameToken(given, token)) return c.json({ message: 'A bearer token is needed.' }, 401)
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType })
  })
  return app
}
