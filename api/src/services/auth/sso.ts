import { randomBytes } from 'node:crypto'
import { type SsoClaims, safeRedirect, ssoIdentity, ssoOutcome } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import { isLanguage } from '@procura/core/i18n'
import { err, ok, type Result } from '@procura/core/result'
import type { Settings } from '@procura/core/settings'
import { ROLE_CODES, type RoleCode, UserInputSchema } from '@procura/core/user'
import { eq, sql } from 'drizzle-orm'
import * as oidc from 'openid-client'
import { hashPassword } from '../../auth/password'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { roles, users } from '../../db/schema'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import type { LoginSuccess } from './login'
import { createSession, deleteSession } from './session'

type SsoDeps = { db: Db; clock: Clock; basePath: string }

/** What the browser keeps between leaving for the provider and coming back (an httpOnly cookie). */
export type SsoAttempt = { verifier: string; state: string; nonce: string; redirect: string }

/** The provider's configuration, discovered once per issuer and client (the settings may change it). */
const configurations = new Map<string, Promise<oidc.Configuration>>()

const configurationOf = (settings: Settings): Result<Promise<oidc.Configuration>, DomainError> => {
  const { sso_issuer: issuer, sso_client_id: clientId, sso_client_secret: secret } = settings.customer
  if (!settings.modules.single_sign_on) return err({ code: 'NOT_FOUND' })
  if (issuer === null || clientId === null || secret === null) return err({ code: 'SSO_NOT_CONFIGURED' })
  const key = `${issuer}\n${clientId}\n${secret}`
  let found = configurations.get(key)
  if (found === undefined) {
    found = oidc.discovery(new URL(issuer), clientId, secret, undefined, {
      // A provider on plain HTTP (a test provider on this machine) is allowed; real ones are HTTPS.
      ...(issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
    })
    // A failed discovery is tried again at the next sign-in.
    found.catch(() => configurations.delete(key))
    configurations.set(key, found)
  }
  return ok(found)
}

/**
 * GET /sso/login: where to send the browser (the provider's authorization endpoint, with PKCE S256,
 * a state and a nonce) and the attempt the browser keeps until it comes back.
 */
export const startSso = async (
  deps: SsoDeps,
  callbackUrl: string,
  redirect: string | null,
): Promise<Result<{ url: string; attempt: SsoAttempt }, DomainError>> => {
  const settings = await loadSettings(deps.db)
  const configuration = configurationOf(settings)
  if (!configuration.ok) return configuration
  let config: oidc.Configuration
  try {
    config = await configuration.value
  } catch (error) {
    return err({
      code: 'SSO_FAILED',
      params: { reason: error instanceof Error ? error.message : 'discovery' },
    })
  }
  const attempt: SsoAttempt = {
    verifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    redirect: safeRedirect(redirect, deps.basePath),
  }
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
  })
  return ok({ url: url.href, attempt })
}

/** The user the identity names (by e-mail or login, ignoring case), or null. */
const findUser = async (db: Db, by: 'email' | 'login', key: string) =>
  (await db
    .select({ id: users.id, active: users.active })
    .from(users)
    .where(sql`lower(${by === 'email' ? users.email : users.login}) = ${key}`)
    .limit(2)
    .then((rows) => (rows.length === 1 ? rows[0] : undefined))) ?? null

/**
 * GET /sso/callback: the code exchanged (PKCE verifier, state and nonce checked by openid-client),
 * the identity mapped to a user (core's ssoIdentity, ssoOutcome), created when the settings say so,
 * and a session opened like a classic sign-in's. Every outcome is traced.
 */
export const finishSso = async (
  deps: SsoDeps,
  currentUrl: URL,
  attempt: SsoAttempt | null,
  previousSessionHash: string | null,
): Promise<Result<LoginSuccess, DomainError>> => {
  const settings = await loadSettings(deps.db)
  const configuration = configurationOf(settings)
  if (!configuration.ok) return configuration
  if (attempt === null) return err({ code: 'SSO_FAILED', params: { reason: 'no attempt under way' } })
  let claims: SsoClaims
  try {
    const config = await configuration.value
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    })
    const idClaims = tokens.claims()
    if (idClaims === undefined) return err({ code: 'SSO_FAILED', params: { reason: 'no ID token' } })
    // The ID token may carry only the subject: the userinfo endpoint says the rest.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)
    claims = { ...info, ...idClaims } as SsoClaims
  } catch (error) {
    return err({ code: 'SSO_FAILED', params: { reason: error instanceof Error ? error.message : 'token' } })
  }
  const identity = ssoIdentity(claims, settings.customer.sso_match)
  if (!identity.ok) return identity
  const found = await findUser(deps.db, identity.value.by, identity.value.key)
  const outcome = ssoOutcome(found, settings.customer.sso_create_users)
  if (!outcome.ok) {
    await writeTrace(deps.db, deps.clock, {
      action: 'login_failed',
      message: `Single sign-on refused for ${identity.value.key}: ${outcome.error.code}`,
      model: 'user',
      model_id: found?.id ?? null,
      severity: 'warning',
    })
    return outcome
  }
  const role = (ROLE_CODES as readonly string[]).includes(settings.customer.sso_default_role)
    ? (settings.customer.sso_default_role as RoleCode)
    : 'requester'
  const newUser =
    'create' in outcome.value
      ? UserInputSchema.safeParse({
          login: identity.value.login,
          label: identity.value.label,
          email: identity.value.email ?? `${identity.value.login}@invalid.example`,
          language: isLanguage(String(claims.locale ?? '').slice(0, 2))
            ? String(claims.locale).slice(0, 2)
            : 'en',
          role,
        })
      : null
  if (newUser !== null && !newUser.success)
    return err({ code: 'SSO_NO_IDENTITY', params: { claim: 'preferred_username' } })
  // A user created here has no password of their own: a random one nobody knows.
  const passwordHash = newUser === null ? null : await hashPassword(randomBytes(32).toString('base64url'))
  const session = await deps.db.transaction(async (tx) => {
    let userId = 'userId' in outcome.value ? outcome.value.userId : 0
    if (newUser?.success === true && passwordHash !== null) {
      const { role: code, ...fields } = newUser.data
      const roleRow = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.code, code))
        .limit(1)
        .then(first)
      const now = deps.clock.now()
      const inserted = await tx
        .insert(users)
        .values({
          ...fields,
          role_id: roleRow?.id ?? null,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: users.id })
      userId = inserted[0]?.id ?? 0
      await writeTrace(tx, deps.clock, {
        action: 'create',
        message: `User ${fields.login} created at their first single sign-on (role ${code})`,
        model: 'user',
        model_id: userId,
        user_id: userId,
      })
    }
    if (previousSessionHash !== null) await deleteSession(tx, previousSessionHash)
    const created = await createSession(tx, deps.clock, userId, false)
    await writeTrace(tx, deps.clock, {
      action: 'login',
      message: `${identity.value.login} signed in with single sign-on`,
      model: 'user',
      model_id: userId,
      user_id: userId,
    })
    return { ...created, user_id: userId }
  })
  return ok({ ...session, redirect: attempt.redirect })
}
