import { can } from '@procura/core/auth'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../../db'
import { actorOf } from '../../services/auth/session'
import { getMaintenance } from '../../services/maintenance'
import type { AppEnv } from '../context'
import { problemBody } from '../problem'

/**
 * While maintenance mode is on, API calls answer 503 with the spec's message, Retry-After when a
 * delay is set, and the optional extra message. The web app itself still loads, so it can show
 * its 503 page. Administrators (the admin menu's permission) are let through, so that they can
 * check the instance and turn the mode off from the maintenance screen; so is signing in and out.
 * Runs after the session middleware, which reads who calls.
 */
export const maintenanceGate = (db: Db) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const maintenance = c.get('maintenance') ?? (await getMaintenance(db))
    if (!maintenance.enabled) return next()
    const session = c.get('session')
    if (session !== null && session !== undefined && can(actorOf(session), 'admin_menu')) return next()
    if (['/login', '/logout', '/sanctum/csrf-cookie'].includes(c.req.path) || c.req.path.startsWith('/sso/'))
      return next()
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
