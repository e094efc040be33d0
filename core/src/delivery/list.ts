import type { ListDefinition } from '../list/definition'
import { DELIVERY_DOC_STATUS_LABELS, DELIVERY_KIND_LABELS } from './labels'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** The deliveries list (GET /bwapi/deliveries). */
export const DELIVERY_LIST = {
  name: 'deliveries',
  title: t('Deliveries', 'Recepciones', 'Livraisons'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  // The order a delivery is of is a filter its links use (the order's page), not a choice drawn.
  filters: [
    { key: 'kind', label: t('Kind', 'Tipo', 'Type') },
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
    { key: 'supplier_id', label: t('Supplier', 'Proveedor', 'Fournisseur') },
  ],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'kind', kind: 'status', label: t('Kind', 'Tipo', 'Type'), labels: DELIVERY_KIND_LABELS },
    { key: 'purchase_order_code', kind: 'code', label: t('Order', 'Pedido', 'Commande') },
    { key: 'supplier', kind: 'text', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    {
      key: 'delivery_date',
      kind: 'date',
      label: t('Delivery date', 'Fecha de recepción', 'Date de livraison'),
      sortable: true,
    },
    {
      key: 'delivery_note_number',
      kind: 'code',
      label: t('Delivery note', 'Albarán', 'Bon de livraison'),
      visible: false,
    },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      sortable: true,
      labels: DELIVERY_DOC_STATUS_LABELS,
    },
    {
      key: 'amount_exctax',
      kind: 'amount',
      label: t('Amount excl. tax', 'Importe sin IVA', 'Montant HT'),
      currency: 'currency_code',
    },
    { key: 'created_by', kind: 'text', label: t('Received by', 'Recibido por', 'Reçu par'), visible: false },
    {
      key: 'created_at',
      kind: 'datetime',
      label: t('Created', 'Creado', 'Créé'),
      sortable: true,
      visible: false,
    },
  ],
} as const satisfies ListDefinition
