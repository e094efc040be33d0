import type { ListDefinition } from '../list/definition'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

export const EXPENSE_REPORT_STATUS_LABELS = {
  draft: t('Draft', 'Borrador', 'Brouillon'),
  awaiting: t('Awaiting validation', 'Pendiente de validación', 'En attente de validation'),
  validated: t('Validated', 'Validado', 'Validée'),
  refused: t('Refused', 'Rechazado', 'Refusée'),
  paid: t('Paid', 'Pagado', 'Payée'),
} as const

/** An expense's payment status (spec §3): free, in a report (pending) or paid. */
export const EXPENSE_PAYMENT_STATUS_LABELS = {
  no: t('Not in a report', 'Sin informe', 'Hors note'),
  pending: t('Pending', 'Pendiente', 'En attente'),
  paid: t('Paid', 'Pagado', 'Payé'),
} as const

export const TRANSPORT_MEAN_LABELS = {
  car: t('Car', 'Coche', 'Voiture'),
  motorbike_over_50cc: t('Motorbike over 50cc', 'Moto de más de 50 cc', 'Moto de plus de 50 cm³'),
  bike_under_50cc: t('Moped under 50cc', 'Ciclomotor de menos de 50 cc', 'Cyclomoteur de moins de 50 cm³'),
} as const

/** The expenses (GET /bwapi/expenses): one's own, or everyone's for who pays people. */
export const EXPENSE_LIST = {
  name: 'expenses',
  title: t('Expenses', 'Gastos', 'Dépenses'),
  defaultSort: { key: 'expense_date', direction: 'desc' },
  filters: [
    { key: 'payment_status', label: t('Payment status', 'Estado del pago', 'Statut du paiement') },
    { key: 'expense_type_id', label: t('Type', 'Tipo', 'Type') },
  ],
  columns: [
    { key: 'expense_date', kind: 'date', label: t('Date', 'Fecha', 'Date'), sortable: true },
    { key: 'type', kind: 'text', label: t('Type', 'Tipo', 'Type') },
    { key: 'label', kind: 'text', label: t('Label', 'Descripción', 'Libellé') },
    { key: 'user', kind: 'text', label: t('Employee', 'Empleado', 'Salarié') },
    {
      key: 'amount_exctax',
      kind: 'amount',
      label: t('Excl. tax', 'Sin impuestos', 'HT'),
      currency: 'currency_code',
      sortable: true,
    },
    {
      key: 'amount_inctax',
      kind: 'amount',
      label: t('Incl. tax', 'Con impuestos', 'TTC'),
      currency: 'currency_code',
      sortable: true,
    },
    { key: 'report', kind: 'code', label: t('Report', 'Informe', 'Note de frais') },
    {
      key: 'payment_status',
      kind: 'status',
      label: t('Payment status', 'Estado del pago', 'Statut du paiement'),
      labels: EXPENSE_PAYMENT_STATUS_LABELS,
    },
  ],
} as const satisfies ListDefinition

/** The expense reports (GET /bwapi/expense-reports). */
export const EXPENSE_REPORT_LIST = {
  name: 'expense-reports',
  title: t('Expense reports', 'Informes de gastos', 'Notes de frais'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  filters: [
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
    { key: 'user_id', label: t('Employee', 'Empleado', 'Salarié') },
  ],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'user', kind: 'text', label: t('Employee', 'Empleado', 'Salarié') },
    { key: 'expense_count', kind: 'number', label: t('Expenses', 'Gastos', 'Dépenses') },
    {
      key: 'amount_inctax',
      kind: 'amount',
      label: t('Incl. tax', 'Con impuestos', 'TTC'),
      currency: 'currency_code',
      sortable: true,
    },
    {
      key: 'status',
      kind: 'status',
      label: t('Status', 'Estado', 'Statut'),
      labels: EXPENSE_REPORT_STATUS_LABELS,
    },
    { key: 'payment_date', kind: 'date', label: t('Payment date', 'Fecha de pago', 'Date de paiement') },
    { key: 'created_at', kind: 'date', label: t('Created', 'Creado', 'Créée'), sortable: true },
  ],
} as const satisfies ListDefinition
