export {
  ACCOUNT_NUMBER_TYPES,
  BANK_ACCOUNT_STATUSES,
  type BankAccountInput,
  BankAccountInputSchema,
  type BankAccountStatus,
  checkBankAccountValidation,
  HOLDER_TYPES,
  normaliseIban,
  PAYMENT_OPTIONS,
  payableAccountOf,
} from './bank-account'
export {
  COMMITTED_PAYMENT_LINE_STATUSES,
  FINAL_PAYMENT_LINE_STATUSES,
  PAYMENT_LINE_ACTIONS,
  PAYMENT_LINE_TRANSITIONS,
  type PaymentLineAction,
  paymentLineTransition,
} from './line-status'
export {
  invoicePaymentStatus,
  type PayableInvoice,
  PaymentGroupInputSchema,
  type PlannedPayment,
  planPaymentGroup,
  proposePayments,
  remainingToPay,
} from './payment-group'
export {
  describePaymentTerm,
  dueDate,
  PAYMENT_TYPES,
  type PaymentTerm,
  PaymentTermSchema,
  type PaymentType,
} from './payment-term'
