import type { ListDefinition } from '../list/definition'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** An accounting export's status. */
export const ACCOUNTING_EXPORT_STATUS_LABELS = {
  running: t('Running', 'En curso', 'En cours'),
  done: t('Done', 'Terminada', 'Terminé'),
  failed: t('Failed', 'Fallida', 'Échoué'),
  canceled: t('Cancelled', 'Anulada', 'Annulé'),
}

/** The file formats an export writes. */
export const ACCOUNTING_FORMAT_LABELS = {
  csv: t('CSV', 'CSV', 'CSV'),
  fec: t(
    'FEC (French audit file)',
    'FEC (fichero de auditoría francés)',
    'FEC (fichier des écritures comptables)',
  ),
}

/** The accounting exports' history (GET /bwapi/accounting-exports). */
export const ACCOUNTING_EXPORT_LIST = {
  name: 'accounting-exports',
  title: t('Accounting exports', 'Exportaciones contables', 'Exports comptables'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  ranges: [{ column: 'created_at', from: 'created_from', to: 'created_to' }],
  filters: [
    { key: 'company_id', label: t('Company', 'Empresa', 'Société') },
    { key: 'format', label: t('Format', 'Formato', 'Format') },
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
  ],
  columns: [
    { key: 'id', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'created_at', kind: 'datetime', label: t('Done on', 'Hecha el', 'Fait le'), sortable: true },
    { key: 'company', kind: 'text', label: t('Company', 'Empresa', 'Société') },
    {
      key: 'format',
      kind: 'status',
      label: t('Format', 'Formato', 'Format'),
      labels: ACCOUNTING_FORMAT_LABELS,
    },
    {
      key: 'up_to',
      kind: 'date',
      label: t('Invoices up to', 'Facturas hasta', "Factures jusqu'au"),
      visible: false,
    },
    { key: 'invoice_count', kind: 'number', label: t('Invoices', 'Facturas', 'Factures'), sortable: true },
    { key: 'payment_count', kind: 'number', label: t('Payments', 'Pagos', 'Paiements'), visible: false },
    { key: 'debit_total', kind: 'amount', label: t('Total debit', 'Total debe', 'Total débit') },
    {
      key: 'credit_total',
      kind: 'amount',
      label: t('Total credit', 'Total haber', 'Total crédit'),
      visible: false,
    },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      labels: ACCOUNTING_EXPORT_STATUS_LABELS,
    },
    { key: 'file_name', kind: 'text', label: t('File', 'Archivo', 'Fichier') },
    { key: 'created_by', kind: 'text', label: t('By', 'Por', 'Par'), visible: false },
  ],
} as const satisfies ListDefinition

const ACTIVE_LABELS = { '1': t('Active', 'Activa', 'Actif'), '0': t('Disabled', 'Desactivada', 'Désactivé') }
const ACCOUNT_COLUMNS = [
  { key: 'code', kind: 'code', label: t('Account', 'Cuenta', 'Compte'), sortable: true },
  { key: 'label', kind: 'text', label: t('Label', 'Descripción', 'Libellé'), sortable: true },
] as const
const ACTIVE_COLUMN = {
  key: 'active_state',
  kind: 'status',
  label: t('State', 'Situación', 'État'),
  labels: ACTIVE_LABELS,
} as const
const ACTIVE_FILTER = [{ key: 'active', label: t('Active', 'Activa', 'Actif') }] as const

/** The expense accounts (GET /bwapi/accounting-entries). */
export const ACCOUNTING_ENTRY_LIST = {
  name: 'accounting-entries',
  title: t('Expense accounts', 'Cuentas de gasto', 'Comptes comptables'),
  defaultSort: { key: 'code', direction: 'asc' },
  filters: ACTIVE_FILTER,
  columns: [
    ...ACCOUNT_COLUMNS,
    {
      key: 'family',
      kind: 'text',
      label: t('Product family', 'Familia de productos', 'Famille de produits'),
    },
    ACTIVE_COLUMN,
  ],
} as const satisfies ListDefinition

/** VAT type labels, as the invoices name them. */
export const VAT_TYPE_LABELS = {
  on_collection: t('On collection', 'Sobre cobros', 'Sur les encaissements'),
  on_debit: t('On debit', 'Sobre devengo', 'Sur les débits'),
  intracommunity: t('Intracommunity', 'Intracomunitaria', 'Intracommunautaire'),
  reverse_charge: t('Reverse charge', 'Inversión del sujeto pasivo', 'Autoliquidation'),
}

/** The VAT accounts (GET /bwapi/accounting-vat-entries). */
export const ACCOUNTING_VAT_ENTRY_LIST = {
  name: 'accounting-vat-entries',
  title: t('VAT accounts', 'Cuentas de IVA', 'Comptes de TVA'),
  defaultSort: { key: 'code', direction: 'asc' },
  filters: ACTIVE_FILTER,
  columns: [
    ...ACCOUNT_COLUMNS,
    { key: 'vat_rate', kind: 'number', label: t('VAT rate (%)', 'Tipo de IVA (%)', 'Taux de TVA (%)') },
    {
      key: 'vat_type',
      kind: 'status',
      label: t('VAT type', 'Tipo de IVA', 'Type de TVA'),
      labels: VAT_TYPE_LABELS,
    },
    {
      key: 'self_assessed_code',
      kind: 'code',
      label: t('Self-assessed VAT account', 'Cuenta de IVA autoliquidado', 'Compte de TVA autoliquidée'),
    },
    ACTIVE_COLUMN,
  ],
} as const satisfies ListDefinition
