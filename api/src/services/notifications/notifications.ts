import type { Actor } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import { parseWith } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import {
  byMail,
  DEFAULT_CHANNELS,
  inApp,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  NotificationChoicesSchema,
  type NotificationKind,
  notificationText,
} from '@procura/core/notification'
import { err, ok, type Result } from '@procura/core/result'
import { tracePage } from '@procura/core/trace'
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { notificationPreferences, notifications, users } from '../../db/schema'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail/mailer'
import { notificationMail } from '../../mail/templates'
import { inSlice, readPage } from '../list-page'
import { guardUser } from '../users/user-policy'

type Push = (userId: number, event: { type: string; payload?: unknown }) => number
type Deps = {
  db: Db
  clock: Clock
  notifyUser?: Push
  mailer?: Mailer
  linkBase?: string
  logger?: Logger
}

/** The kinds whose event sends an e-mail of its own (validation requests, decisions, the supplier jobs' warnings). */
const OWN_MAIL: ReadonlySet<NotificationKind> = new Set([
  'to_validate',
  'validated',
  'refused',
  'file_expiring',
  'contract_notice',
  'agreement_expiring',
])

/** Each user's channel for one kind: their choice, else the kind's default. */
export const channelsOf = async (
  db: DbOrTx,
  userIds: readonly number[],
  kind: NotificationKind,
): Promise<Map<number, NotificationChannel>> => {
  const chosen =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationPreferences)
          .where(
            and(
              inArray(notificationPreferences.user_id, [...userIds]),
              eq(notificationPreferences.kind, kind),
            ),
          )
  const byUser = new Map(chosen.map((c) => [c.user_id, c.channel as NotificationChannel]))
  return new Map(userIds.map((id) => [id, byUser.get(id) ?? DEFAULT_CHANNELS[kind]]))
}

/** The users among these who want this kind by e-mail (the mails that exist ask before sending). */
export const wantMail = async (db: DbOrTx, userIds: readonly number[], kind: NotificationKind) => {
  const channels = await channelsOf(db, userIds, kind)
  return new Set(userIds.filter((id) => byMail(channels.get(id) ?? 'none')))
}

/**
 * Something that concerns these users happened: a notification for each who wants it in the app
 * (written, then pushed over the real-time channel so the header's count moves at once). Answers
 * the users who want it by e-mail; sending is the caller's (it has the mail for the event).
 */
export const notify = async (
  deps: Deps,
  event: {
    user_ids: readonly number[]
    kind: NotificationKind
    model?: string
    model_id?: number | string
    params: Record<string, string | number | null>
  },
): Promise<Set<number>> => {
  const ids = [...new Set(event.user_ids)]
  if (ids.length === 0) return new Set()
  const channels = await channelsOf(deps.db, ids, event.kind)
  const shown = ids.filter((id) => inApp(channels.get(id) ?? 'none'))
  if (shown.length > 0) {
    await deps.db.insert(notifications).values(
      shown.map((user_id) => ({
        user_id,
        kind: event.kind,
        model: event.model ?? null,
        model_id: event.model_id === undefined ? null : String(event.model_id),
        params: event.params,
        created_at: deps.clock.now(),
      })),
    )
    for (const id of shown) deps.notifyUser?.(id, { type: 'notification', payload: { kind: event.kind } })
  }
  const mailed = new Set(ids.filter((id) => byMail(channels.get(id) ?? 'none')))
  if (!OWN_MAIL.has(event.kind)) await mailNotification(deps, [...mailed], event)
  return mailed
}

/** The e-mail of a notification whose kind has none of its own, to each in their language. */
const mailNotification = async (
  deps: Deps,
  userIds: readonly number[],
  event: {
    kind: NotificationKind
    model?: string
    model_id?: number | string
    params: Record<string, string | number | null>
  },
) => {
  if (deps.mailer === undefined || userIds.length === 0) return
  const recipients = await deps.db
    .select({ label: users.label, email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.active, true)))
  const page = tracePage(event.model ?? '', event.model_id === undefined ? null : String(event.model_id))
  for (const r of recipients) {
    if (r.email === '') continue
    const language = isLanguage(r.language) ? r.language : 'en'
    const mail = await notificationMail(deps.db, language, {
      name: r.label,
      text: notificationText(event.kind, event.params, language),
      link: `${deps.linkBase ?? ''}${page ?? '/notifications'}`,
    })
    try {
      await deps.mailer.send({ to: r.email, ...mail })
    } catch (error) {
      // The event is saved: a mail that fails is logged, never undone.
      deps.logger?.error(`Notification e-mail to ${r.email} failed`, error)
    }
  }
}

/** The same, to users named by login (circuits name validators by login). */
export const notifyLogins = async (
  deps: Deps,
  logins: readonly string[],
  event: Omit<Parameters<typeof notify>[1], 'user_ids'>,
) => {
  if (logins.length === 0) return new Set<number>()
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.login, [...logins]), eq(users.active, true)))
  return notify(deps, { ...event, user_ids: rows.map((r) => r.id) })
}

const PER_PAGE = 25

/**
 * GET /bwapi/notifications?page=&unread=1: this user's notifications, newest first, each written
 * in the reader's language with the page of its document; the unread count in meta.
 */
export const listNotifications = async (
  deps: { db: Db },
  userId: number,
  query: { page?: string; unread?: string },
  language: Language,
) => {
  const [page, [unread]] = await Promise.all([
    readPage(
      deps.db,
      {
        page: Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1),
        per_page: PER_PAGE,
        direction: 'desc',
      },
      {
        table: notifications,
        id: notifications.id,
        where: and(
          eq(notifications.user_id, userId),
          query.unread === '1' ? isNull(notifications.read_at) : undefined,
        ),
        sort: { by: notifications.created_at },
        rows: (slice) => inSlice(deps.db.select().from(notifications).$dynamic(), slice),
      },
    ),
    deps.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at))),
  ])
  if (!page.ok) return page
  const { rows, meta } = page.value
  return ok({
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      text: notificationText(r.kind, r.params, language),
      link: tracePage(r.model ?? '', r.model_id),
      created_at: r.created_at.toISOString(),
      read: r.read_at !== null,
    })),
    meta: { page: meta.page, per_page: meta.per_page, total: meta.total, unread: Number(unread?.n ?? 0) },
  })
}

/** GET /bwapi/notifications/count: the header's unread count. */
export const unreadCount = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
  return ok({ data: { unread: Number(row?.n ?? 0) } })
}

/** POST /bwapi/notifications/{id}/read: one of the user's own (another's is not found). */
export const markRead = async (
  deps: { db: Db; clock: Clock },
  userId: number,
  id: number,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const changed = await deps.db
    .update(notifications)
    .set({ read_at: deps.clock.now() })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id })
  if (changed.length > 0) return ok({ data: { id } })
  const mine = await deps.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
  return mine.length > 0 ? ok({ data: { id } }) : err({ code: 'ITEM_NOT_FOUND' })
}

/** POST /bwapi/notifications/read-all: every unread one of the user's; answers how many. */
export const markAllRead = async (deps: { db: Db; clock: Clock }, userId: number) => {
  const changed = await deps.db
    .update(notifications)
    .set({ read_at: deps.clock.now() })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id })
  return ok({ data: { count: changed.length } })
}

/** GET users/{id}/notifications: the channel of each kind for this user (chosen or default); as its preferences. */
export const notificationChoices = async (db: Db, actor: Actor, userId: number) => {
  const allowed = await guardUser(db, actor, userId, 'preferences')
  if (!allowed.ok) return allowed
  const chosen = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId))
  const byKind = new Map(chosen.map((c) => [c.kind, c.channel as NotificationChannel]))
  return ok({
    data: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      channel: byKind.get(kind) ?? DEFAULT_CHANNELS[kind],
      default: DEFAULT_CHANNELS[kind],
    })),
  })
}

/** PUT users/{id}/notifications: the channels chosen, kind by kind, in one transaction. */
export const saveNotificationChoices = async (
  db: Db,
  actor: Actor,
  userId: number,
  input: unknown,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const allowed = await guardUser(db, actor, userId, 'preferences')
  if (!allowed.ok) return allowed
  const parsed = parseWith(NotificationChoicesSchema, input)
  if (!parsed.ok) return parsed
  await db.transaction(async (tx) => {
    for (const [kind, channel] of Object.entries(parsed.value)) {
      if (channel === undefined) continue
      await tx
        .insert(notificationPreferences)
        .values({ user_id: userId, kind, channel })
        .onConflictDoUpdate({
          target: [notificationPreferences.user_id, notificationPreferences.kind],
          set: { channel },
        })
    }
  })
  return ok({ data: { id: userId } })
}
