import type { ListDefinition } from '../list/definition'
import { PAYMENT_LINE_STATUS_LABELS } from '../status/labels'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** A payment group's status: its lines' when they share one, else mixed. */
export const PAYMENT_GROUP_STATUS_LABELS = {
  ...PAYMENT_LINE_STATUS_LABELS,
  mixed: t('Mixed', 'Mixto', 'Mixte'),
}

/** The payments list (GET /bwapi/payment-groups). */
export const PAYMENT_GROUP_LIST = {
  name: 'payment-groups',
  title: t('Payments', 'Pagos', 'Paiements'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    {
      key: 'payment_date',
      kind: 'date',
      label: t('Payment date', 'Fecha de pago', 'Date de paiement'),
      sortable: true,
    },
    { key: 'company', kind: 'text', label: t('Company', 'Empresa', 'Société') },
    { key: 'suppliers', kind: 'text', label: t('Suppliers', 'Proveedores', 'Fournisseurs') },
    { key: 'line_count', kind: 'number', label: t('Payments', 'Pagos', 'Paiements') },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      labels: PAYMENT_GROUP_STATUS_LABELS,
    },
    {
      key: 'amount_inctax',
      kind: 'amount',
      label: t('Amount incl. tax', 'Importe con IVA', 'Montant TTC'),
      sortable: true,
      currency: 'currency_code',
    },
    { key: 'created_by', kind: 'text', label: t('Created by', 'Creado por', 'Créé par'), visible: false },
    {
      key: 'created_at',
      kind: 'datetime',
      label: t('Created', 'Creado', 'Créé'),
      sortable: true,
      visible: false,
    },
  ],
} as const satisfies ListDefinition
