import { type DomainError, type ErrorCode, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'

/**
 * The one table from error code to HTTP status. A code not listed is a business refusal of the
 * input: 422. State conflicts (wrong status, locked model, duplicates) are 409.
 */
export const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  UNREADABLE_JSON: 400,
  UNREADABLE_UPLOAD: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CANT_INDEX: 403,
  NOT_FOUND: 404,
  ITEM_NOT_FOUND: 404,
  ITEM_DELETED: 410,
  LINK_EXPIRED: 498,
  SERVER_ERROR: 500,
  MAINTENANCE: 503,
  FORM_ERRORS: 422,
  MODEL_LOCKED: 409,
  SETUP_DONE: 409,
  DECISION_LINK_INVALID: 404,
  PUNCHOUT_SESSION_UNKNOWN: 404,
  PUNCHOUT_SESSION_USED: 409,
  PUNCHOUT_SESSION_EXPIRED: 409,
  DECISION_LINK_USED: 409,
  DECISION_LINK_EXPIRED: 409,
  DECISION_LINK_CANCELLED: 409,
  DECISION_LINK_DECIDED: 409,
  DECISION_LINK_CHANGED: 409,
  NOT_UNIQUE: 409,
  STATUS_CHANGE_FAILED: 409,
  CSRF_MISMATCH: 419,
  TRANSITION_NOT_ALLOWED: 409,
  PO_ALREADY_SENT: 409,
  DOCUMENT_CHANGED: 409,
  SUPPLIER_CONTACT_IN_USE: 409,
  PO_SENT_CONFIRMATION_REQUIRED: 409,
  INVOICE_IN_DISPUTE_CONFIRMATION: 409,
  TOO_MANY_ATTEMPTS: 429,
  API_RATE_LIMITED: 429,
  ACCOUNT_INACTIVE: 403,
  CLASSIC_LOGIN_DISABLED: 403,
  ITEM_DISABLED: 409,
  // The warning asks the user and is answered by sending the action again with confirm: true.
  BUDGET_OVERRUN_WARNING: 409,
  BUDGET_OVERRUN_BLOCKED: 409,
  BUDGET_IN_USE: 409,
  ALLOCATION_IN_USE: 409,
  FISCAL_PERIOD_IN_USE: 409,
  EXPENSE_REFERENCE_IN_USE: 409,
  REFERENCE_IN_USE: 409,
  MODULE_IN_USE: 409,
  EXPENSE_IN_REPORT: 409,
  EXPENSE_REPORT_DECIDED: 409,
  PENDING_INVOICE_ON_HOLD: 409,
  ORDER_NOT_DELETABLE: 409,
  ORDER_HAS_DOCUMENTS: 409,
  RFQ_SEALED: 409,
  API_DISABLED: 403,
  RFQ_ANSWER_LATE: 409,
  RFQ_NOT_OPEN: 409,
}

export const statusOf = (code: ErrorCode): number => HTTP_STATUS[code] ?? 422

/** Page-level answers carry only their message; business refusals also carry their code. */
const MESSAGE_ONLY = new Set<ErrorCode>([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'SERVER_ERROR',
  'MAINTENANCE',
])

export type ProblemBody = {
  message: string
  code?: ErrorCode
  errors?: Record<string, string[]>
}

/** The JSON body of the brief for a refusal, translated into `language`. */
export const problemBody = (error: DomainError, language: Language): ProblemBody => {
  const message = translate(error.code, error.params, language)
  if (error.code === 'FORM_ERRORS') {
    const errors: Record<string, string[]> = {}
    for (const [field, issues] of Object.entries(error.fields ?? {})) {
      errors[field] = issues.map((issue) => translate(issue.code, issue.params, language))
    }
    return { message, errors }
  }
  return MESSAGE_ONLY.has(error.code) ? { message } : { message, code: error.code }
}

export const problemResponse = (
  error: DomainError,
  language: Language,
  headers: Record<string, string> = {},
): Response =>
  new Response(JSON.stringify(problemBody(error, language)), {
    status: statusOf(error.code),
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  })
