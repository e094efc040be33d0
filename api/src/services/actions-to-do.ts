import { type CircuitState, waitingOn } from '@procura/core/circuit'
import type { Language } from '@procura/core/i18n'
import { agreementWaitingOn, mayDecideAgreement } from '@procura/core/sourcing'
import { and, eq, exists, inArray, isNotNull, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { jsonText, likeCi } from '../db/portable-sql'
import {
  deliveries,
  expenseReports,
  frameworkAgreements,
  needs,
  paymentGroups,
  paymentLines,
  purchaseOrders,
  supplierInvoices,
} from '../db/schema'
import type { SessionUser } from './auth/session'
import { rfqsWaitingOn } from './sourcing/rfq-jobs'

const LABELS = {
  orders_to_validate: { en: 'Orders to validate', es: 'Pedidos por validar', fr: 'Commandes à valider' },
  orders_to_send: { en: 'Orders to send', es: 'Pedidos por enviar', fr: 'Commandes à envoyer' },
  needs_to_approve: { en: 'Requests to approve', es: 'Solicitudes por aprobar', fr: 'Demandes à approuver' },
  needs_to_process: { en: 'Requests to process', es: 'Solicitudes por tratar', fr: 'Demandes à traiter' },
  orders_refused: {
    en: 'Refused orders to rework',
    es: 'Pedidos rechazados por revisar',
    fr: 'Commandes refusées à reprendre',
  },
  invoices_to_validate: {
    en: 'Invoices to validate',
    es: 'Facturas por validar',
    fr: 'Factures à valider',
  },
  payments_to_validate: {
    en: 'Payments to validate',
    es: 'Pagos por validar',
    fr: 'Paiements à valider',
  },
  shipments_to_confirm: {
    en: 'Shipments to confirm',
    es: 'Envíos por confirmar',
    fr: 'Expéditions à confirmer',
  },
  orders_to_acknowledge: {
    en: 'Orders to acknowledge',
    es: 'Pedidos por confirmar',
    fr: 'Commandes à accuser réception',
  },
  expense_reports_to_validate: {
    en: 'Expense reports to validate',
    es: 'Informes de gastos por validar',
    fr: 'Notes de frais à valider',
  },
  expense_reports_refused: {
    en: 'Refused expense reports to rework',
    es: 'Informes de gastos rechazados por revisar',
    fr: 'Notes de frais refusées à reprendre',
  },
  agreements_to_validate: {
    en: 'Framework agreements to validate',
    es: 'Acuerdos marco por validar',
    fr: 'Accords-cadres à valider',
  },
  agreements_refused: {
    en: 'Refused framework agreements to rework',
    es: 'Acuerdos marco rechazados por revisar',
    fr: 'Accords-cadres refusés à reprendre',
  },
  rfqs_to_award: {
    en: 'Requests for quotation to compare and award',
    es: 'Solicitudes de cotización por comparar y adjudicar',
    fr: 'Demandes de prix à comparer et attribuer',
  },
  rfqs_to_answer: {
    en: 'Requests for quotation to answer',
    es: 'Solicitudes de cotización por responder',
    fr: 'Demandes de prix auxquelles répondre',
  },
  needs_refused: {
    en: 'Refused requests to rework',
    es: 'Solicitudes rechazadas por revisar',
    fr: 'Demandes refusées à reprendre',
  },
} as const

const waitsOn = (circuit: unknown, login: string) =>
  circuit !== null && waitingOn(circuit as CircuitState).includes(login)

/**
 * GET /bwapi/actions-to-do: what waits for this user now — orders and requests whose circuit waits
 * on them, validated orders of theirs to send, approved requests addressed to them as buyer, and
 * their own orders and requests refused (to rework or cancel).
 */
export const actionsToDo = async (db: Db, user: SessionUser, language: Language) => {
  const [
    awaitingOrders,
    toSend,
    awaitingNeeds,
    toProcess,
    refusedOrders,
    refusedNeeds,
    declared,
    awaitingInvoices,
    awaitingPayments,
    toAcknowledge,
    awaitingReports,
    refusedReports,
    awaitingAgreements,
    refusedAgreements,
    rfqsWaiting,
  ] = await Promise.all([
    db
      .select({ circuit: purchaseOrders.circuit })
      .from(purchaseOrders)
      .where(
        and(
          eq(purchaseOrders.status, 'awaiting'),
          likeCi(jsonText(purchaseOrders.circuit), `%"${user.login}"%`),
        ),
      ),
    db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.status, 'validated'), eq(purchaseOrders.buyer_id, user.id))),
    db
      .select({ circuit: needs.circuit })
      .from(needs)
      .where(and(eq(needs.status, 'awaiting'), likeCi(jsonText(needs.circuit), `%"${user.login}"%`))),
    db
      .select({ id: needs.id })
      .from(needs)
      .where(
        and(eq(needs.status, 'validated'), eq(needs.processing, 'awaiting'), eq(needs.buyer_id, user.id)),
      ),
    db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.status, 'refused'), eq(purchaseOrders.buyer_id, user.id))),
    db
      .select({ id: needs.id })
      .from(needs)
      .where(and(eq(needs.status, 'refused'), eq(needs.requester_id, user.id))),
    // Shipments a supplier declared on orders this user buys or asked for (its technical recipient).
    db
      .select({ id: deliveries.id })
      .from(deliveries)
      .innerJoin(purchaseOrders, eq(deliveries.purchase_order_id, purchaseOrders.id))
      .where(
        and(
          eq(deliveries.kind, 'technical'),
          eq(deliveries.status, 'declared'),
          or(
            eq(purchaseOrders.buyer_id, user.id),
            exists(
              db
                .select({ one: sql`1` })
                .from(needs)
                .where(and(eq(needs.purchase_order_id, purchaseOrders.id), eq(needs.requester_id, user.id))),
            ),
          ),
        ),
      ),
    db
      .select({ circuit: supplierInvoices.circuit })
      .from(supplierInvoices)
      .where(
        and(
          eq(supplierInvoices.status, 'awaiting'),
          likeCi(jsonText(supplierInvoices.circuit), `%"${user.login}"%`),
        ),
      ),
    db
      .select({ circuit: paymentGroups.circuit })
      .from(paymentGroups)
      .where(
        and(
          likeCi(jsonText(paymentGroups.circuit), `%"${user.login}"%`),
          exists(
            db
              .select({ one: sql`1` })
              .from(paymentLines)
              .where(
                and(eq(paymentLines.payment_group_id, paymentGroups.id), eq(paymentLines.status, 'awaiting')),
              ),
          ),
        ),
      ),
    // A supplier contact: the orders sent to its company that wait for its acknowledgement.
    (user.supplier_ids ?? []).length === 0
      ? Promise.resolve([])
      : db
          .select({ id: purchaseOrders.id })
          .from(purchaseOrders)
          .where(
            and(
              eq(purchaseOrders.status, 'sent'),
              inArray(purchaseOrders.supplier_id, [...(user.supplier_ids ?? [])]),
            ),
          ),
    db
      .select({ circuit: expenseReports.circuit })
      .from(expenseReports)
      .where(
        and(
          eq(expenseReports.status, 'awaiting'),
          likeCi(jsonText(expenseReports.circuit), `%"${user.login}"%`),
        ),
      ),
    db
      .select({ id: expenseReports.id })
      .from(expenseReports)
      .where(and(eq(expenseReports.status, 'refused'), eq(expenseReports.user_id, user.id))),
    // Agreements wait on their circuit's current validators (a chart without step: the validators
    // and administrators), never on the buyer who wrote them.
    db
      .select({ circuit: frameworkAgreements.circuit, buyer_id: frameworkAgreements.buyer_id })
      .from(frameworkAgreements)
      .where(and(eq(frameworkAgreements.status, 'awaiting'), ne(frameworkAgreements.buyer_id, user.id))),
    db
      .select({ id: frameworkAgreements.id })
      .from(frameworkAgreements)
      .where(
        and(
          eq(frameworkAgreements.status, 'draft'),
          isNotNull(frameworkAgreements.refusal_reason),
          eq(frameworkAgreements.buyer_id, user.id),
        ),
      ),
    rfqsWaitingOn(db, user),
  ])
  const actions = [
    {
      key: 'orders_to_validate',
      link: '/purchase-orders?status=awaiting',
      variant: 'warning',
      count: awaitingOrders.filter((o) => waitsOn(o.circuit, user.login)).length,
    },
    {
      key: 'orders_to_send',
      link: '/purchase-orders?status=validated',
      variant: 'info',
      count: toSend.length,
    },
    {
      key: 'needs_to_approve',
      link: '/needs?status=awaiting',
      variant: 'warning',
      count: awaitingNeeds.filter((n) => waitsOn(n.circuit, user.login)).length,
    },
    {
      key: 'needs_to_process',
      // The list it opens shows exactly what it counts: the approved requests addressed to this buyer.
      link: `/needs?status=validated&processing=awaiting&buyer_id=${user.id}`,
      variant: 'info',
      count: toProcess.length,
    },
    {
      key: 'orders_refused',
      link: '/purchase-orders?status=refused',
      variant: 'danger',
      count: refusedOrders.length,
    },
    { key: 'needs_refused', link: '/needs?status=refused', variant: 'danger', count: refusedNeeds.length },
    {
      key: 'invoices_to_validate',
      link: '/supplier-invoices?status=awaiting',
      variant: 'warning',
      count: awaitingInvoices.filter((i) => waitsOn(i.circuit, user.login)).length,
    },
    {
      key: 'payments_to_validate',
      link: '/payments?line_status=awaiting',
      variant: 'warning',
      count: awaitingPayments.filter((p) => waitsOn(p.circuit, user.login)).length,
    },
    {
      key: 'expense_reports_to_validate',
      link: '/expense-reports?status=awaiting',
      variant: 'warning',
      count: awaitingReports.filter((r) => waitsOn(r.circuit, user.login)).length,
    },
    {
      key: 'expense_reports_refused',
      link: `/expense-reports?status=refused&user_id=${user.id}`,
      variant: 'danger',
      count: refusedReports.length,
    },
    {
      key: 'agreements_to_validate',
      link: '/framework-agreements?status=awaiting',
      variant: 'warning',
      count: awaitingAgreements.filter((a) =>
        mayDecideAgreement(
          {
            id: user.id,
            login: user.login,
            role: user.role,
            administrator: user.permissions.includes('admin_menu'),
          },
          { buyer_id: a.buyer_id, waiting_on: agreementWaitingOn(a.circuit as CircuitState | null) },
        ),
      ).length,
    },
    {
      key: 'agreements_refused',
      link: '/framework-agreements?status=draft',
      variant: 'danger',
      count: refusedAgreements.length,
    },
    {
      key: 'rfqs_to_award',
      link: '/rfqs?status=closed',
      variant: 'warning',
      count: rfqsWaiting.toAward,
    },
    {
      key: 'rfqs_to_answer',
      link: '/rfqs?status=sent',
      variant: 'warning',
      count: rfqsWaiting.toAnswer,
    },
    {
      key: 'orders_to_acknowledge',
      link: '/purchase-orders?status=sent',
      variant: 'warning',
      count: toAcknowledge.length,
    },
    {
      key: 'shipments_to_confirm',
      link: '/deliveries?kind=technical&status=declared',
      variant: 'warning',
      count: declared.length,
    },
  ]
    .filter((a) => a.count > 0)
    .map(({ key, ...a }) => ({ label: LABELS[key as keyof typeof LABELS][language], ...a }))
  return {
    user: { label: user.label, link: `/users/${user.id}/profile` },
    count: actions.reduce((sum, a) => sum + a.count, 0),
    actions,
  }
}
