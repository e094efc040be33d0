import type { DomainError } from '../errors'
import { err, ok, type Result } from '../result'

/** What an OpenID provider says of the person signed in (the ID token's and userinfo's claims). */
export type SsoClaims = {
  sub: string
  email?: unknown
  email_verified?: unknown
  preferred_username?: unknown
  name?: unknown
  locale?: unknown
}

/** The person as Procura looks them up: by e-mail or by login (the `sso_match` setting). */
export type SsoIdentity = {
  by: 'email' | 'login'
  key: string
  email: string | null
  login: string
  label: string
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

/**
 * The identity a provider's claims give: matched by e-mail, the e-mail must be given and not
 * marked unverified (an address nobody proved is nobody's); matched by login, the provider's
 * `preferred_username`. The label is the name, else the login.
 */
export const ssoIdentity = (
  claims: SsoClaims,
  match: 'email' | 'login',
): Result<SsoIdentity, DomainError> => {
  const email = text(claims.email)
  const login = text(claims.preferred_username) ?? email ?? claims.sub
  if (match === 'email') {
    if (email === null || claims.email_verified === false)
      return err({ code: 'SSO_NO_IDENTITY', params: { claim: 'email' } })
    return ok({ by: 'email', key: email.toLowerCase(), email, login, label: text(claims.name) ?? login })
  }
  if (text(claims.preferred_username) === null)
    return err({ code: 'SSO_NO_IDENTITY', params: { claim: 'preferred_username' } })
  return ok({ by: 'login', key: login.toLowerCase(), email, login, label: text(claims.name) ?? login })
}

/**
 * What becomes of a signed-in identity: the user found (active), refused (inactive, or none and
 * users are not created), or a user to create with the default role.
 */
export const ssoOutcome = (
  found: { id: number; active: boolean } | null,
  createUsers: boolean,
): Result<{ userId: number } | { create: true }, DomainError> => {
  if (found !== null) return found.active ? ok({ userId: found.id }) : err({ code: 'ACCOUNT_INACTIVE' })
  return createUsers ? ok({ create: true }) : err({ code: 'SSO_UNKNOWN_USER' })
}
