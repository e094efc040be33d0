import type { ListDefinition } from '../list/definition'
import { GENERIC_STATUS_LABELS, NEED_PROCESSING_STATUS_LABELS } from '../status/labels'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** The purchase requests list (GET /bwapi/needs). */
export const NEED_LIST = {
  name: 'needs',
  title: t('Purchase requests', 'Solicitudes de compra', "Demandes d'achat"),
  defaultSort: { key: 'created_at', direction: 'desc' },
  // The buyer is a filter the to-do's links use, not a choice drawn.
  filters: [
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
    { key: 'processing', label: t('Processing', 'Tratamiento', 'Traitement') },
  ],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'title', kind: 'text', label: t('Subject', 'Asunto', 'Objet') },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      sortable: true,
      labels: GENERIC_STATUS_LABELS,
    },
    {
      key: 'processing',
      kind: 'status',
      label: t('Processing', 'Tratamiento', 'Traitement'),
      labels: NEED_PROCESSING_STATUS_LABELS,
    },
    {
      key: 'amount_exctax',
      kind: 'amount',
      label: t('Amount excl. tax', 'Importe sin IVA', 'Montant HT'),
      sortable: true,
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
