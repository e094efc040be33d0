import { type DomainError, type FieldIssue, formError } from '@procura/core/errors'

/**
 * The one table from a unique index of the database to the form field it guards and the message
 * a person reads. A service checks first (a friendly answer without a write); when two requests
 * race past that check, the database refuses the second insert and this table turns that refusal
 * into the same 422 the check gives. Keys are `table.column` (SQLite names the columns) or the
 * index name (PostgreSQL names the constraint). Every unique index of the schema is listed: the
 * test in unique.test.ts compares this table with the schema.
 */
export const UNIQUE_FIELDS: Readonly<Record<string, { field: string; issue: FieldIssue }>> = {
  'users.login': { field: 'login', issue: { code: 'NOT_UNIQUE' } },
  'roles.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'permissions.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'companies.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'departments.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'reference_codes.list,reference_codes.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'custom_fields.model,custom_fields.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'suppliers.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'articles.reference': { field: 'reference', issue: { code: 'PRODUCT_ALREADY_REFERENCED' } },
  'warehouses.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'product_family_types.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'product_families.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'product_subfamilies.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'needs.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'deliveries.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'supplier_invoices.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'payment_groups.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'payment_exports.message_id': { field: 'message_id', issue: { code: 'EXPORT_IN_PROGRESS' } },
  'accounting_entries.product_family_id': { field: 'product_family_id', issue: { code: 'NOT_UNIQUE' } },
  'accounting_vat_entries.vat_type,accounting_vat_entries.vat_rate': {
    field: 'vat_rate',
    issue: { code: 'NOT_UNIQUE' },
  },
  'accounting_exports.running_company_id': { field: 'company_id', issue: { code: 'EXPORT_IN_PROGRESS' } },
  'supplier_invoices.supplier_id,supplier_invoices.label': {
    field: 'label',
    issue: { code: 'DUPLICATE_INVOICE' },
  },
  'list_views.user_id,list_views.list,list_views.name': { field: 'name', issue: { code: 'NOT_UNIQUE' } },
  'supplier_groups.label': { field: 'label', issue: { code: 'NOT_UNIQUE' } },
  'supplier_file_categories.label': { field: 'label', issue: { code: 'NOT_UNIQUE' } },
  'supplier_file_types.label': { field: 'label', issue: { code: 'NOT_UNIQUE' } },
  'supplier_articles.article_id,supplier_articles.supplier_id': {
    field: 'suppliers',
    issue: { code: 'NOT_UNIQUE' },
  },
  'stocks.article_id,stocks.warehouse_id': { field: 'warehouse_id', issue: { code: 'NOT_UNIQUE' } },
  'purchase_orders.code,purchase_orders.version': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'cart_items.user_id,cart_items.warehouse_id,cart_items.article_id': {
    field: 'article_id',
    issue: { code: 'NOT_UNIQUE' },
  },
  'allocations.level,allocations.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'fiscal_periods.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'budgets.fiscal_period_id,budgets.key': { field: 'allocation1', issue: { code: 'BUDGET_ALREADY_EXISTS' } },
  'expense_types.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'scale_periods.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'kilometer_scales.scale_period_id,kilometer_scales.transport_mean,kilometer_scales.fiscal_horsepower,kilometer_scales.min_distance':
    { field: 'min_distance', issue: { code: 'NOT_UNIQUE' } },
  'expense_reports.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'framework_agreements.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'rfqs.code': { field: 'code', issue: { code: 'NOT_UNIQUE' } },
  'e_invoice_outbox.invoice_lifecycle_id': { field: 'id', issue: { code: 'NOT_UNIQUE' } },
  'api_tokens.token_hash': { field: 'token', issue: { code: 'NOT_UNIQUE' } },
  // A PunchOut session's cookie is random (192 bits): a clash is not a person's mistake.
  'punchout_sessions.cookie_hash': { field: 'supplier_id', issue: { code: 'NOT_UNIQUE' } },
  'invoice_lifecycle.message_id': { field: 'id', issue: { code: 'NOT_UNIQUE' } },
  'credit_allocations.credit_note_id,credit_allocations.supplier_invoice_id': {
    field: 'id',
    issue: { code: 'NOT_UNIQUE' },
  },
  'rfq_suppliers.rfq_id,rfq_suppliers.supplier_id': {
    field: 'suppliers',
    issue: { code: 'RFQ_SUPPLIER_TWICE' },
  },
  'rfq_quotes.rfq_supplier_id,rfq_quotes.rfq_line_id': { field: 'lines', issue: { code: 'NOT_UNIQUE' } },
}

/** PostgreSQL names the constraint: `<table>_<column>_unique`, or the unique index's own name. */
const CONSTRAINT_NAMES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.keys(UNIQUE_FIELDS)
      .filter((key) => !key.includes(','))
      .map((key) => [`${key.replace('.', '_')}_unique`, key]),
  ),
  supplier_articles_unique: 'supplier_articles.article_id,supplier_articles.supplier_id',
  stocks_article_warehouse: 'stocks.article_id,stocks.warehouse_id',
  purchase_orders_code_idx: 'purchase_orders.code,purchase_orders.version',
  deliveries_code_idx: 'deliveries.code',
  supplier_invoices_code_idx: 'supplier_invoices.code',
  payment_groups_code_idx: 'payment_groups.code',
  payment_exports_message_idx: 'payment_exports.message_id',
  accounting_entries_family_idx: 'accounting_entries.product_family_id',
  accounting_vat_entries_rate_idx: 'accounting_vat_entries.vat_type,accounting_vat_entries.vat_rate',
  accounting_exports_running_idx: 'accounting_exports.running_company_id',
  supplier_invoices_number_idx: 'supplier_invoices.supplier_id,supplier_invoices.label',
  cart_items_unique: 'cart_items.user_id,cart_items.warehouse_id,cart_items.article_id',
  list_views_name_idx: 'list_views.user_id,list_views.list,list_views.name',
  allocations_code_idx: 'allocations.level,allocations.code',
  budgets_key_idx: 'budgets.fiscal_period_id,budgets.key',
  kilometer_scales_band_idx:
    'kilometer_scales.scale_period_id,kilometer_scales.transport_mean,kilometer_scales.fiscal_horsepower,kilometer_scales.min_distance',
  expense_reports_code_idx: 'expense_reports.code',
  reference_codes_code_idx: 'reference_codes.list,reference_codes.code',
  custom_fields_code_idx: 'custom_fields.model,custom_fields.code',
  framework_agreements_code_idx: 'framework_agreements.code',
  rfqs_code_idx: 'rfqs.code',
  e_invoice_outbox_status_idx: 'e_invoice_outbox.invoice_lifecycle_id',
  api_tokens_hash_idx: 'api_tokens.token_hash',
  punchout_sessions_cookie_idx: 'punchout_sessions.cookie_hash',
  invoice_lifecycle_message_idx: 'invoice_lifecycle.message_id',
  credit_allocations_pair_idx: 'credit_allocations.credit_note_id,credit_allocations.supplier_invoice_id',
  rfq_suppliers_supplier_idx: 'rfq_suppliers.rfq_id,rfq_suppliers.supplier_id',
  rfq_quotes_line_idx: 'rfq_quotes.rfq_supplier_id,rfq_quotes.rfq_line_id',
}

const causes = function* (error: unknown): Generator<unknown> {
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    yield current
    current = (current as { cause?: unknown }).cause
  }
}

/** The `table.column[,table.column]` key of a unique violation, or null for any other error. */
export const uniqueViolationKey = (error: unknown): string | null => {
  for (const cause of causes(error)) {
    const { code, message, constraint } = cause as { code?: unknown; message?: unknown; constraint?: unknown }
    // PostgreSQL: unique_violation, with the constraint's name.
    if (code === '23505' && typeof constraint === 'string') return constraint
    const text = typeof message === 'string' ? message : ''
    const sqlite = /UNIQUE constraint failed: ([\w.,\s]+)/.exec(text)
    if (sqlite?.[1] !== undefined) return sqlite[1].replace(/\s+/g, '')
  }
  return null
}

/**
 * A unique violation as the form error of the field it guards (422), or null when the error is
 * not one (then it is a bug: 500). An index missing from the table still answers 422 on `_`.
 */
export const uniqueViolationError = (error: unknown): DomainError | null => {
  const key = uniqueViolationKey(error)
  if (key === null) return null
  const known = UNIQUE_FIELDS[key] ?? UNIQUE_FIELDS[CONSTRAINT_NAMES[key] ?? '']
  return formError({ [known?.field ?? '_']: [known?.issue ?? { code: 'NOT_UNIQUE' }] })
}
