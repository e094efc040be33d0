import { isoDateIn } from '@procura/core/calendar'
import { isLanguage } from '@procura/core/i18n'
import { subDays } from 'date-fns'
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { users } from '../../db/schema'
import type { Mailer } from '../../mail/mailer'
import { actionsToDoMail } from '../../mail/templates'
import { actionsToDo } from '../actions-to-do'
import { loadSessionUser } from '../auth/session'
import { loadSettings } from '../settings'

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
const weekdayOf = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay()
  return d === 0 ? 7 : d
}

/**
 * The actions-to-do digest job (spec §6 "users with actions to do are notified by e-mail"): on the
 * weekdays the setting names (`actions_to_do_notification_days`), each active user with something
 * waiting — who has not turned the digest off — gets one e-mail in their language listing it,
 * unless one went within the mail alert delay (`mail_alert_delay_days`). Answers how many went.
 */
export const mailActionsToDo = async (deps: {
  db: Db
  clock: Clock
  mailer?: Mailer
  linkBase?: string
}): Promise<number> => {
  if (deps.mailer === undefined) return 0
  const settings = await loadSettings(deps.db)
  const now = deps.clock.now()
  const today = isoDateIn(now, settings.formats.time_zone)
  if (!settings.misc.actions_to_do_notification_days.includes(weekdayOf(today))) return 0
  const since = subDays(now, settings.misc.mail_alert_delay_days)
  const candidates = await deps.db
    .select({ id: users.id, notifications: users.notifications })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        ne(users.email, ''),
        or(isNull(users.actions_mailed_at), lt(users.actions_mailed_at, since)),
      ),
    )
  let sent = 0
  for (const candidate of candidates) {
    if (candidate.notifications.actions_to_do === false) continue
    const user = await loadSessionUser(deps.db, candidate.id)
    if (user === null) continue
    const language = isLanguage(user.language) ? user.language : 'en'
    const todo = await actionsToDo(deps.db, user, language)
    if (todo.count === 0) continue
    const base = deps.linkBase ?? ''
    await deps.mailer.send({
      to: user.email,
      ...(await actionsToDoMail(deps.db, language, {
        name: user.label,
        count: todo.count,
        actions: todo.actions.map((a) => `- ${a.label}: ${a.count}\n  ${base}${a.link}`).join('\n'),
        link: `${base}/`,
      })),
    })
    // Marked once the mail left: a failed send is tried again at the next run.
    await deps.db.update(users).set({ actions_mailed_at: now }).where(eq(users.id, user.id))
    sent += 1
  }
  return sent
}
