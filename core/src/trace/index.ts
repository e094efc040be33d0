import type { MessageTexts } from '../errors/message-table'
import type { ListDefinition } from '../list/definition'
import { TRACE_SEVERITY_LABELS } from '../status/labels'

export { traceSummary } from './summary'

const t = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })

/**
 * What a trace is about (its `model`), with the app page that shows one of them (`{id}` replaced);
 * a model without a page has none (a setting, the database).
 */
export const TRACE_MODELS = {
  need: { label: t('Request', 'Solicitud', 'Demande'), page: '/needs/{id}' },
  purchase_order: { label: t('Purchase order', 'Pedido', 'Commande'), page: '/purchase-orders/{id}' },
  delivery: { label: t('Delivery', 'Recepción', 'Livraison'), page: '/deliveries/{id}' },
  supplier_invoice: {
    label: t('Supplier invoice', 'Factura de proveedor', 'Facture fournisseur'),
    page: '/supplier-invoices/{id}',
  },
  pending_invoice: { label: t('Pending invoice', 'Factura pendiente', 'Facture en attente'), page: null },
  payment_group: { label: t('Payment', 'Pago', 'Paiement'), page: '/payments/{id}' },
  expense: { label: t('Expense', 'Gasto', 'Dépense'), page: '/expenses/{id}' },
  expense_report: {
    label: t('Expense report', 'Informe de gastos', 'Note de frais'),
    page: '/expense-reports/{id}',
  },
  expense_type: { label: t('Expense type', 'Tipo de gasto', 'Type de frais'), page: null },
  scale_period: { label: t('Scale period', 'Periodo de baremo', 'Période de barème'), page: null },
  kilometer_scale: { label: t('Kilometer scale', 'Baremo kilométrico', 'Barème kilométrique'), page: null },
  accounting_export: {
    label: t('Accounting export', 'Exportación contable', 'Export comptable'),
    page: null,
  },
  supplier: { label: t('Supplier', 'Proveedor', 'Fournisseur'), page: '/suppliers/{id}' },
  framework_agreement: {
    label: t('Framework agreement', 'Acuerdo marco', 'Accord-cadre'),
    page: '/framework-agreements/{id}',
  },
  rfq: {
    label: t('Request for quotation', 'Solicitud de cotización', 'Demande de prix'),
    page: '/rfqs/{id}',
  },
  api_token: { label: t('API token', 'Token de API', 'Jeton d’API'), page: null },
  company: { label: t('Company', 'Empresa', 'Société'), page: null },
  department: { label: t('Department', 'Departamento', 'Service'), page: null },
  product_family_type: { label: t('Product family type', 'Tipo de familia', 'Type de famille'), page: null },
  product_family: { label: t('Product family', 'Familia de productos', 'Famille de produits'), page: null },
  product_subfamily: { label: t('Product subfamily', 'Subfamilia', 'Sous-famille'), page: null },
  article: { label: t('Article', 'Artículo', 'Article'), page: null },
  stock_transfer: { label: t('Stock transfer', 'Traspaso de stock', 'Transfert de stock'), page: null },
  user: { label: t('User', 'Usuario', 'Utilisateur'), page: '/users/{id}' },
  role: { label: t('Role', 'Rol', 'Rôle'), page: null },
  circuit: { label: t('Validation circuit', 'Circuito de validación', 'Circuit de validation'), page: null },
  delegation: { label: t('Delegation', 'Delegación', 'Délégation'), page: null },
  decision_link: {
    label: t('E-mail decision link', 'Enlace de decisión por correo', 'Lien de décision par e-mail'),
    page: null,
  },
  settings: { label: t('Settings', 'Parámetros', 'Paramètres'), page: null },
  database: { label: t('Database', 'Base de datos', 'Base de données'), page: null },
} as const satisfies Record<string, { label: MessageTexts; page: string | null }>
export type TraceModel = keyof typeof TRACE_MODELS

/** The app page of a trace's document, or null (no page, or a model this version does not know). */
export const tracePage = (model: string, id: string | null): string | null => {
  const page = (TRACE_MODELS as Record<string, { page: string | null }>)[model]?.page ?? null
  return page === null || id === null ? null : page.replace('{id}', encodeURIComponent(id))
}

/** The traces (GET /bwapi/traces): who did what, when, newest first. */
export const TRACE_LIST = {
  name: 'traces',
  title: t('Traces', 'Trazas', 'Traces'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  ranges: [{ column: 'created_at', from: 'created_from', to: 'created_to' }],
  filters: [
    { key: 'model', label: t('About', 'Sobre', 'Objet') },
    { key: 'action', label: t('Action', 'Acción', 'Action') },
    { key: 'severity', label: t('Severity', 'Gravedad', 'Gravité') },
    { key: 'user_id', label: t('By', 'Por', 'Par') },
  ],
  columns: [
    { key: 'created_at', kind: 'datetime', label: t('When', 'Cuándo', 'Quand'), sortable: true },
    {
      key: 'severity',
      kind: 'status',
      label: t('Severity', 'Gravedad', 'Gravité'),
      labels: TRACE_SEVERITY_LABELS,
      sortable: true,
    },
    { key: 'user', kind: 'text', label: t('By', 'Por', 'Par') },
    { key: 'action', kind: 'code', label: t('Action', 'Acción', 'Action'), sortable: true },
    {
      key: 'model',
      kind: 'status',
      label: t('About', 'Sobre', 'Objet'),
      labels: Object.fromEntries(Object.entries(TRACE_MODELS).map(([k, v]) => [k, v.label])),
    },
    { key: 'model_id', kind: 'code', label: t('Number', 'Número', 'Numéro') },
    { key: 'message', kind: 'text', label: t('What happened', 'Qué pasó', 'Ce qui s’est passé') },
  ],
} as const satisfies ListDefinition
export { type TraceRowAnswer, TraceRowAnswerSchema } from './answers'
