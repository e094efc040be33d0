import type { ListDefinition } from '../list/definition'
import type { AgreementStatus } from './agreement'
import type { RfqStatus } from './rfq'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

export const AGREEMENT_STATUS_LABELS: Readonly<Record<AgreementStatus, ReturnType<typeof t>>> = {
  draft: t('Draft', 'Borrador', 'Brouillon'),
  awaiting: t('Awaiting validation', 'Pendiente de validación', 'En attente de validation'),
  active: t('In force', 'Vigente', 'En vigueur'),
  done: t('Used up', 'Agotado', 'Épuisé'),
  expired: t('Expired', 'Vencido', 'Échu'),
  closed: t('Closed', 'Cerrado', 'Clôturé'),
  cancelled: t('Cancelled', 'Anulado', 'Annulé'),
}

/** The framework agreements (GET /bwapi/framework-agreements). */
export const AGREEMENT_LIST = {
  name: 'framework-agreements',
  title: t('Framework agreements', 'Acuerdos marco', 'Accords-cadres'),
  defaultSort: { key: 'ends_on', direction: 'asc' },
  filters: [
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
    { key: 'supplier_id', label: t('Supplier', 'Proveedor', 'Fournisseur') },
  ],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'label', kind: 'text', label: t('Label', 'Descripción', 'Libellé') },
    { key: 'supplier', kind: 'text', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    { key: 'starts_on', kind: 'date', label: t('From', 'Desde', 'Du'), sortable: true },
    { key: 'ends_on', kind: 'date', label: t('To', 'Hasta', 'Au'), sortable: true },
    { key: 'used_percent', kind: 'number', label: t('Used (%)', 'Usado (%)', 'Utilisé (%)') },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      labels: AGREEMENT_STATUS_LABELS,
    },
  ],
} as const satisfies ListDefinition

export const RFQ_STATUS_LABELS: Readonly<Record<RfqStatus, ReturnType<typeof t>>> = {
  draft: t('Draft', 'Borrador', 'Brouillon'),
  sent: t('Sent, answers open', 'Enviada, respuestas abiertas', 'Envoyée, réponses ouvertes'),
  closed: t('Closed, to compare', 'Cerrada, por comparar', 'Close, à comparer'),
  awarded: t('Awarded', 'Adjudicada', 'Attribuée'),
  cancelled: t('Cancelled', 'Anulada', 'Annulée'),
}

/** The requests for quotation (GET /bwapi/rfqs). */
export const RFQ_LIST = {
  name: 'rfqs',
  title: t('Requests for quotation', 'Solicitudes de cotización', 'Demandes de prix'),
  defaultSort: { key: 'reply_by', direction: 'desc' },
  filters: [{ key: 'status', label: t('Status', 'Estado', 'Statut') }],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'title', kind: 'text', label: t('Title', 'Título', 'Objet') },
    {
      key: 'reply_by',
      kind: 'date',
      label: t('Reply by', 'Responder antes de', 'Réponse avant le'),
      sortable: true,
    },
    { key: 'invited', kind: 'number', label: t('Invited', 'Invitados', 'Invités') },
    { key: 'answered', kind: 'number', label: t('Answered', 'Respondidas', 'Réponses') },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      labels: RFQ_STATUS_LABELS,
    },
  ],
} as const satisfies ListDefinition
