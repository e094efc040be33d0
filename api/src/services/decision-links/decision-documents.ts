/**
 * The five documents a validation request mail may decide, each read the same way: where it
 * stands and its key figures (deciding is each document's own action: decision-links.ts).
 */
import type { CircuitState, DocumentAtLink, EmailDecisionModel } from '@procura/core/circuit'
import { agreementWorth } from '@procura/core/sourcing'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  expenseReports,
  frameworkAgreementLines,
  frameworkAgreements,
  needs,
  paymentGroups,
  paymentLines,
  users,
} from '../../db/schema'
import { loadOrder } from '../purchase-orders/order-row'
import { supplierRow } from '../suppliers/supplier-row'

/** A document as a decision link shows it. */
export type DecisionDocument = DocumentAtLink & {
  code: string
  title: string | null
  /** Excluding tax for orders, requests and agreements (what their circuits weigh), including it otherwise. */
  amount: string
  /** Null: the instance's default currency. */
  currency_code: string | null
  /** The supplier, or the employee of an expense report. */
  party: string | null
  /** Who wrote it (the buyer, the requester, the employee, who made the payment). */
  author: string | null
}

type Loader = (db: DbOrTx, id: number) => Promise<DecisionDocument | undefined>

const labelOf = async (db: DbOrTx, id: number | null) =>
  id === null
    ? null
    : ((await db.select({ label: users.label }).from(users).where(eq(users.id, id)).limit(1).then(first))
        ?.label ?? null)
const supplierName = async (db: DbOrTx, id: number) => (await supplierRow(db, id))?.company_name ?? null
const circuitOf = (value: unknown) => (value as CircuitState | null) ?? null
const cancelled = (status: string) => status === 'canceled' || status === 'cancelled'

/** Where each kind of document stands, read the same way (the links' claims are checked against it). */
export const DECISION_DOCUMENTS: Readonly<Record<EmailDecisionModel, Loader>> = {
  purchase_order: async (db, id) => {
    const row = await loadOrder(db, id)
    if (row === undefined) return undefined
    return {
      status: row.status,
      awaiting: row.status === 'awaiting',
      cancelled: cancelled(row.status),
      replaced: row.status === 'obsolete',
      circuit: circuitOf(row.circuit),
      version: String(row.lock_version),
      code: row.version > 1 ? `${row.code} v${row.version}` : row.code,
      title: null,
      amount: row.amount_exctax,
      currency_code: row.currency_code,
      party: await supplierName(db, row.supplier_id),
      author: await labelOf(db, row.buyer_id),
    }
  },
  need: async (db, id) => {
    const row = await db.select().from(needs).where(eq(needs.id, id)).limit(1).then(first)
    if (row === undefined) return undefined
    return {
      status: row.status,
      awaiting: row.status === 'awaiting',
      cancelled: cancelled(row.status),
      replaced: false,
      circuit: circuitOf(row.circuit),
      version: String(row.lock_version),
      code: row.code,
      title: row.title,
      amount: row.amount_exctax,
      currency_code: null,
      party: null,
      author: await labelOf(db, row.requester_id),
    }
  },
  expense_report: async (db, id) => {
    const row = await db.select().from(expenseReports).where(eq(expenseReports.id, id)).limit(1).then(first)
    if (row === undefined) return undefined
    const employee = await labelOf(db, row.user_id)
    return {
      status: row.status,
      awaiting: row.status === 'awaiting',
      cancelled: false,
      replaced: false,
      circuit: circuitOf(row.circuit),
      version: String(row.lock_version),
      code: row.code,
      title: row.label === '' ? null : row.label,
      amount: row.amount_inctax,
      currency_code: row.currency_code,
      party: employee,
      author: employee,
    }
  },
  payment_group: async (db, id) => {
    const row = await db.select().from(paymentGroups).where(eq(paymentGroups.id, id)).limit(1).then(first)
    if (row === undefined) return undefined
    const lines = await db
      .select({ status: paymentLines.status })
      .from(paymentLines)
      .where(eq(paymentLines.payment_group_id, id))
    const awaiting = lines.some((l) => l.status === 'awaiting')
    return {
      status: awaiting ? 'awaiting' : (lines[0]?.status ?? 'draft'),
      awaiting,
      cancelled: lines.length === 0 || lines.every((l) => l.status === 'canceled'),
      replaced: false,
      circuit: circuitOf(row.circuit),
      version: String(row.lock_version),
      code: row.code,
      title: row.payment_date,
      amount: row.amount_inctax,
      currency_code: row.currency_code,
      party: null,
      author: await labelOf(db, row.created_by),
    }
  },
  framework_agreement: async (db, id) => {
    const row = await db
      .select()
      .from(frameworkAgreements)
      .where(eq(frameworkAgreements.id, id))
      .limit(1)
      .then(first)
    if (row === undefined) return undefined
    const lines = await db
      .select()
      .from(frameworkAgreementLines)
      .where(eq(frameworkAgreementLines.agreement_id, id))
    return {
      status: row.status,
      awaiting: row.status === 'awaiting',
      cancelled: cancelled(row.status),
      replaced: false,
      circuit: circuitOf(row.circuit),
      // An agreement keeps no lock version: its last change stands for it.
      version: String(row.updated_at.getTime()),
      code: row.code,
      title: row.label,
      amount: agreementWorth(lines),
      currency_code: row.currency_code,
      party: await supplierName(db, row.supplier_id),
      author: await labelOf(db, row.buyer_id),
    }
  },
}
