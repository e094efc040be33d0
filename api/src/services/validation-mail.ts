import type { EmailDecisionModel } from '@procura/core/circuit'
import { amountFormatFor, formatAmount } from '@procura/core/format'
import { isLanguage } from '@procura/core/i18n'
import { tracePage } from '@procura/core/trace'
import { and, eq, gte, inArray, lte } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { first } from '../db/first'
import { cachedReference } from '../db/reference-cache'
import { currencies, delegations, users } from '../db/schema'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { decisionMail, validationRequestMail } from '../mail/templates'
import { mintDecisionLinks } from './decision-links/link-mint'
import { notify } from './notifications/notifications'
import { loadSettings } from './settings'

export type ValidationMailDeps = {
  db: Db
  clock: Clock
  mailer?: Mailer
  logger?: Logger
  /** Origin and base path of the app, for the link in the e-mail. */
  linkBase?: string
  /** The real-time channel (the server's): notifications reach the header at once. */
  notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
  /** The server's notice sender: queued notices are told after the request has answered. */
  notices?: { kick: () => void }
}
export type DocumentToValidate = {
  model: EmailDecisionModel
  id: number
  code: string
  amount: string
  /** Null: the default currency (requests carry none). */
  currency_code: string | null
}

/** The document's page in the app, after the link base. */
const pageOf = (document: Pick<DocumentToValidate, 'model' | 'id'>) =>
  tracePage(document.model, String(document.id)) ?? '/'

/**
 * E-mails the validators a document now waits on, each in their language, and the delegates of
 * theirs who asked to be told (a delegation in period with notify_delegate). The document's change
 * is already saved: a mail that fails is logged, never undone.
 */
export const mailValidators = async (
  deps: ValidationMailDeps,
  document: DocumentToValidate,
  logins: readonly string[],
): Promise<number> => {
  if (logins.length === 0) return 0
  const now = deps.clock.now()
  const everyValidator = await deps.db
    .select({ id: users.id, label: users.label, email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.login, [...logins]), eq(users.active, true)))
  // A notification for each (in the app, by e-mail or both, as each chose).
  const mailed = await notify(deps, {
    user_ids: everyValidator.map((v) => v.id),
    kind: 'to_validate',
    model: document.model,
    model_id: document.id,
    params: { code: document.code },
  })
  if (deps.mailer === undefined) return 0
  const validators = everyValidator.filter((v) => mailed.has(v.id))
  const delegator = alias(users, 'delegator')
  // The delegates who asked to be told hear of it whatever the validator chose for itself.
  const delegates =
    everyValidator.length === 0
      ? []
      : await deps.db
          .select({
            id: users.id,
            label: users.label,
            email: users.email,
            language: users.language,
            delegator: delegator.label,
          })
          .from(delegations)
          .innerJoin(users, eq(delegations.delegate_id, users.id))
          .innerJoin(delegator, eq(delegations.delegator_id, delegator.id))
          .where(
            and(
              inArray(
                delegations.delegator_id,
                everyValidator.map((v) => v.id),
              ),
              eq(delegations.notify_delegate, true),
              lte(delegations.starts_at, now),
              gte(delegations.ends_at, now),
              eq(users.active, true),
            ),
          )
  const [settings, currency] = await Promise.all([
    loadSettings(deps.db),
    // Reference data: the cache's while the reference version holds (the sender runs in a scope).
    cachedReference(deps.db, 'currency-symbols', () =>
      deps.db
        .select({
          code: currencies.code,
          symbol: currencies.symbol,
          position: currencies.position,
          is_default: currencies.is_default,
        })
        .from(currencies),
    ).then((list) =>
      list.find((c) => (document.currency_code === null ? c.is_default : c.code === document.currency_code)),
    ),
  ])
  const amountFor = (language: string) =>
    formatAmount(
      document.amount,
      amountFormatFor(
        { language, decimals: settings.formats.decimals },
        { symbol: currency?.symbol ?? document.currency_code ?? '', position: currency?.position ?? 'after' },
      ),
    )
  const link = `${deps.linkBase ?? ''}${pageOf(document)}`
  const recipients = [...validators.map((v) => ({ ...v, delegator: null })), ...delegates].filter(
    (r) => r.email !== '',
  )
  let sent = 0
  for (const recipient of recipients) {
    const language = isLanguage(recipient.language) ? recipient.language : 'en'
    const mail = await validationRequestMail(deps.db, language, {
      name: recipient.label,
      model: document.model,
      code: document.code,
      amount: amountFor(language),
      link,
      delegator: recipient.delegator,
      decisionLinks: await mintDecisionLinks(deps, document, recipient.id, deps.linkBase ?? ''),
    })
    try {
      await deps.mailer.send({ to: recipient.email, ...mail })
      sent += 1
    } catch (error) {
      deps.logger?.error(`Validation e-mail to ${recipient.email} failed`, error)
    }
  }
  return sent
}

/**
 * Tells a document's author that its validation ended: approved (the last step validated) or
 * refused, with who decided and why. Real time (a `decision` event, and the actions to do
 * refresh) and an e-mail in the author's language. The decision is already saved: a mail that
 * fails is logged, never undone.
 */
export const tellAuthor = async (
  deps: ValidationMailDeps & {
    notifyUser?: (userId: number, event: { type: string; payload?: unknown }) => number
  },
  document: Pick<DocumentToValidate, 'model' | 'id' | 'code'>,
  authorId: number,
  decision: { outcome: 'approved' | 'refused'; by: string; reason: string | null },
) => {
  const [author, decider] = await Promise.all([
    deps.db.select().from(users).where(eq(users.id, authorId)).limit(1).then(first),
    deps.db
      .select({ label: users.label })
      .from(users)
      .where(eq(users.login, decision.by))
      .limit(1)
      .then(first),
  ])
  if (author === undefined) return
  const by = decider?.label ?? decision.by
  deps.notifyUser?.(authorId, {
    type: 'decision',
    payload: {
      model: document.model,
      id: document.id,
      code: document.code,
      decision: decision.outcome,
      by,
      reason: decision.reason,
    },
  })
  deps.notifyUser?.(authorId, { type: 'actions-to-do' })
  const mailed = await notify(deps, {
    user_ids: author.active ? [authorId] : [],
    kind: decision.outcome === 'refused' ? 'refused' : 'validated',
    model: document.model,
    model_id: document.id,
    params: { code: document.code, by, reason: decision.reason },
  })
  if (deps.mailer === undefined || !mailed.has(authorId) || author.email === '') return
  const mail = await decisionMail(deps.db, isLanguage(author.language) ? author.language : 'en', {
    name: author.label,
    model: document.model,
    code: document.code,
    decision: decision.outcome,
    by,
    reason: decision.reason,
    link: `${deps.linkBase ?? ''}${pageOf(document)}`,
  })
  try {
    await deps.mailer.send({ to: author.email, ...mail })
  } catch (error) {
    deps.logger?.error(`Decision e-mail to ${author.email} failed`, error)
  }
}
