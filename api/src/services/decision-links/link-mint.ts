import {
  type EmailDecision,
  type EmailDecisionClaims,
  type EmailDecisionModel,
  emailDecisionExpiry,
  waitingStepIndex,
} from '@procura/core/circuit'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { decisionLinks } from '../../db/schema'
import { hashToken } from '../auth/tokens'
import { loadSettings } from '../settings'
import { DECISION_DOCUMENTS } from './decision-documents'
import { decisionLinkKey, newNonce, signClaims } from './link-token'

const DECISIONS: readonly EmailDecision[] = ['validate', 'refuse']

/**
 * The two links of one reader's mail on a document as it stands now, or null: the settings give
 * no links (misc.email_decision_hours 0), or the document waits on no step.
 */
export const mintDecisionLinks = async (
  deps: { db: Db; clock: Clock },
  document: { model: EmailDecisionModel; id: number },
  userId: number,
  linkBase: string,
): Promise<{ validate: string; refuse: string } | null> => {
  const now = deps.clock.now()
  const expires = emailDecisionExpiry(now, (await loadSettings(deps.db)).misc.email_decision_hours)
  if (expires === null) return null
  const doc = await DECISION_DOCUMENTS[document.model](deps.db, document.id)
  const step = doc === undefined || !doc.awaiting ? null : waitingStepIndex(doc.circuit)
  if (doc === undefined || step === null) return null
  const key = await decisionLinkKey(deps.db, deps.clock)
  const [validate, refuse] = DECISIONS.map(
    (decision): EmailDecisionClaims => ({
      ...document,
      decision,
      user_id: userId,
      step,
      version: doc.version,
      expires_at: expires.getTime(),
      nonce: newNonce(),
    }),
  ) as [EmailDecisionClaims, EmailDecisionClaims]
  // Both links in one statement.
  await deps.db.insert(decisionLinks).values(
    [validate, refuse].map((claims) => ({
      nonce_hash: hashToken(claims.nonce),
      model: claims.model,
      model_id: claims.id,
      decision: claims.decision,
      user_id: userId,
      step,
      version: claims.version,
      expires_at: expires,
      created_at: now,
    })),
  )
  return {
    validate: `${linkBase}/decide/${signClaims(key, validate)}`,
    refuse: `${linkBase}/decide/${signClaims(key, refuse)}`,
  }
}
