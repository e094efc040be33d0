export { canBillOrder, canHandleInvoices, canSeeInvoice, readsAllInvoices } from './access'
export {
  type BillableLineAnswer,
  BillableLineAnswerSchema,
  type ExternalChargeChoicesAnswer,
  ExternalChargeChoicesAnswerSchema,
  type ExternalChargeRowAnswer,
  ExternalChargeRowAnswerSchema,
  type InvoiceAnswer,
  InvoiceAnswerSchema,
  type InvoiceFormDataAnswer,
  InvoiceFormDataAnswerSchema,
  InvoiceLineAnswerSchema,
  type InvoiceMatchAnswer,
  InvoiceMatchAnswerSchema,
  type InvoiceRowAnswer,
  InvoiceRowAnswerSchema,
  type PendingInvoiceAnswer,
  PendingInvoiceAnswerSchema,
} from './answers'
export { type CdarStatus, cdarReasonCode, cdarStatusMessage } from './cdar'
export {
  allocateOpenCredit,
  type CorrectedInvoice,
  type CreditAllocation,
  checkCorrectedInvoice,
  checkDocumentSign,
  circuitAmountOf,
  isCreditable,
  type OpenCredit,
  type OpenInvoice,
  openCreditPaymentStatus,
} from './credit-note'
export {
  addresseeOf,
  type EInvoice,
  EN16931_RULES,
  type En16931Rule,
  eInvoiceIssueParams,
  eInvoiceIssues,
  invoiceLinesFromEInvoice,
  type OfferedLine,
} from './e-invoice'
export {
  type MatchableLine,
  type MatchRule,
  matchEInvoiceLines,
  matchEInvoiceOrder,
  type OrderMatch,
  REFERENCE_RULES,
  type ReferencedOrder,
  type ReferenceLookup,
  type ReferenceRule,
} from './e-invoice-match'
export {
  EXTERNAL_CHARGE_LIST,
  type ExternalChargeInput,
  ExternalChargeInputSchema,
  externalChargeAsInvoice,
} from './external-charge'
export { AckSchema, OutboxQuerySchema } from './inputs'
export {
  DisputeInputSchema,
  DisputeMessageSchema,
  INVOICE_NUMBER,
  InvoiceLineSchema,
  invoiceTotals,
  PendingInvoiceInputSchema,
  type SupplierInvoiceInput,
  SupplierInvoiceInputSchema,
} from './invoice.schema'
export { CAPTURE_KINDS, type CaptureKind, INVOICE_KINDS, type InvoiceKind } from './kinds'
export { INVOICE_ACTION_LABELS } from './labels'
export {
  INBOUND_LIFECYCLE_CODES,
  type InboundStatus,
  InboundStatusSchema,
  inboundLifecycleStatus,
  LIFECYCLE_EVENTS,
  LIFECYCLE_REASON_CODES,
  LIFECYCLE_REASONS,
  LIFECYCLE_REASONS_BY_STATUS,
  LIFECYCLE_STATUSES,
  type LifecycleCode,
  type LifecycleEvent,
  type LifecycleReason,
  lifecycleReasonsFor,
  lifecycleStatusFor,
  STATUS_PUSH_MAX_RETRY_MS,
  sirenOf,
  statusPushDelayMs,
} from './lifecycle'
export {
  INVOICE_KIND_LABELS,
  INVOICE_LIST,
  PENDING_INVOICE_LIST,
  PENDING_INVOICE_STATUS_LABELS,
} from './list'
export {
  type BillableLine,
  type BillingLimits,
  checkInvoiceTotal,
  checkMatch,
  closeBilling,
  type InvoiceLineInput,
  lineBillingStatus,
  type MatchedLine,
  type MatchPlan,
  matchInvoice,
  orderBillingStatus,
} from './match'
export {
  PENDING_INVOICE_ACTIONS,
  PENDING_INVOICE_TRANSITIONS,
  type PendingInvoiceAction,
  type PendingInvoiceHold,
  PendingInvoiceHoldSchema,
  PendingInvoiceRejectSchema,
  type PendingInvoiceState,
  pendingInvoiceTransition,
} from './pending'
export {
  allowedInvoiceActions,
  allowedPendingInvoiceActions,
  INVOICE_EDITABLE_STATUSES,
  INVOICE_POLICY_ACTIONS,
  type InvoicePolicyAction,
} from './policy'
export {
  AGREEING_MATCH_RESULTS,
  BILLING_STATUSES,
  type BillingStatus,
  DISPUTE_STATUSES,
  type DisputeStatus,
  INVOICE_ACTIONS,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  type InvoiceAction,
  type InvoiceStatus,
  MATCH_RESULTS,
  type MatchResult,
  PENDING_INVOICE_STATUSES,
  type PendingInvoiceStatus,
  SELF_ASSESSED_VAT_TYPES,
  VAT_TYPES,
  type VatType,
} from './status'
export {
  DISPUTE_ACTIONS,
  type DisputeAction,
  disputeTransition,
  type InvoiceState,
  invoiceTransition,
} from './transitions'
