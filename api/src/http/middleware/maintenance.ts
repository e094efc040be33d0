import { createMiddleware } from 'hono/factory'
import type { Db } from '../../db'
import { getMaintenance } from '../../services/maintenance'
import type { AppEnv } from '../context'
import { problemBody } from '../problem'

/**
 * While maintenance mode is on, API calls answer 503 with the spec's message, Retry-After when a
 * delay is set, and the optional extra message. The web app itself still loads, so it can show
 * its 503 page.
 */
export const maintenanceGate = (db: Db) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const maintenance = await getMaintenance(db)
    if (!maintenance.enabled) return next()
    if (maintenance.retry_after !== null) c.header('Retry-After', String(maintenance.retry_after))
    return c.json(
      {
        ...problemBody({ code: 'MAINTENANCE' }, c.get('language')),
        retry_after: maintenance.retry_after,
        extra_message: maintenance.message,
      },
      503,
    )
  })
