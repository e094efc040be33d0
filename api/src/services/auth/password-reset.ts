import { ForgotSchema, RESET_LINK_MINUTES, ResetSchema } from '@procura/core/auth'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { isLanguage } from '@procura/core/i18n'
import { err, ok, type Result } from '@procura/core/result'
import { confirmationMatches, resetPasswordIssues, validateFields } from '@procura/core/validation'
import { eq } from 'drizzle-orm'
import { hashPassword } from '../../auth/password'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { passwordResets, sessions, users } from '../../db/schema'
import type { Mailer } from '../../mail/mailer'
import { passwordResetMail } from '../../mail/templates'
import { writeTrace } from '../trace'
import { findUserNamedBy } from './named-user'
import { hashToken, newToken } from './tokens'

type Deps = { db: Db; clock: Clock; mailer: Mailer }

/**
 * POST /forgot-password: by login or e-mail, sends a link valid for an hour. Only the token's hash
 * is kept. An unknown user is refused (the spec's "unknown user").
 */
export const requestPasswordReset = async (
  { db, clock, mailer }: Deps,
  input: unknown,
  linkBase: string,
): Promise<Result<{ sent: true }, DomainError>> => {
  const parsed = parseWith(ForgotSchema, input)
  if (!parsed.ok) return parsed
  const login = parsed.value.login
  const user = await findUserNamedBy(db, login)
  if (user === undefined) return err(formError({ login: [{ code: 'RESET_USER_UNKNOWN' }] }))
  if (!user.active) return err({ code: 'ACCOUNT_INACTIVE' })
  const token = newToken()
  const now = clock.now()
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.user_id, user.id))
    await tx.insert(passwordResets).values({
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    })
    await writeTrace(tx, clock, {
      action: 'password_reset_requested',
      message: `Reset link sent to ${user.login}`,
      model: 'user',
      model_id: user.id,
    })
  })
  const mail = await passwordResetMail(db, isLanguage(user.language) ? user.language : 'en', {
    name: user.label,
    link: `${linkBase}/password-reset/${token}`,
    minutes: RESET_LINK_MINUTES,
  })
  await mailer.send({ to: user.email, ...mail })
  return ok({ sent: true })
}

/**
 * POST /reset-password: an unknown token is invalid (422), an expired one answers 498 (the link
 * has expired). The new password needs six characters and its confirmation; every session of the
 * user is closed and the link can serve only once.
 */
export const resetPassword = async (
  { db, clock }: Omit<Deps, 'mailer'>,
  input: unknown,
): Promise<Result<{ reset: true }, DomainError>> => {
  const parsed = parseWith(ResetSchema, input)
  if (!parsed.ok) return parsed
  const row = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.token_hash, hashToken(parsed.value.token)))
    .limit(1)
    .then(first)
  if (row === undefined) return err({ code: 'RESET_TOKEN_INVALID' })
  if (row.expires_at.getTime() <= clock.now().getTime()) return err({ code: 'LINK_EXPIRED' })
  const checked = validateFields({
    password: resetPasswordIssues(parsed.value.password),
    password_confirmation: [confirmationMatches(parsed.value.password, parsed.value.password_confirmation)],
  })
  if (!checked.ok) return checked
  const password_hash = await hashPassword(parsed.value.password)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash, updated_at: clock.now() }).where(eq(users.id, row.user_id))
    await tx.delete(passwordResets).where(eq(passwordResets.user_id, row.user_id))
    await tx.delete(sessions).where(eq(sessions.user_id, row.user_id))
    await writeTrace(tx, clock, {
      action: 'password_reset',
      message: 'Password reset by link',
      model: 'user',
      model_id: row.user_id,
      severity: 'warning',
    })
  })
  return ok({ reset: true })
}
