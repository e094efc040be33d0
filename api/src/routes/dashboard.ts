import {
  ComparisonSchema,
  DashboardSchema,
  DistributionSchema,
  GlobalSchema,
  InstanceSchema,
} from '@procura/core/dashboard'
import { Hono } from 'hono'
import type { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { respond } from '../http/respond'
import { dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'
import { dashboard } from '../services/dashboard/dashboard'
import { comparison, distribution } from '../services/dashboard/dashboard-charts'
import { globalFigures, instanceFigures } from '../services/dashboard/dashboard-figures'

/** /bwapi/dashboard and its four figures' calls (shell spec §7 "Dashboard", exactly those paths). */
export const dashboardRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const calls: [string, string, z.ZodType, typeof distribution][] = [
    [
      '/',
      'The dashboard: the default currency, today and this reader’s sections',
      DashboardSchema,
      dashboard as typeof distribution,
    ],
    [
      '/distribution',
      'What was ordered over the last 3 months by family, supplier and department',
      DistributionSchema,
      distribution,
    ],
    [
      '/comparison',
      'What was ordered month by month against the same months a year before',
      ComparisonSchema,
      comparison as typeof distribution,
    ],
    [
      '/instance',
      'Orders by status, what waits for validation, late deliveries, disputes, invoices due',
      InstanceSchema,
      instanceFigures as typeof distribution,
    ],
    [
      '/global',
      'The organisation’s totals this year that the reader may see',
      GlobalSchema,
      globalFigures as typeof distribution,
    ],
  ]
  for (const [path, summary, schema, read] of calls)
    app.get(
      path,
      route({
        summary,
        tags: ['Dashboard'],
        responses: { 200: { description: 'Its figures', schema: dataOf(schema) } },
      }),
      async (c) => respond(c, await read(deps, orderActorOf(sessionOf(c)), c.get('language'))),
    )
  return app
}
