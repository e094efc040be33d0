import type { ErrorCode } from './catalogue'
import type { MessageParams } from './translate'

/** One problem with one field of a form, by code. */
export type FieldIssue = { readonly code: ErrorCode; readonly params?: MessageParams }
export type FieldIssues = Readonly<Record<string, readonly FieldIssue[]>>

/**
 * An expected refusal: a stable code, the parameters of its message, and for form errors the
 * problems of each field. Adapters translate it (api → HTTP, cli → exit code, app → toast).
 */
export type DomainError = {
  readonly code: ErrorCode
  readonly params?: MessageParams
  readonly fields?: FieldIssues
}

export const domainError = (code: ErrorCode, params?: MessageParams): DomainError =>
  params === undefined ? { code } : { code, params }

/** A form refusal: "Action not possible: there are errors in the form." with per-field issues. */
export const formError = (fields: FieldIssues): DomainError => ({ code: 'FORM_ERRORS', fields })

export const isDomainError = (value: unknown): value is DomainError =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string'
