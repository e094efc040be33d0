import type { FieldIssue } from '../errors/domain-error'
import type { Check } from './generic'

export type PasswordPolicy = {
  min_length: number
  require_lowercase: boolean
  require_uppercase: boolean
  require_digit: boolean
  require_symbol: boolean
}

/** A reset link asks only for this many characters (spec: minimum six for reset). */
export const RESET_PASSWORD_MIN_LENGTH = 6

/** Every problem of a new password, so the person sees them all at once. */
export const passwordIssues = (password: string, policy: PasswordPolicy): FieldIssue[] => {
  const issues: FieldIssue[] = []
  if ([...password].length < policy.min_length)
    issues.push({ code: 'PASSWORD_TOO_SHORT', params: { min: policy.min_length } })
  if (policy.require_lowercase && !/\p{Ll}/u.test(password)) issues.push({ code: 'PASSWORD_NEEDS_LOWERCASE' })
  if (policy.require_uppercase && !/\p{Lu}/u.test(password)) issues.push({ code: 'PASSWORD_NEEDS_UPPERCASE' })
  if (policy.require_digit && !/\p{Nd}/u.test(password)) issues.push({ code: 'PASSWORD_NEEDS_DIGIT' })
  if (policy.require_symbol && !/[^\p{L}\p{Nd}\s]/u.test(password))
    issues.push({ code: 'PASSWORD_NEEDS_SYMBOL' })
  return issues
}

export const resetPasswordIssues = (password: string): FieldIssue[] =>
  [...password].length < RESET_PASSWORD_MIN_LENGTH
    ? [{ code: 'PASSWORD_TOO_SHORT', params: { min: RESET_PASSWORD_MIN_LENGTH } }]
    : []

export const differsFromCurrent = (next: string, current: string): Check =>
  next === current ? { code: 'PASSWORD_SAME_AS_CURRENT' } : null

export const confirmationMatches = (password: string, confirmation: string): Check =>
  password === confirmation ? null : { code: 'PASSWORD_CONFIRMATION_MISMATCH' }
