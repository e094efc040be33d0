export {
  ACCOUNTING_EXPORT_POLICY_ACTIONS,
  type AccountingExportPolicyAction,
  allowedAccountingExportActions,
  canExportAccounting,
} from './access'
export {
  type AccountingAccountAnswer,
  AccountingAccountAnswerSchema,
  type AccountingCheckAnswer,
  AccountingCheckAnswerSchema,
  type AccountingExportedAnswer,
  AccountingExportedAnswerSchema,
  type AccountingExportRowAnswer,
  AccountingExportRowAnswerSchema,
  type AccountingSettingsAnswer,
  AccountingSettingsAnswerSchema,
} from './answers'
export { checkExportSelection, type ExportCandidate, exportProblems, isExportable } from './checks'
export {
  type AccountingEntryInput,
  AccountingEntryInputSchema,
  type AccountingVatEntryInput,
  AccountingVatEntryInputSchema,
  accountOfLine,
} from './entries'
export { employeeCode, expenseReportEntry, type JournalExpenseReport } from './expense-journal'
export {
  ACCOUNTING_FORMATS,
  type AccountingFormat,
  type AccountingWriter,
  CSV_COLUMNS,
  type CsvColumn,
  csvWriter,
  DATE_FORMATS,
  type DateFormat,
  type EntryContext,
  FEC_COLUMNS,
  FEC_LABELS,
  fecWriter,
  formatDate,
  type WriterOptions,
  writerFor,
} from './formats'
export { AccountingExportInputSchema, AccountingSettingsSchema } from './inputs'
export {
  entryTotals,
  type JournalEntry,
  type JournalInvoice,
  type JournalLine,
  journalEntry,
  supplierAccount,
  type VatAccount,
} from './journal'
export {
  ACCOUNTING_ENTRY_LIST,
  ACCOUNTING_EXPORT_LIST,
  ACCOUNTING_EXPORT_STATUS_LABELS,
  ACCOUNTING_FORMAT_LABELS,
  ACCOUNTING_VAT_ENTRY_LIST,
  VAT_TYPE_LABELS,
} from './list'
export { type BankJournal, type JournalPayment, paymentEntry } from './payments'
