import type { ListDefinition } from '../list/definition'
import { GENERIC_STATUS_LABELS } from '../status/labels'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** The suppliers list (GET /bwapi/suppliers). */
export const SUPPLIER_LIST = {
  name: 'suppliers',
  title: t('Suppliers', 'Proveedores', 'Fournisseurs'),
  defaultSort: { key: 'company_name', direction: 'asc' },
  columns: [
    { key: 'code', kind: 'code', label: t('Code', 'Código', 'Code'), sortable: true },
    {
      key: 'company_name',
      kind: 'text',
      label: t('Company name', 'Razón social', 'Raison sociale'),
      sortable: true,
    },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      sortable: true,
      labels: GENERIC_STATUS_LABELS,
    },
    { key: 'currency_code', kind: 'code', label: t('Currency', 'Moneda', 'Devise') },
    {
      key: 'max_per_order',
      kind: 'amount',
      label: t('Ceiling per order', 'Límite por pedido', 'Plafond par commande'),
      currency: 'currency_code',
    },
    {
      key: 'max_per_year',
      kind: 'amount',
      label: t('Ceiling per year', 'Límite anual', 'Plafond annuel'),
      currency: 'currency_code',
    },
    { key: 'siret', kind: 'code', label: t('SIRET', 'SIRET', 'SIRET'), visible: false },
    {
      key: 'created_at',
      kind: 'datetime',
      label: t('Created', 'Creado', 'Créé'),
      sortable: true,
      visible: false,
    },
  ],
} as const satisfies ListDefinition
