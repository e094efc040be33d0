import type { z } from 'zod'
import { err, ok, type Result } from '../result'
import { isErrorCode } from './catalogue'
import { type DomainError, type FieldIssue, formError } from './domain-error'

type Issue = z.core.$ZodIssue

const bound = (value: number | bigint): number => Number(value)

/**
 * Maps one zod issue to a catalogue code. A schema names its own code with `{ error: 'CODE' }`
 * or a refine's message; otherwise the kind of zod issue decides.
 */
export const toFieldIssue = (issue: Issue): FieldIssue => {
  if (isErrorCode(issue.message)) {
    const params = issue.code === 'custom' ? (issue.params as FieldIssue['params']) : undefined
    return params === undefined ? { code: issue.message } : { code: issue.message, params }
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { code: 'FIELD_REQUIRED' }
      return { code: issue.expected === 'number' ? 'NOT_A_NUMBER' : 'INVALID_VALUE' }
    case 'too_small':
      if (issue.origin === 'string') {
        return bound(issue.minimum) <= 1
          ? { code: 'FIELD_REQUIRED' }
          : { code: 'TOO_SHORT', params: { min: bound(issue.minimum) } }
      }
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'FIELD_REQUIRED' }
      return { code: 'TOO_SMALL', params: { min: bound(issue.minimum) } }
    case 'too_big':
      if (issue.origin === 'string') return { code: 'MAX_LENGTH', params: { max: bound(issue.maximum) } }
      return { code: 'TOO_LARGE', params: { max: bound(issue.maximum) } }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'INVALID_EMAIL' }
      if (issue.format === 'date' || issue.format === 'datetime') return { code: 'INVALID_DATE' }
      return { code: 'INVALID_VALUE' }
    case 'invalid_value':
      return { code: 'NOT_IN_LIST' }
    default:
      return { code: 'INVALID_VALUE' }
  }
}

/**
 * Parses input with a core schema and answers a Result: the parsed value, or a form error whose
 * fields carry catalogue codes (never zod's English messages). Field keys are dotted paths.
 */
export const parseWith = <S extends z.ZodType>(
  schema: S,
  input: unknown,
): Result<z.output<S>, DomainError> => {
  const parsed = schema.safeParse(input, { reportInput: true })
  if (parsed.success) return ok(parsed.data)
  const fields: Record<string, FieldIssue[]> = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path.length === 0 ? '_' : issue.path.map(String).join('.')
    fields[key] = [...(fields[key] ?? []), toFieldIssue(issue)]
  }
  return err(formError(fields))
}
