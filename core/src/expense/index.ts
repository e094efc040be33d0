export {
  canAdministerExpenses,
  type ExpenseActor,
  mayReadExpenseReport,
  seesAllExpenses,
} from './access'
export {
  type ExpenseAnswer,
  ExpenseAnswerSchema,
  type ExpenseFormChoicesAnswer,
  ExpenseFormChoicesAnswerSchema,
  type ExpenseReportAnswer,
  ExpenseReportAnswerSchema,
  type ExpenseReportRowAnswer,
  ExpenseReportRowAnswerSchema,
  type ExpenseRowAnswer,
  ExpenseRowAnswerSchema,
  type ExpenseSavedAnswer,
  ExpenseSavedAnswerSchema,
  type FreeExpenseAnswer,
  FreeExpenseAnswerSchema,
} from './answers'
export {
  checkExpenseAmounts,
  checkExpenseValues,
  EXPENSE_FIELD_KINDS,
  type ExpenseField,
  type ExpenseFieldKind,
  type ExpenseInput,
  ExpenseInputSchema,
  type ExpenseTypeInput,
  ExpenseTypeInputSchema,
  expenseTypeIn,
  mileageField,
} from './expense'
export { ExpenseReportActionSchema, ExpenseReportInputSchema } from './inputs'
export {
  EXPENSE_LIST,
  EXPENSE_PAYMENT_STATUS_LABELS,
  EXPENSE_REPORT_LIST,
  EXPENSE_REPORT_STATUS_LABELS,
  TRANSPORT_MEAN_LABELS,
} from './list'
export {
  bandsOf,
  type MileageItem,
  type ScaleBand,
  settleMileage,
  TRANSPORT_MEANS,
  type TransportMean,
  type Vehicle,
  yearAmount,
} from './mileage'
export {
  allowedExpenseActions,
  allowedExpenseReportActions,
  EXPENSE_REPORT_POLICY_ACTIONS,
  type ExpenseReportPolicyAction,
  maySeeExpense,
} from './policy'
export {
  checkMayWithdrawReport,
  EXPENSE_REPORT_ACTIONS,
  EXPENSE_REPORT_STATUSES,
  EXPENSE_REPORT_TRANSITIONS,
  type ExpenseReportAction,
  type ExpenseReportStatus,
  expenseReportPayable,
  expenseReportTransition,
  isReportEditable,
  type PayableExpenseReport,
  planExpensePayments,
  planExpenseReport,
  type ReportableExpense,
} from './report'
export { FRENCH_SCALE_2024, ScaleBandInputSchema, ScalePeriodInputSchema } from './scale'
