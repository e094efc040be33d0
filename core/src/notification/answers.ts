import { z } from 'zod'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** A notification of the reader's. */
export const NotificationAnswerSchema = z.looseObject({
  id: z.number().int(),
  kind: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
})
export type NotificationAnswer = z.infer<typeof NotificationAnswerSchema>

/** GET /bwapi/notifications: a page of the reader's notifications, with the unread count. */
export const NotificationsPageAnswerSchema = z.looseObject({
  data: z.array(NotificationAnswerSchema),
  meta: z.looseObject({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
  }),
})
export type NotificationsPageAnswer = z.infer<typeof NotificationsPageAnswerSchema>
