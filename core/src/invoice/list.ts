import type { ListDefinition } from '../list/definition'
import { DISPUTE_STATUS_LABELS, GENERIC_STATUS_LABELS } from '../status/labels'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** What a supplier document is (core/invoice INVOICE_KINDS). */
export const INVOICE_KIND_LABELS = {
  invoice: t('Invoice', 'Factura', 'Facture'),
  credit_note: t('Credit note', 'Nota de crédito', 'Avoir'),
  external_charge: t('External charge', 'Gasto externo', 'Charge externe'),
} as const

/** The supplier invoices list (GET /bwapi/supplier-invoices): invoices and external charges. */
export const INVOICE_LIST = {
  name: 'supplier-invoices',
  title: t('Supplier invoices', 'Facturas de proveedor', 'Factures fournisseurs'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  ranges: [
    { column: 'invoice_date', from: 'invoice_date_from', to: 'invoice_date_to' },
    { column: 'due_date', from: 'due_date_from', to: 'due_date_to' },
    { column: 'amount_inctax', from: 'amount_min', to: 'amount_max' },
  ],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'label', kind: 'code', label: t('Supplier’s number', 'Número del proveedor', 'N° fournisseur') },
    { key: 'supplier', kind: 'text', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    {
      key: 'invoice_date',
      kind: 'date',
      label: t('Invoice date', 'Fecha de factura', 'Date de facture'),
      sortable: true,
    },
    { key: 'due_date', kind: 'date', label: t('Due date', 'Vencimiento', 'Échéance'), sortable: true },
    {
      key: 'kind',
      kind: 'status',
      label: t('Kind', 'Tipo', 'Nature'),
      labels: INVOICE_KIND_LABELS,
      visible: false,
    },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      sortable: true,
      labels: GENERIC_STATUS_LABELS,
    },
    {
      key: 'dispute_status',
      kind: 'status',
      label: t('Dispute', 'Litigio', 'Litige'),
      labels: DISPUTE_STATUS_LABELS,
      visible: false,
    },
    {
      key: 'amount_inctax',
      kind: 'amount',
      label: t('Amount incl. tax', 'Importe con IVA', 'Montant TTC'),
      sortable: true,
      currency: 'currency_code',
    },
    {
      key: 'created_at',
      kind: 'datetime',
      label: t('Created', 'Creado', 'Créé'),
      sortable: true,
      visible: false,
    },
  ],
} as const satisfies ListDefinition

/** A pending invoice's status: waiting in the queue, on hold, made into an invoice, or taken out. */
export const PENDING_INVOICE_STATUS_LABELS = {
  pending: t('Waiting', 'En espera', 'En attente'),
  on_hold: t('On hold', 'Retenida', 'Suspendue'),
  processed: t('Made into an invoice', 'Convertida en factura', 'Transformée en facture'),
  rejected: t('Rejected', 'Rechazada', 'Rejetée'),
}

/** The pending invoices list (GET /bwapi/pending-invoices): the accounts-payable queue of what arrived. */
export const PENDING_INVOICE_LIST = {
  name: 'pending-invoices',
  title: t('Pending invoices', 'Facturas pendientes', 'Factures en attente'),
  defaultSort: { key: 'created_at', direction: 'asc' },
  ranges: [
    { column: 'invoice_date', from: 'invoice_date_from', to: 'invoice_date_to' },
    { column: 'amount_inctax', from: 'amount_min', to: 'amount_max' },
  ],
  filters: [
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
    { key: 'supplier_id', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    {
      key: 'department_id',
      label: t(
        'Department (routing code)',
        'Departamento (código de enrutamiento)',
        'Service (code routage)',
      ),
    },
  ],
  columns: [
    { key: 'label', kind: 'code', label: t('Supplier’s number', 'Número del proveedor', 'N° fournisseur') },
    { key: 'supplier', kind: 'text', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    { key: 'department', kind: 'text', label: t('Department', 'Departamento', 'Service'), visible: false },
    {
      key: 'invoice_date',
      kind: 'date',
      label: t('Invoice date', 'Fecha de factura', 'Date de facture'),
      sortable: true,
    },
    {
      key: 'amount_exctax',
      kind: 'amount',
      label: t('Amount excl. tax', 'Importe sin IVA', 'Montant HT'),
      currency: 'currency_code',
      visible: false,
    },
    {
      key: 'amount_inctax',
      kind: 'amount',
      label: t('Amount incl. tax', 'Importe con IVA', 'Montant TTC'),
      sortable: true,
      currency: 'currency_code',
    },
    { key: 'file_name', kind: 'text', label: t('File', 'Archivo', 'Fichier') },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      labels: PENDING_INVOICE_STATUS_LABELS,
      visible: false,
    },
    {
      key: 'created_at',
      kind: 'datetime',
      label: t('Received', 'Recibida', 'Reçue'),
      sortable: true,
    },
  ],
} as const satisfies ListDefinition
