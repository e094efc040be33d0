import { z } from 'zod'
import type { ListDefinition } from '../list/definition'
import { decimalField } from '../money/decimal-fields'
import { GENERIC_STATUS_LABELS } from '../status/labels'
import { INVOICE_NUMBER, type SupplierInvoiceInput } from './invoice.schema'
import { VAT_TYPES } from './status'

const id = z.number().int().positive()
const code = z.string().trim().min(1).max(30).nullable().default(null)

/** An external charge's line: what it is, its amount excluding tax, its VAT rate, where it is booked and budgeted. */
export const ExternalChargeLineSchema = z.object({
  label: z.string().trim().min(1).max(300),
  amount_exctax: decimalField.any(),
  vat_rate: decimalField.rate(),
  accounting_entry_id: id.nullable().default(null),
  allocation1: code,
  allocation2: code,
  allocation3: code,
  allocation4: code,
})

/**
 * An external charge as its creation form sends it (POST /bwapi/external-charges): the supplier's
 * document number, supplier, company, department, dates, currency, the totals the document
 * declares (checked against the lines, as an invoice's), and at least one line.
 */
export const ExternalChargeInputSchema = z.object({
  label: z.string().trim().min(1).max(50).regex(INVOICE_NUMBER, 'INVOICE_NUMBER_CHARSET'),
  supplier_id: id,
  company_id: id,
  department_id: id.nullable().default(null),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE'),
  invoice_date: z.iso.date(),
  due_date: z.iso.date().nullable().default(null),
  vat_type: z.enum(VAT_TYPES).default('on_debit'),
  amount_exctax: z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'NOT_A_NUMBER'),
  amount_inctax: z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'NOT_A_NUMBER'),
  comment: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(ExternalChargeLineSchema).min(1, 'INVOICE_NO_LINE').max(1000),
})
export type ExternalChargeInput = z.output<typeof ExternalChargeInputSchema>

/** The external charge as the invoices' rules read it: every line free (no order line). */
export const externalChargeAsInvoice = (charge: ExternalChargeInput): SupplierInvoiceInput => ({
  ...charge,
  kind: 'invoice',
  corrects_invoice_id: null,
  outside_eu: false,
  pending_invoice_id: null,
  lines: charge.lines.map((l) => ({
    ...l,
    purchase_order_line_id: null,
    quantity: null,
    unit_price_exctax: null,
    rebill: false,
  })),
})

const t = (en: string, es: string, fr: string) => ({ en, es, fr })

/** The external charges list (GET /bwapi/external-charges). */
export const EXTERNAL_CHARGE_LIST = {
  name: 'external-charges',
  title: t('External charges', 'Gastos externos', 'Charges externes'),
  defaultSort: { key: 'created_at', direction: 'desc' },
  ranges: [
    { column: 'invoice_date', from: 'invoice_date_from', to: 'invoice_date_to' },
    { column: 'amount_inctax', from: 'amount_min', to: 'amount_max' },
  ],
  filters: [
    { key: 'status', label: t('Status', 'Estado', 'Statut') },
    { key: 'supplier_id', label: t('Supplier', 'Proveedor', 'Fournisseur') },
  ],
  columns: [
    { key: 'code', kind: 'code', label: t('Number', 'Número', 'Numéro'), sortable: true },
    { key: 'label', kind: 'code', label: t('Document number', 'Número del documento', 'N° du document') },
    { key: 'supplier', kind: 'text', label: t('Supplier', 'Proveedor', 'Fournisseur') },
    { key: 'invoice_date', kind: 'date', label: t('Date', 'Fecha', 'Date'), sortable: true },
    { key: 'due_date', kind: 'date', label: t('Due date', 'Vencimiento', 'Échéance'), sortable: true },
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
      currency: 'currency_code',
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
