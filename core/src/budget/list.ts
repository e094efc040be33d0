import type { ListDefinition } from '../list/definition'

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

export const OVERRUN_ACTION_LABELS = {
  none: t('None', 'Ninguna', 'Aucune'),
  notify: t('Notify', 'Avisar', 'Prévenir'),
  block: t('Block', 'Bloquear', 'Bloquer'),
} as const

/**
 * The budgets (GET /bwapi/budgets), with what each holds: its amount, what approved requests
 * reserve, validated orders commit and validated invoices spend, and what is left. Amounts in the
 * default currency, excluding tax.
 */
export const BUDGET_LIST = {
  name: 'budgets',
  title: t('Budgets', 'Presupuestos', 'Budgets'),
  defaultSort: { key: 'key', direction: 'asc' },
  ranges: [{ column: 'available', from: 'available_min', to: 'available_max' }],
  filters: [
    { key: 'fiscal_period_id', label: t('Fiscal period', 'Ejercicio', 'Exercice') },
    { key: 'overrun_action', label: t('When overrun', 'Si se supera', 'En cas de dépassement') },
    { key: 'department_id', label: t('Department', 'Departamento', 'Service') },
  ],
  columns: [
    {
      key: 'key',
      kind: 'code',
      label: t('Budget key', 'Clave presupuestaria', 'Clé budgétaire'),
      sortable: true,
    },
    { key: 'label', kind: 'text', label: t('Label', 'Descripción', 'Libellé') },
    { key: 'fiscal_period', kind: 'text', label: t('Fiscal period', 'Ejercicio', 'Exercice') },
    {
      key: 'amount',
      kind: 'amount',
      label: t('Budget', 'Presupuesto', 'Budget'),
      sortable: true,
      currency: 'currency_code',
    },
    {
      key: 'reserved',
      kind: 'amount',
      label: t('Reserved', 'Reservado', 'Réservé'),
      currency: 'currency_code',
    },
    {
      key: 'committed',
      kind: 'amount',
      label: t('Committed', 'Comprometido', 'Engagé'),
      currency: 'currency_code',
    },
    {
      key: 'actual',
      kind: 'amount',
      label: t('Invoiced', 'Facturado', 'Facturé'),
      currency: 'currency_code',
    },
    {
      key: 'available',
      kind: 'amount',
      label: t('Available', 'Disponible', 'Disponible'),
      sortable: true,
      currency: 'currency_code',
    },
    {
      key: 'overrun_action',
      kind: 'status',
      label: t('When overrun', 'Si se supera', 'En cas de dépassement'),
      labels: OVERRUN_ACTION_LABELS,
    },
    { key: 'tag', kind: 'text', label: t('Tag', 'Etiqueta', 'Étiquette'), visible: false },
  ],
} as const satisfies ListDefinition
