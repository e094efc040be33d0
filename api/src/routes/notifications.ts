import { NotificationsPageAnswerSchema } from '@procura/core/notification'
import { UnreadCountAnswerSchema } from '@procura/core/shell'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { dataOf } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import {
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
} from '../services/notifications/notifications'

/** /bwapi/notifications: the signed-in user's own notifications (nobody reads another's). */
export const notificationsRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const me = (c: Parameters<typeof sessionOf>[0]) => sessionOf(c).user.id
  app.get(
    '/',
    route({
      summary: 'My notifications, newest first, in my language (?unread=1: the unread ones), 25 a page',
      tags: ['Notifications'],
      query: z.object({ page: z.string().optional(), unread: z.enum(['1']).optional() }),
      responses: {
        200: {
          description: 'A page, with the unread count',
          schema: NotificationsPageAnswerSchema,
        },
      },
    }),
    async (c) => respond(c, await listNotifications(deps, me(c), c.req.query(), c.get('language'))),
  )
  app.get(
    '/count',
    route({
      summary: 'How many of my notifications are unread (the header’s count)',
      tags: ['Notifications'],
      responses: {
        200: { description: 'The count', schema: UnreadCountAnswerSchema },
      },
    }),
    async (c) => respond(c, await unreadCount(deps.db, me(c))),
  )
  app.post(
    '/read-all',
    route({
      summary: 'Mark all my notifications read',
      tags: ['Notifications'],
      responses: {
        200: { description: 'How many were unread', schema: dataOf(z.object({ count: z.number().int() })) },
      },
    }),
    async (c) => respond(c, await markAllRead(deps, me(c))),
  )
  app.post(
    '/:id/read',
    route({
      summary: 'Mark one of my notifications read',
      tags: ['Notifications'],
      responses: { 200: { description: 'Read', schema: dataOf(z.object({ id: z.number().int() })) } },
    }),
    async (c) => {
      const id = idParam(c)
      return id === null ? refuse(c, { code: 'NOT_FOUND' }) : respond(c, await markRead(deps, me(c), id))
    },
  )
  return app
}
