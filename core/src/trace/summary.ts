import type { Language } from '../i18n/language'
import { INVOICE_ACTION_LABELS } from '../invoice/labels'
import { NEED_ACTION_LABELS } from '../need/labels'
import { ORDER_ACTION_LABELS } from '../purchase-order/labels'
import { GENERIC_STATUS_LABELS, NEED_PROCESSING_STATUS_LABELS } from '../status/labels'

/** The actions of the documents whose lifecycle traces read "<document>: <action> → <status>[/<processing>]". */
const ACTION_LABELS: Record<string, Record<Language, Record<string, string>>> = {
  need: NEED_ACTION_LABELS,
  purchase_order: ORDER_ACTION_LABELS,
  supplier_invoice: INVOICE_ACTION_LABELS,
}

/** A lifecycle trace's message as the services write it (an audit line, in English, with codes). */
const TRANSITION = /: ([a-z_]+) → ([a-z_]+)(?:\/([a-z_]+))?$/

const labelOf = (
  labels: Readonly<Record<string, { [L in Language]: string }>>,
  code: string,
  language: Language,
) => labels[code]?.[language] ?? code

/**
 * A trace as a line of its document's history, in the reader's language: a lifecycle step says the
 * action as its button says it and the status it led to ("Submit → Awaiting validation", a request's
 * processing after it when there is one), never the codes of the audit line
 * ("submit → awaiting/none"). Any other trace reads as its message.
 */
export const traceSummary = (trace: { model: string; message: string }, language: Language): string => {
  const actions = ACTION_LABELS[trace.model]?.[language]
  const found = actions === undefined ? null : TRANSITION.exec(trace.message)
  if (actions === undefined || found === null) return trace.message
  const [, action = '', status = '', processing] = found
  const step = `${actions[action] ?? action} → ${labelOf(GENERIC_STATUS_LABELS, status, language)}`
  return processing === undefined || processing === 'none'
    ? step
    : `${step} (${labelOf(NEED_PROCESSING_STATUS_LABELS, processing, language)})`
}
