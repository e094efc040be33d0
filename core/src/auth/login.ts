import { addDays, addHours } from 'date-fns'
import { z } from 'zod'

/** POST /login: login and password required; remember and redirect optional (spec §5). */
export const LoginInputSchema = z.object({
  login: z.string().trim().min(1).max(150),
  password: z.string().min(1).max(1024),
  remember: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'on'])]).optional(),
  redirect: z.string().max(2000).nullish(),
})
export type LoginInput = z.output<typeof LoginInputSchema>

/**
 * Who a sign-in or a forgotten-password request names: the account whose login it is (letter
 * case aside), else the one account whose e-mail address it is. An address two accounts share
 * names neither (the login then tells them apart). `candidates` are the accounts whose login or
 * e-mail equals the text, letter case aside.
 */
export const userNamedBy = <User extends { login: string; email: string }>(
  candidates: readonly User[],
  text: string,
): User | undefined => {
  const wanted = text.trim().toLowerCase()
  const byLogin = candidates.find((user) => user.login.toLowerCase() === wanted)
  if (byLogin !== undefined) return byLogin
  const byEmail = candidates.filter((user) => user.email.toLowerCase() === wanted)
  return byEmail.length === 1 ? byEmail[0] : undefined
}

export const wantsRemember = (input: LoginInput): boolean =>
  input.remember === true || input.remember === '1' || input.remember === 'true' || input.remember === 'on'

/**
 * Where to send a person after sign-in: only a path of this application (starting with one "/",
 * no scheme, no "//host"), else the base path. Stops open redirects through ?redirect=.
 */
export const safeRedirect = (redirect: string | null | undefined, basePath: string): string => {
  const home = `${basePath}/`
  if (redirect === null || redirect === undefined) return home
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(redirect)) return home
  const value = redirect.trim()
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return home
  return value
}

/** A signed-in session lasts 12 hours; "remember me" keeps it 30 days. */
export const SESSION_HOURS = 12
export const REMEMBER_DAYS = 30

export const sessionExpiry = (now: Date, remember: boolean): Date =>
  remember ? addDays(now, REMEMBER_DAYS) : addHours(now, SESSION_HOURS)

/** A password reset link is valid for an hour. */
export const RESET_LINK_MINUTES = 60
/** An invitation to the supplier portal (a link to choose one's password) stays valid this many days. */
export const INVITATION_LINK_DAYS = 7
