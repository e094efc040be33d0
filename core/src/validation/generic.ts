import { isIsoDate } from '../calendar/days'
import type { FieldIssue } from '../errors/domain-error'

/**
 * The generic rules of spec §5. Each returns the issue, or null when the value passes, so a
 * form's checks read as a list (see validateFields).
 */
export type Check = FieldIssue | null

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

export const required = (value: unknown): Check => (isBlank(value) ? { code: 'FIELD_REQUIRED' } : null)

export const maxLength = (value: string | null | undefined, max: number): Check =>
  value !== null && value !== undefined && [...value].length > max
    ? { code: 'MAX_LENGTH', params: { max } }
    : null

export const lengthBetween = (value: string, min: number, max: number): Check => {
  const length = [...value].length
  return length < min || length > max ? { code: 'LENGTH_BETWEEN', params: { min, max } } : null
}

export const noSpaces = (value: string | null | undefined): Check =>
  value !== null && value !== undefined && /\s/.test(value) ? { code: 'NO_SPACES' } : null

/** The value must not match a pattern (e.g. a code that looks like an id). */
export const notMatching = (value: string | null | undefined, pattern: RegExp): Check =>
  value !== null && value !== undefined && pattern.test(value) ? { code: 'FORBIDDEN_PATTERN' } : null

export const inList = <T>(value: T, list: readonly T[]): Check =>
  list.includes(value) ? null : { code: 'NOT_IN_LIST' }

/** Disabled or forbidden values (an inactive supplier, a closed fiscal period) are refused. */
export const notForbidden = <T>(value: T, forbidden: readonly T[]): Check =>
  forbidden.includes(value) ? { code: 'FORBIDDEN_VALUE' } : null

/** Two fields that must differ; `otherLabel` names the other field in the message. */
export const differentFrom = <T>(value: T, other: T, otherLabel: string): Check =>
  value === other ? { code: 'MUST_DIFFER', params: { other: otherLabel } } : null

export const statusEquals = <S extends string>(status: S, expected: S): Check =>
  status === expected ? null : { code: 'STATUS_MUST_BE', params: { status: expected } }

/** At least one of the named fields is filled; the issue lists them. */
export const atLeastOneOf = (values: Readonly<Record<string, unknown>>): Check =>
  Object.values(values).some((v) => !isBlank(v))
    ? null
    : { code: 'AT_LEAST_ONE_OF', params: { fields: Object.keys(values).join(', ') } }

export const selectAtLeastOne = (selection: readonly unknown[]): Check =>
  selection.length > 0 ? null : { code: 'SELECT_AT_LEAST_ONE' }

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A calendar date written "YYYY-MM-DD" that exists (no 2026-02-30). */
export const validDate = (value: string): Check => {
  if (!ISO_DATE.test(value)) return { code: 'DATE_FORMAT', params: { format: 'YYYY-MM-DD' } }
  return isIsoDate(value) ? null : { code: 'INVALID_DATE' }
}

/** ISO dates compare as strings. `bound` is shown in the message as given. */
export const dateAfterOrEqual = (value: string, bound: string): Check =>
  validDate(value) ?? (value >= bound ? null : { code: 'DATE_AFTER_OR_EQUAL', params: { date: bound } })

export const dateBeforeOrEqual = (value: string, bound: string): Check =>
  validDate(value) ?? (value <= bound ? null : { code: 'DATE_BEFORE_OR_EQUAL', params: { date: bound } })

/**
 * Uniqueness needs the database, so the caller injects the look-up: `exists(value)` answers
 * whether another record already has it.
 */
export const unique = async <T>(
  value: T,
  exists: (value: T) => Promise<boolean> | boolean,
): Promise<Check> => ((await exists(value)) ? { code: 'NOT_UNIQUE' } : null)
