import { PAYMENT_LINE_STATUS_LABELS } from '@procura/core/status'
import { textsIn } from '../texts-in'

/** The payments texts, loaded with the routes that use them (en). */
export const texts = {
  payments: {
    empty: 'No payment yet. Pay invoices that are due to prepare a first group.',
    title: 'Payments',
    payDeposit: 'Pay the deposit',
    new: 'Pay invoices',
    accountsTitle: 'Paying accounts',
    accountsHelp: 'The companies’ own accounts, debited by the SEPA files. Their main IBAN is used.',
    linesTitle: 'Payments of this group',
    select: 'Select',
    selectLine: 'Select {{name}}',
    expenseReport: 'Expense report {{code}}',
    deposit: 'Deposit of {{code}}',
    reason: '(bank reason {{code}})',
    sepaTitle: 'SEPA credit transfer',
    sepaFormat: 'File version',
    sepaNone: 'No file yet: the payments are exported once validated.',
    sepaSummary_one: '{{count}} transfer, {{amount}}, made {{date}}',
    sepaSummary_other: '{{count}} transfers, {{amount}}, made {{date}}',
    dateMoved:
      'The group’s date ({{requested}}) had passed: the file asks the bank to pay on {{date}}, the next business day.',
    executionDate: 'to be paid on {{date}}',
    exportConfirm:
      'Export the validated payments of {{code}} to a SEPA file? They become scheduled and cannot be exported again.',
    payConfirm_one: 'Mark {{count}} payment as paid? Do it once the bank has debited it.',
    payConfirm_other: 'Mark {{count}} payments as paid? Do it once the bank has debited them.',
    cancelConfirm_one: 'Cancel {{count}} payment? Its amount becomes payable again.',
    cancelConfirm_other: 'Cancel {{count}} payments? Their amounts become payable again.',
    done_one: '{{action}}: {{count}} payment.',
    done_other: '{{action}}: {{count}} payments.',
    exported_one: 'File {{reference}} made with {{count}} transfer.',
    exported_other: 'File {{reference}} made with {{count}} transfers.',
    answerTitle: 'Bank answer',
    answerHelp:
      'Import the status report (pain.002) your bank returns: settled transfers become paid, rejected ones keep the bank’s reason and their invoices become payable again.',
    answerFile: 'Status report (XML)',
    answerImport: 'Import the answer',
    answerDone:
      'Bank answer imported: {{paid}} paid, {{rejected}} rejected, {{blocked}} blocked, {{failed}} in error, {{unchanged}} unchanged.',
    proposalHelp:
      'The validated, undisputed invoices due by the date, with what remains to pay. Leave an amount empty to pay all that remains.',
    dueBy: 'Due by',
    proposalEmpty: 'Nothing to pay by {{date}}.',
    proposalCaption: 'Invoices of {{company}} in {{currency}}',
    pay: 'Pay',
    ibanCheckReason: 'Why pay {{code}}: what you checked',
    payInvoice: 'Pay {{code}}',
    amountFor: 'Amount for {{code}}',
    create: 'Create the payment for {{company}}',
    statuses: { ...textsIn(PAYMENT_LINE_STATUS_LABELS, 'en'), mixed: 'Mixed' },
    fields: {
      code: 'Number',
      paymentDate: 'Payment date',
      company: 'Company',
      suppliers: 'Suppliers',
      lines: 'Payments',
      status: 'Status',
      amount: 'Amount incl. tax',
      createdBy: 'Created by',
      supplier: 'Supplier',
      paid: 'Invoice or deposit',
      invoice: 'Invoice',
      dueDate: 'Due date',
      remaining: 'Remaining to pay',
      amountToPay: 'Amount to pay',
    },
    actions: {
      submit: 'Submit',
      validate: 'Validate',
      refuse: 'Refuse',
      pay: 'Mark paid',
      cancel: 'Cancel payments',
      export: 'Export to SEPA',
    },
  },
}

export type Texts = typeof texts
