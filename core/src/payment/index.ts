export {
  type BankAccountOwner,
  canExportSepa,
  canManageBankAccounts,
  canPreparePayments,
  canRecordBankAnswers,
  checkCanManageBankAccountsOf,
  checkPaymentValidator,
  type OrderPeople,
  orderPeople,
  seesAllPayments,
} from './access'
export {
  BankAnswersReadAnswerSchema,
  type PaymentGroupAnswer,
  PaymentGroupAnswerSchema,
  type PaymentGroupMovedAnswer,
  PaymentGroupMovedAnswerSchema,
  type PaymentGroupRowAnswer,
  PaymentGroupRowAnswerSchema,
  PaymentLineAnswerSchema,
  type ProposedPaymentAnswer,
  ProposedPaymentAnswerSchema,
  type SepaExportedAnswer,
  SepaExportedAnswerSchema,
} from './answers'
export {
  ACCOUNT_NUMBER_TYPES,
  BANK_ACCOUNT_CSV_COLUMNS,
  BANK_ACCOUNT_STATUSES,
  type BankAccountInput,
  BankAccountInputSchema,
  type BankAccountStatus,
  checkIbanKept,
  HOLDER_TYPES,
  ibanOf,
  normaliseIban,
  PAYMENT_OPTIONS,
  payableAccountOf,
} from './bank-account'
export {
  BENEFICIARY_REASON_CODES,
  bankAnswerAction,
  INSUFFICIENT_FUNDS,
  TECHNICAL_REASON_CODES,
} from './bank-answer'
export { easterSunday, isTargetBusinessDay, sepaExecutionDate, targetHolidays } from './execution-date'
export { PaymentGroupActionSchema } from './inputs'
export {
  COMMITTED_PAYMENT_LINE_STATUSES,
  FINAL_PAYMENT_LINE_STATUSES,
  PAYMENT_LINE_ACTIONS,
  PAYMENT_LINE_TRANSITIONS,
  type PaymentLineAction,
  paymentLineTransition,
  paymentsToCancel,
} from './line-status'
export { PAYMENT_GROUP_LIST, PAYMENT_GROUP_STATUS_LABELS } from './list'
export {
  checkSharedAccountsCleared,
  creditNotesPaymentStatus,
  DEPOSIT_PAYABLE_ORDER_STATUSES,
  invoicePaymentStatus,
  orderPaymentStatus,
  type PayableDeposit,
  type PayableInvoice,
  PaymentGroupInputSchema,
  type PlannedDeposit,
  type PlannedPayment,
  paymentGroupStatus,
  planDeposits,
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
export {
  allowedBankAccountActions,
  allowedPaymentGroupActions,
  BANK_ACCOUNT_POLICY_ACTIONS,
  type BankAccountPolicyAction,
  PAYMENT_GROUP_POLICY_ACTIONS,
  type PaymentGroupPolicyAction,
  type PaymentSeparation,
} from './policy'
export {
  buildPain001,
  buildPain002,
  checkSepaBatch,
  controlSum,
  DEFAULT_SEPA_FORMAT,
  epcText,
  isSepaFormat,
  SEPA_FORMATS,
  type SepaAccount,
  type SepaBatch,
  type SepaFormat,
  type SepaTransfer,
  sepaAmount,
} from './sepa'
