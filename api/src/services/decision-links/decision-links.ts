/**
 * Deciding from the e-mail (docs/domain/validation-circuit.md): each validation request mail
 * carries a "Validate" and a "Refuse" link for its reader; following one reads, only confirming
 * decides — through the document's own action, as the link's person.
 */
import {
  checkEmailDecision,
  type EmailDecision,
  type EmailDecisionAnswer,
  type EmailDecisionClaims,
  EmailDecisionInputSchema,
  type EmailDecisionModel,
} from '@procura/core/circuit'
import { type DomainError, parseWith, translate } from '@procura/core/errors'
import { isLanguage, type Language } from '@procura/core/i18n'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { tracePage } from '@procura/core/trace'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { currencies, decisionLinks, users } from '../../db/schema'
import { loadSessionUser, orderActorOf } from '../auth/session'
import { hashToken } from '../auth/tokens'
import { applyExpenseReportAction } from '../expenses/report-actions'
import { applyNeedAction } from '../needs/need-actions'
import { applyPaymentGroupAction } from '../payments/payment-actions'
import { applyOrderAction } from '../purchase-orders/order-actions'
import type { OrderDeps } from '../purchase-orders/orders'
import { applyAgreementAction } from '../sourcing/agreement-write'
import { writeTrace } from '../trace'
import { DECISION_DOCUMENTS, type DecisionDocument } from './decision-documents'
import { decisionLinkKey, readClaims } from './link-token'

type Deps = { db: Db; clock: Clock }
type Decider = (
  deps: OrderDeps,
  actor: OrderActor,
  id: number,
  decision: EmailDecision,
  input: { reason?: string; confirm?: boolean },
) => Promise<Result<unknown, DomainError>>

/** Each document decided through its own action, so every rule of the app applies. */
const DECIDERS: Readonly<Record<EmailDecisionModel, Decider>> = {
  purchase_order: (deps, actor, id, decision, input) => applyOrderAction(deps, actor, id, decision, input),
  // A request's validation is its approval.
  need: (deps, actor, id, decision, input) =>
    applyNeedAction(deps, actor, id, decision === 'validate' ? 'approve' : 'refuse', input),
  expense_report: (deps, actor, id, decision, input) =>
    applyExpenseReportAction(
      deps,
      { ...actor, permissions: actor.permissions ?? [] },
      id,
      decision,
      input.reason === undefined ? {} : { reason: input.reason },
    ),
  payment_group: (deps, actor, id, decision, input) =>
    applyPaymentGroupAction(
      deps,
      actor,
      id,
      decision,
      input.reason === undefined ? {} : { reason: input.reason },
    ),
  framework_agreement: (deps, actor, id, decision, input) =>
    applyAgreementAction(
      deps,
      actor,
      id,
      decision,
      input.reason === undefined ? {} : { reason: input.reason },
    ),
}

type Followed = {
  claims: EmailDecisionClaims
  link: typeof decisionLinks.$inferSelect | undefined
  doc: DecisionDocument | undefined
}

const refusedLink = async (
  deps: Deps,
  claims: EmailDecisionClaims | null,
  code: 'DECISION_LINK_INVALID' | 'DECISION_LINK_USED',
) => {
  await writeTrace(deps.db, deps.clock, {
    action: 'decision_link_refused',
    message:
      code === 'DECISION_LINK_USED'
        ? `A ${claims?.decision} link already used was followed again`
        : 'A decision link not signed by this instance, or altered, was refused',
    model: claims === null ? 'decision_link' : claims.model,
    model_id: claims?.id ?? null,
    severity: 'warning',
    user_id: claims?.user_id ?? null,
  })
  return err({ code } as DomainError)
}

/** A token's claims, its kept row and its document; a forged token is traced and refused. */
const follow = async (deps: Deps, token: string): Promise<Result<Followed, DomainError>> => {
  const claims = readClaims(await decisionLinkKey(deps.db, deps.clock), token)
  if (claims === null) return refusedLink(deps, null, 'DECISION_LINK_INVALID')
  const link = await deps.db
    .select()
    .from(decisionLinks)
    .where(eq(decisionLinks.nonce_hash, hashToken(claims.nonce)))
    .limit(1)
    .then(first)
  // Genuine but no longer kept: the job deletes links a day after they expire.
  if (link === undefined)
    return err({
      code:
        deps.clock.now().getTime() > claims.expires_at ? 'DECISION_LINK_EXPIRED' : 'DECISION_LINK_INVALID',
    })
  return ok({ claims, link, doc: await DECISION_DOCUMENTS[claims.model](deps.db, claims.id) })
}

const currencyOf = async (db: Db, code: string | null) =>
  code ??
  (
    await db
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.is_default, true))
      .limit(1)
      .then(first)
  )?.code ??
  ''

/**
 * GET /bwapi/decision-links/{token}: what the link decides and the document's key figures, with
 * why it can no longer decide, if so. Changes nothing (mail scanners follow links).
 */
export const readDecisionLink = async (
  deps: Deps,
  token: string,
): Promise<Result<EmailDecisionAnswer, DomainError>> => {
  const followed = await follow(deps, token)
  if (!followed.ok) return followed
  const { claims, link, doc } = followed.value
  if (doc === undefined) return err({ code: 'DECISION_LINK_CANCELLED' })
  const reader = await deps.db
    .select({ label: users.label, language: users.language })
    .from(users)
    .where(eq(users.id, claims.user_id))
    .limit(1)
    .then(first)
  const language: Language = isLanguage(reader?.language ?? '') ? (reader?.language as Language) : 'en'
  const checked = checkEmailDecision(claims, { used_at: link?.used_at ?? null }, doc, deps.clock.now())
  return ok({
    data: {
      model: claims.model,
      id: claims.id,
      decision: claims.decision,
      code: doc.code,
      title: doc.title,
      status: doc.status,
      amount: doc.amount,
      currency_code: await currencyOf(deps.db, doc.currency_code),
      party: doc.party,
      author: doc.author,
      step: claims.step + 1,
      steps: doc.circuit?.steps.length ?? 0,
      reader: reader?.label ?? '',
      language,
      expires_at: new Date(claims.expires_at).toISOString(),
      page: tracePage(claims.model, String(claims.id)),
      problem: checked.ok
        ? null
        : { code: checked.error.code, message: translate(checked.error.code, undefined, language) },
    },
  })
}

/**
 * POST /bwapi/decision-links/{token}: decides as the link's person, through the document's own
 * action (its policy, delegations, ceilings, budgets). The link is spent by one conditional
 * update before deciding and given back if the action refuses, so a refusal (a missing reason, a
 * budget to confirm) changes nothing and two clicks never decide twice.
 */
export const decideByLink = async (
  deps: OrderDeps,
  token: string,
  input: unknown,
): Promise<Result<{ data: { id: number; code: string; status: string } }, DomainError>> => {
  const parsed = parseWith(EmailDecisionInputSchema, input ?? {})
  if (!parsed.ok) return parsed
  const followed = await follow(deps, token)
  if (!followed.ok) return followed
  const { claims, link, doc } = followed.value
  const now = deps.clock.now()
  const checked = checkEmailDecision(claims, { used_at: link?.used_at ?? null }, doc, now)
  if (!checked.ok)
    return checked.error.code === 'DECISION_LINK_USED'
      ? refusedLink(deps, claims, 'DECISION_LINK_USED')
      : checked
  const user = await loadSessionUser(deps.db, claims.user_id)
  if (user === null || !user.active) return err({ code: 'ACCOUNT_INACTIVE' })
  const nonceHash = hashToken(claims.nonce)
  const spent = await deps.db
    .update(decisionLinks)
    .set({ used_at: now })
    .where(and(eq(decisionLinks.nonce_hash, nonceHash), isNull(decisionLinks.used_at)))
    .returning({ nonce_hash: decisionLinks.nonce_hash })
  if (spent.length === 0) return refusedLink(deps, claims, 'DECISION_LINK_USED')
  const actor = orderActorOf({ user, real_user: null, hash: '', csrf_token: '', remember: false })
  const reason = parsed.value.reason?.trim()
  const decided = await DECIDERS[claims.model](deps, actor, claims.id, claims.decision, {
    ...(reason === undefined || reason === '' ? {} : { reason }),
    ...(parsed.value.confirm === true ? { confirm: true } : {}),
  })
  if (!decided.ok) {
    await deps.db.update(decisionLinks).set({ used_at: null }).where(eq(decisionLinks.nonce_hash, nonceHash))
    return decided
  }
  await writeTrace(deps.db, deps.clock, {
    action: 'email_decision',
    message: `${claims.decision === 'validate' ? 'Validated' : 'Refused'} from the validation e-mail's link`,
    model: claims.model,
    model_id: claims.id,
    user_id: user.id,
  })
  const after = await DECISION_DOCUMENTS[claims.model](deps.db, claims.id)
  return ok({ data: { id: claims.id, code: after?.code ?? '', status: after?.status ?? '' } })
}

/** The traces job: links expired more than a day ago are deleted (a link past its time answers expired without them). */
export const deleteOldDecisionLinks = async (deps: Deps) => {
  const deleted = await deps.db
    .delete(decisionLinks)
    .where(lt(decisionLinks.expires_at, new Date(deps.clock.now().getTime() - 86_400_000)))
    .returning({ nonce_hash: decisionLinks.nonce_hash })
  return deleted.length
}
