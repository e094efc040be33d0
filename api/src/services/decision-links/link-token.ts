import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { EMAIL_DECISIONS, type EmailDecisionClaims, isEmailDecisionModel } from '@procura/core/circuit'
import { eq } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { instanceKeys } from '../../db/schema'

const KEY_NAME = 'decision_links'
const known = new WeakMap<object, string>()

/**
 * The instance's key for decision links: made once (the first server to need it writes it; a
 * second writer's row is ignored and both read the one kept), shared by every server through the
 * database, and so carried by a backup and its restore.
 */
export const decisionLinkKey = async (db: Db, clock: Clock): Promise<string> => {
  const cached = known.get(db)
  if (cached !== undefined) return cached
  const read = (d: DbOrTx) =>
    d
      .select({ secret: instanceKeys.secret })
      .from(instanceKeys)
      .where(eq(instanceKeys.name, KEY_NAME))
      .limit(1)
      .then(first)
  let row = await read(db)
  if (row === undefined) {
    await db
      .insert(instanceKeys)
      .values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url'), created_at: clock.now() })
      .onConflictDoNothing()
    row = await read(db)
  }
  if (row === undefined) throw new Error('The decision links key could not be kept')
  known.set(db, row.secret)
  return row.secret
}

const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest()

/** A fresh nonce: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64url')

/** The length of a signature in a token: HMAC-SHA256's 32 bytes in base64url. */
const SIGNATURE_LENGTH = 43

/**
 * The link's token: its claims (a JSON array, base64url) followed by their HMAC-SHA256 under the
 * key — base64url characters only, so that no mail client cuts the link and no server takes its
 * end for a file's extension.
 */
export const signClaims = (key: string, c: EmailDecisionClaims): string => {
  const payload = Buffer.from(
    JSON.stringify([c.model, c.id, c.decision, c.user_id, c.step, c.version, c.expires_at, c.nonce]),
  ).toString('base64url')
  return `${payload}${mac(key, payload).toString('base64url')}`
}

/** The claims of a token signed with the key, or null (malformed, altered or signed elsewhere). */
export const readClaims = (key: string, token: string): EmailDecisionClaims | null => {
  if (token.length > 1000 || token.length <= SIGNATURE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null
  const payload = token.slice(0, -SIGNATURE_LENGTH)
  const given = Buffer.from(token.slice(-SIGNATURE_LENGTH), 'base64url')
  const expected = mac(key, payload)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || parsed.length !== 8) return null
  const [model, id, decision, user_id, step, version, expires_at, nonce] = parsed as unknown[]
  if (
    typeof model !== 'string' ||
    !isEmailDecisionModel(model) ||
    !Number.isSafeInteger(id) ||
    !(EMAIL_DECISIONS as readonly unknown[]).includes(decision) ||
    !Number.isSafeInteger(user_id) ||
    !Number.isSafeInteger(step) ||
    typeof version !== 'string' ||
    !Number.isSafeInteger(expires_at) ||
    typeof nonce !== 'string'
  )
    return null
  return {
    model,
    id: id as number,
    decision: decision as EmailDecisionClaims['decision'],
    user_id: user_id as number,
    step: step as number,
    version,
    expires_at: expires_at as number,
    nonce,
  }
}
