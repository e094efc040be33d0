import { type DomainError, type FieldIssue, formError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'
import type { Check } from './generic'

/**
 * Runs every field's checks and answers a form error listing each failing field's issues (all
 * of them, so a person fixes a form in one go), or ok.
 */
export const validateFields = (
  checks: Readonly<Record<string, readonly Check[]>>,
): Result<void, DomainError> => {
  const fields: Record<string, FieldIssue[]> = {}
  for (const [field, results] of Object.entries(checks)) {
    const issues = results.filter((r): r is FieldIssue => r !== null)
    if (issues.length > 0) fields[field] = issues
  }
  return Object.keys(fields).length === 0 ? ok(undefined) : err(formError(fields))
}

/** Merges form errors of several steps (schema parse, then business checks). */
export const mergeFormErrors = (...errors: readonly (DomainError | null)[]): DomainError | null => {
  const fields: Record<string, FieldIssue[]> = {}
  for (const error of errors) {
    for (const [field, issues] of Object.entries(error?.fields ?? {}))
      fields[field] = [...(fields[field] ?? []), ...issues]
  }
  return Object.keys(fields).length === 0 ? null : formError(fields)
}
