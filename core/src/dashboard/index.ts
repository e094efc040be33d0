import { z } from 'zod'
import type { DutyActor } from '../auth/duties'
import { readsAllInvoices } from '../invoice/access'
import { type Dec, dec } from '../money/decimal'

/**
 * The dashboard's answers (shell spec §7: GET /bwapi/dashboard, /distribution, /comparison,
 * /instance, /global), declared by the API and read by the app. Amounts are decimal strings excl.
 * tax in the instance's default currency (other currencies converted at their rate, each sum
 * rounded once); every figure carries the link to the list it summarises, filtered.
 */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/)
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const month = z.string().regex(/^\d{4}-\d{2}$/)
/** An app path with its query ("/purchase-orders?status=awaiting"), or null when no list shows it. */
const link = z.string().startsWith('/').nullable()

export const DASHBOARD_SECTIONS = ['instance', 'distribution', 'comparison', 'global'] as const
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number]

export const DashboardSchema = z.object({
  currency_code: z.string(),
  today: day,
  /** The sections this reader gets, in their order on the page. */
  sections: z.array(z.enum(DASHBOARD_SECTIONS)),
})

const share = z.object({ key: z.string(), label: z.string(), amount: decimal, link })
export const DISTRIBUTION_AXES = ['family', 'supplier', 'department'] as const
export type DistributionAxis = (typeof DISTRIBUTION_AXES)[number]
export const DistributionSchema = z.object({
  currency_code: z.string(),
  from: day,
  /** Exclusive. */
  to: day,
  total: decimal,
  family: z.array(share),
  supplier: z.array(share),
  department: z.array(share),
})

export const ComparisonSchema = z.object({
  currency_code: z.string(),
  months: z.array(z.object({ month, previous_month: month, current: decimal, previous: decimal, link })),
  current_total: decimal,
  previous_total: decimal,
})

const figure = z.object({ key: z.string(), count: z.number().int(), amount: decimal.nullable(), link })
export const InstanceSchema = z.object({
  currency_code: z.string(),
  /** Orders by status (the obsolete versions left out). */
  orders: z.array(figure),
  /** What waits for a validation: orders, invoices. */
  awaiting: z.array(figure),
  /** Sent orders past their delivery deadline and not all received. */
  late_deliveries: figure,
  invoices_in_dispute: figure,
  /** Validated invoices not paid whose due date has come (today included). */
  payments_due: figure,
})

export const GlobalSchema = z.object({
  currency_code: z.string(),
  year: z.number().int(),
  /**
   * Whether the figures are the whole organisation's (the reader reads every order) or only
   * those of the orders the reader may see: the section is titled accordingly.
   */
  whole_organisation: z.boolean(),
  /** This year to date, what the reader may see. */
  ordered: decimal,
  received: decimal,
  /** Null for a reader who does not read every invoice (partial sums would mislead). */
  invoiced: decimal.nullable(),
  paid: decimal.nullable(),
  /** Validated orders not yet invoiced in full (all years). */
  committed: decimal,
  active_suppliers: z.number().int(),
})

export type Dashboard = z.infer<typeof DashboardSchema>
export type Distribution = z.infer<typeof DistributionSchema>
export type Comparison = z.infer<typeof ComparisonSchema>
export type InstanceFigures = z.infer<typeof InstanceSchema>
export type GlobalFigures = z.infer<typeof GlobalSchema>
export type Share = z.infer<typeof share>

/** How many parts a distribution shows before it adds up the rest as "others". */
export const DISTRIBUTION_PARTS = 6

/**
 * The largest parts (ties by label), the rest added up into one `others` part (exact: decimals,
 * never floats). A distribution of 7 parts or fewer is shown whole.
 */
export const largestParts = <P extends { key: string; label: string; amount: Dec }>(
  parts: readonly P[],
  keep: number,
  others: (amount: Dec) => P,
): P[] => {
  const sorted = [...parts]
    .filter((p) => !p.amount.isZero())
    .sort((a, b) => b.amount.comparedTo(a.amount) || a.label.localeCompare(b.label))
  if (sorted.length <= keep + 1) return sorted
  const rest = sorted.slice(keep).reduce((sum, p) => sum.plus(p.amount), dec(0))
  return [...sorted.slice(0, keep), others(rest)]
}

/**
 * The "to validate" tiles a reader gets: the orders to who buys, administers or may validate
 * (named in a validation chart, by login or role, or someone's delegate), the invoices to who
 * handles them, administers or may validate. A requester who validates nothing gets neither: a
 * tile that says 0 for ever is noise.
 */
export const awaitingTilesFor = (
  actor: DutyActor & { buyer: boolean; administrator?: boolean },
  validates: boolean,
): ('orders' | 'invoices')[] => [
  ...(actor.buyer || actor.administrator === true || validates ? (['orders'] as const) : []),
  ...(readsAllInvoices(actor) || validates ? (['invoices'] as const) : []),
]
