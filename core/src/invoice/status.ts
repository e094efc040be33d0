import { type TransitionTable, transitionTable } from '../policy/lifecycle'

/**
 * Supplier invoices (design: docs/domain/supplier-invoice.md). An invoice is captured as a draft
 * (from a pending invoice: what arrived), matched against what was ordered and received,
 * validated through a circuit, then paid and exported (later areas).
 */
export const INVOICE_STATUSES = ['draft', 'awaiting', 'validated', 'refused', 'canceled'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const INVOICE_ACTIONS = ['submit', 'validate', 'refuse', 'back_to_draft', 'cancel'] as const
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number]

/** Where the outcome depends on the circuit (the rows' `when`). */
export const INVOICE_NO_STEP = 'the circuit has no step'
export const INVOICE_STEPS_LEFT = 'a step of the circuit remains'

/** The invoice's lifecycle (docs/domain/supplier-invoice.md). */
export const INVOICE_TRANSITIONS: TransitionTable<InvoiceStatus, InvoiceAction> = transitionTable([
  ['submit', ['draft', 'refused'], 'awaiting'],
  ['submit', ['draft', 'refused'], 'validated', INVOICE_NO_STEP],
  ['validate', 'awaiting', 'validated'],
  ['validate', 'awaiting', 'awaiting', INVOICE_STEPS_LEFT],
  ['refuse', 'awaiting', 'refused'],
  ['back_to_draft', ['awaiting', 'validated', 'refused'], 'draft'],
  ['cancel', ['draft', 'refused'], 'canceled'],
])

/**
 * A pending invoice waits in the accounts-payable queue until an invoice is made from it; one that
 * cannot be captured yet (its goods not received, a question to the supplier) is put on hold with
 * its reason, and released back into the queue (core/invoice/pending.ts).
 */
export const PENDING_INVOICE_STATUSES = ['pending', 'on_hold', 'processed', 'rejected'] as const
export type PendingInvoiceStatus = (typeof PENDING_INVOICE_STATUSES)[number]

/** VAT types (spec §3): reverse charge and intracommunity purchases self-assess the VAT. */
export const VAT_TYPES = ['on_collection', 'on_debit', 'intracommunity', 'reverse_charge'] as const
export type VatType = (typeof VAT_TYPES)[number]
export const SELF_ASSESSED_VAT_TYPES: readonly VatType[] = ['intracommunity', 'reverse_charge']

/** What the three-way match says of one invoice line. */
export const MATCH_RESULTS = [
  'matched',
  'over_price',
  'over_quantity',
  'not_received',
  'free',
  // A credited line (negative): within what was returned (billed beyond what is still received), or beyond it (a price or goodwill credit).
  'credit_return',
  'credit_other',
] as const
export type MatchResult = (typeof MATCH_RESULTS)[number]
/** The match results that agree with the order (shown as such); the others ask the validator to look. */
export const AGREEING_MATCH_RESULTS: readonly string[] = [
  'matched',
  'free',
  'credit_return',
] satisfies MatchResult[]

export {
  BILLING_STATUSES,
  type BillingStatus,
  DISPUTE_STATUSES,
  type DisputeStatus,
} from '../status/vocabularies'
