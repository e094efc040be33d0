import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { flag, timestamps } from './columns'
import { companies, departments } from './organisation'
import { purchaseOrderLines, purchaseOrders, suppliers } from './purchasing'
import { users } from './users'

/**
 * Pending supplier invoices: what arrived (the file, the supplier, its number, date and totals)
 * before anyone matches it; the accounts-payable queue (docs/domain/supplier-invoice.md).
 */
export const pendingInvoices = sqliteTable(
  'pending_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** pending, on_hold, processed (an invoice was made from it), rejected (core/invoice/pending.ts). */
    status: text('status').notNull().default('pending'),
    /** Why it is on hold (the goods not received yet, a question out to the supplier). */
    hold_reason: text('hold_reason'),
    supplier_id: integer('supplier_id').references(() => suppliers.id),
    label: text('label'),
    invoice_date: text('invoice_date'),
    currency_code: text('currency_code').notNull(),
    amount_exctax: text('amount_exctax').notNull(),
    amount_inctax: text('amount_inctax').notNull(),
    comment: text('comment'),
    /** The file as received, under the storage folder. */
    file_name: text('file_name'),
    file_path: text('file_path'),
    file_size: integer('file_size'),
    /** An e-invoice read from the file (core/invoice EInvoice), and what of its totals did not add up. */
    e_invoice: text('e_invoice', { mode: 'json' }),
    e_invoice_issues: text('e_invoice_issues', { mode: 'json' }).$type<{ code: string; message: string }[]>(),
    /** Where an e-invoice is addressed: the company of its buyer SIREN, the department of its routing code. */
    company_id: integer('company_id').references(() => companies.id),
    department_id: integer('department_id').references(() => departments.id),
    /** The order the e-invoice's references found, and the rule that found it (core matchEInvoiceOrder). */
    e_invoice_match: text('e_invoice_match', { mode: 'json' }).$type<{
      rule: string
      order_id: number
      order_code: string
    } | null>(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [index('pending_invoices_status_idx').on(t.status, t.created_at, t.id)],
)

/** Supplier invoices, credit notes (negative amounts) and external charges, matched against orders' lines. */
export const supplierInvoices = sqliteTable(
  'supplier_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The piece number, from the settings' template (formats.invoice_piece_number). */
    code: text('code').notNull(),
    /** The supplier's invoice number. */
    label: text('label').notNull(),
    /** An invoice, a credit note (negative figures), or an external charge (no order), core/invoice INVOICE_KINDS. */
    kind: text('kind').notNull().default('invoice'),
    /** A credit note's invoice: the one it corrects (core/invoice checkCorrectedInvoice), when named. */
    corrects_invoice_id: integer('corrects_invoice_id').references(
      (): AnySQLiteColumn => supplierInvoices.id,
    ),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    department_id: integer('department_id').references(() => departments.id),
    currency_code: text('currency_code').notNull(),
    /** Its currency's rate to the default currency on the invoice date, kept (core/locale rateOn). */
    exchange_rate: text('exchange_rate').notNull().default('1'),
    invoice_date: text('invoice_date').notNull(),
    /** From the supplier's payment term; the invoice date when none was agreed (due on receipt). */
    due_date: text('due_date').notNull(),
    outside_eu: flag('outside_eu').notNull().default(false),
    vat_type: text('vat_type').notNull(),
    status: text('status').notNull(),
    payment_status: text('payment_status').notNull().default('no'),
    dispute_status: text('dispute_status').notNull().default('no'),
    exported_at: integer('exported_at', { mode: 'timestamp_ms' }),
    /** The accounting export that carries it (core/accounting), null while not exported. */
    accounting_export_id: integer('accounting_export_id'),
    /** Computed from the lines (decimal strings). */
    amount_exctax: text('amount_exctax').notNull(),
    amount_tax: text('amount_tax').notNull(),
    amount_inctax: text('amount_inctax').notNull(),
    /** What the supplier is paid: incl. tax, or excl. tax when the VAT is self-assessed. */
    payable_amount: text('payable_amount').notNull(),
    vat_breakdown: text('vat_breakdown', { mode: 'json' })
      .$type<{ rate: string; base: string; tax: string }[]>()
      .notNull(),
    pending_invoice_id: integer('pending_invoice_id').references(() => pendingInvoices.id),
    /** Captured from an e-invoice: its lifecycle statuses are kept (and sent back to its platform). */
    e_invoice: flag('e_invoice').notNull().default(false),
    comment: text('comment'),
    /** The validation circuit's state (core/circuit CircuitState), null before submission. */
    circuit: text('circuit', { mode: 'json' }),
    validated_at: integer('validated_at', { mode: 'timestamp_ms' }),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    lock_version: integer('lock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('supplier_invoices_code_idx').on(t.code),
    uniqueIndex('supplier_invoices_number_idx').on(t.supplier_id, t.label),
    index('supplier_invoices_status_idx').on(t.status, t.created_at, t.id),
    index('supplier_invoices_created_idx').on(t.created_at, t.id),
    index('supplier_invoices_export_idx').on(t.accounting_export_id),
    index('supplier_invoices_kind_idx').on(t.kind, t.created_at, t.id),
  ],
)

export const supplierInvoiceLines = sqliteTable(
  'supplier_invoice_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplier_invoice_id: integer('supplier_invoice_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The order line billed; null on a free line (freight, fees). */
    purchase_order_line_id: integer('purchase_order_line_id').references(() => purchaseOrderLines.id),
    purchase_order_id: integer('purchase_order_id').references(() => purchaseOrders.id),
    label: text('label').notNull(),
    quantity: text('quantity'),
    unit_price_exctax: text('unit_price_exctax'),
    amount_exctax: text('amount_exctax').notNull(),
    vat_rate: text('vat_rate').notNull(),
    /** core/invoice MatchResult when it was matched. */
    match_result: text('match_result').notNull(),
    /** A cost to be charged on (to a customer, another entity): it counts in the order's rebilled amount. */
    rebill: flag('rebill').notNull().default(false),
    /** The expense account chosen for this line; null: its product family's, else the default. */
    accounting_entry_id: integer('accounting_entry_id'),
    /** A free line's allocation codes (an order line's are its order line's). */
    allocation1: text('allocation1'),
    allocation2: text('allocation2'),
    allocation3: text('allocation3'),
    allocation4: text('allocation4'),
    remaining_exctax: text('remaining_exctax'),
  },
  (t) => [
    index('supplier_invoice_lines_invoice_idx').on(t.supplier_invoice_id),
    index('supplier_invoice_lines_order_line_idx').on(t.purchase_order_line_id),
  ],
)

/**
 * What a credit note naming no invoice takes off the supplier's other invoices (core
 * allocateOpenCredit): a part of the note's amount (positive) set against one invoice, made when
 * either is validated, removed when either leaves `validated`. One row per note and invoice.
 */
export const creditAllocations = sqliteTable(
  'credit_allocations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    credit_note_id: integer('credit_note_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    supplier_invoice_id: integer('supplier_invoice_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    amount: text('amount').notNull(),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_allocations_pair_idx').on(t.credit_note_id, t.supplier_invoice_id),
    index('credit_allocations_invoice_idx').on(t.supplier_invoice_id),
  ],
)

/** The exchanges of a dispute on an invoice: opening it, each message, closing it. */
export const invoiceDisputeMessages = sqliteTable(
  'invoice_dispute_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplier_invoice_id: integer('supplier_invoice_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['open', 'message', 'close'] }).notNull(),
    body: text('body').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('invoice_dispute_messages_invoice_idx').on(t.supplier_invoice_id)],
)

/**
 * The lifecycle statuses of a received e-invoice, in the order they were raised (core/invoice
 * lifecycle): its code (200 … 213), the reason from the controlled list, who and when. A status
 * hangs on the pending invoice while the e-invoice waits in the queue (208 when put on hold, the
 * platform's 200–203 as they arrive), and moves to the invoice made from it. `source` says who
 * raised it: Procura's buyer (`buyer`, sent to the platform) or the platform (`platform`, read from
 * it; `message_id`, its message's id, keeps it once).
 */
export const invoiceLifecycle = sqliteTable(
  'invoice_lifecycle',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supplier_invoice_id: integer('supplier_invoice_id').references(() => supplierInvoices.id, {
      onDelete: 'cascade',
    }),
    pending_invoice_id: integer('pending_invoice_id').references(() => pendingInvoices.id, {
      onDelete: 'cascade',
    }),
    code: text('code').notNull(),
    reason_code: text('reason_code'),
    comment: text('comment'),
    user_id: integer('user_id').references(() => users.id),
    source: text('source').notNull().default('buyer'),
    message_id: text('message_id'),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('invoice_lifecycle_invoice_idx').on(t.supplier_invoice_id, t.id),
    index('invoice_lifecycle_pending_idx').on(t.pending_invoice_id, t.id),
    uniqueIndex('invoice_lifecycle_message_idx').on(t.message_id),
  ],
)

/**
 * What a platform collects (or is pushed): one message per lifecycle status, written in the status's
 * own transaction — a crash loses none — and unique per status: its id is the idempotency key.
 */
export const eInvoiceOutbox = sqliteTable(
  'e_invoice_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoice_lifecycle_id: integer('invoice_lifecycle_id')
      .notNull()
      .references(() => invoiceLifecycle.id, { onDelete: 'cascade' }),
    /** The invoice the status is about, or its pending invoice while it waits in the queue. */
    supplier_invoice_id: integer('supplier_invoice_id'),
    pending_invoice_id: integer('pending_invoice_id'),
    payload: text('payload', { mode: 'json' }).notNull(),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    acknowledged_at: integer('acknowledged_at', { mode: 'timestamp_ms' }),
    /** Push mode: how many deliveries were tried, when the next may be, and why the last failed. */
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    last_error: text('last_error'),
  },
  (t) => [
    uniqueIndex('e_invoice_outbox_status_idx').on(t.invoice_lifecycle_id),
    index('e_invoice_outbox_pending_idx').on(t.acknowledged_at, t.id),
  ],
)

/**
 * Tokens for machine clients (an e-invoicing platform, an integration): created by an
 * administrator, shown once, kept as a hash, scoped, revocable; each use is traced. A token acts
 * on behalf of the administrator who created it.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    label: text('label').notNull(),
    token_hash: text('token_hash').notNull(),
    /** A few characters of the token, to recognise it in the list. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    created_at: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    last_used_at: integer('last_used_at', { mode: 'timestamp_ms' }),
    revoked_at: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.token_hash)],
)
