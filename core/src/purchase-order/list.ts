import type { ListDefinition } from '../list/definition'
import { BILLING_STATUS_LABELS, DELIVERY_STATUS_LABELS, GENERIC_STATUS_LABELS } from '../status/labels'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** The purchase orders list (GET /bwapi/purchase-orders): its columns, kept once for api and app. */
export const ORDER_LIST = {
  name: 'purchase-orders',
  title: t('Purchase orders', 'Pedidos', 'Bons de commande'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  filters: [
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
    { key: 'supplier_id', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    { key: 'department_id', label: t('Department', 'Departamento', 'Service') },
    { key: 'product_family_id', label: t('Product family', 'Familia de productos', 'Famille de produits') },
  ],
  ranges: [
    { column: 'created_at', from: 'created_from', to: 'created_to' },
    { column: 'amount_exctax', from: 'amount_min', to: 'amount_max' },
  ],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'supplier', kind: 'text', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      sortable: true,
      labels: GENERIC_STATUS_LABELS,
    },
    {
      key: 'amount_exctax',
      kind: 'amount',
      label: t('Amount excl. tax', 'Importe sin IVA', 'Montant HT'),
      sortable: true,
      currency: 'currency_code',
    },
    {
      key: 'amount_inctax',
      kind: 'amount',
      label: t('Amount incl. tax', 'Importe con IVA', 'Montant TTC'),
      currency: 'currency_code',
      visible: false,
    },
    { key: 'buyer', kind: 'text', label: t('Buyer', 'Comprador', 'Acheteur') },
    { key: 'department', kind: 'text', label: t('Department', 'Departamento', 'Service'), visible: false },
    {
      key: 'requesters',
      kind: 'text',
      label: t('Requesters', 'Solicitantes', 'Demandeurs'),
      visible: false,
    },
    {
      key: 'deadline',
      kind: 'date',
      label: t('Delivery deadline', 'Fecha límite de entrega', 'Date limite de livraison'),
      visible: false,
    },
    {
      key: 'delivery_status',
      kind: 'status',
      label: t('Delivery', 'Entrega', 'Livraison'),
      labels: DELIVERY_STATUS_LABELS,
      visible: false,
    },
    {
      key: 'billing_status',
      kind: 'status',
      label: t('Billing', 'Facturación', 'Facturation'),
      labels: BILLING_STATUS_LABELS,
      visible: false,
    },
    { key: 'created_at', kind: 'datetime', label: t('Created', 'Creado', 'Créé'), sortable: true },
  ],
} as const satisfies ListDefinition
