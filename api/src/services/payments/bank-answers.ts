import type { DomainError } from '@procura/core/errors'
import {
  bankAnswerAction,
  canRecordBankAnswers,
  type PaymentLineAction,
  paymentLineTransition,
} from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import type { PaymentLineStatus } from '@procura/core/status'
import { eq } from 'drizzle-orm'
import { XMLParser } from 'fast-xml-parser'
import { first } from '../../db/first'
import { paymentExports, paymentGroups, paymentLines } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import type { InvoiceDeps } from '../invoices/invoices'
import { notify } from '../notifications/notifications'
import { writeTrace } from '../trace'
import { moveLines } from './payment-actions'
import { endToEndId } from './sepa-export'

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  // No entity expansion from the document (no XXE, no billion laughs).
  processEntities: false,
  isArray: (name) => ['OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf'].includes(name),
})

type Node = Record<string, unknown>
const node = (value: unknown): Node => (value !== null && typeof value === 'object' ? (value as Node) : {})
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : [])
const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null
const reasonOf = (parent: Node) => textOf(node(node(nodes(parent.StsRsnInf)[0]).Rsn).Cd)

/** One status of a pain.002 report: for a transaction, a payment block, or the whole file. */
export type BankStatus = { end_to_end_id: string | null; status: string; reason: string | null }

/**
 * Reads a customer payment status report (pain.002, any version): the file it answers (its
 * MsgId), the group status, each block's and each transaction's status with its reason code.
 */
export const readPain002 = (
  xml: string,
): Result<{ message_id: string; fallback: BankStatus | null; statuses: BankStatus[] }, DomainError> => {
  let doc: Node
  try {
    doc = node(parser.parse(xml))
  } catch {
    return err({ code: 'BANK_ANSWER_INVALID' })
  }
  const report = node(node(doc.Document).CstmrPmtStsRpt)
  const group = node(report.OrgnlGrpInfAndSts)
  const messageId = textOf(group.OrgnlMsgId)
  if (messageId === null) return err({ code: 'BANK_ANSWER_INVALID' })
  const groupStatus = textOf(group.GrpSts)
  const statuses: BankStatus[] = []
  let fallback: BankStatus | null =
    groupStatus === null ? null : { end_to_end_id: null, status: groupStatus, reason: reasonOf(group) }
  for (const block of nodes(report.OrgnlPmtInfAndSts)) {
    const blockStatus = textOf(block.PmtInfSts)
    if (blockStatus !== null) fallback = { end_to_end_id: null, status: blockStatus, reason: reasonOf(block) }
    for (const tx of nodes(block.TxInfAndSts)) {
      const status = textOf(tx.TxSts)
      if (status !== null)
        statuses.push({ end_to_end_id: textOf(tx.OrgnlEndToEndId), status, reason: reasonOf(tx) })
    }
  }
  return ok({ message_id: messageId, fallback, statuses })
}

export type BankAnswerSummary = {
  payment_group_id: number
  paid: number
  rejected: number
  blocked: number
  failed: number
  unchanged: number
  unknown: string[]
}

/**
 * POST /bwapi/payment-groups/bank-answers (a pain.002 file): marks the exported lines it answers
 * paid (settled), rejected by the beneficiary's or the holder's bank with the bank's reason code,
 * or blocked (pending for lack of funds); a rejected line gives its amount back to the invoice's
 * remaining to pay. Lines the report names but cannot move any more (already paid, say) are
 * counted unchanged, so importing the same report twice changes nothing. One transaction.
 */
export const importBankAnswer = async (
  deps: InvoiceDeps,
  actor: OrderActor,
  xml: string,
): Promise<Result<{ data: BankAnswerSummary }, DomainError>> => {
  if (!canRecordBankAnswers(actor)) return err({ code: 'FORBIDDEN' })
  const read = readPain002(xml)
  if (!read.ok) return read
  const exported = await deps.db
    .select({
      id: paymentExports.id,
      group_id: paymentExports.payment_group_id,
      code: paymentGroups.code,
      created_by: paymentGroups.created_by,
    })
    .from(paymentExports)
    .innerJoin(paymentGroups, eq(paymentExports.payment_group_id, paymentGroups.id))
    .where(eq(paymentExports.message_id, read.value.message_id))
    .limit(1)
    .then(first)
  if (exported === undefined)
    return err({ code: 'BANK_ANSWER_UNKNOWN', params: { reference: read.value.message_id } })
  const now = deps.clock.now()
  const rejectedReasons = new Set<string>()
  const done = await writeOrRefuse(deps.db, async (tx) => {
    const lines = await tx.select().from(paymentLines).where(eq(paymentLines.payment_export_id, exported.id))
    const byReference = new Map(lines.map((l) => [endToEndId(exported.code, l.id), l]))
    const named = new Map(
      read.value.statuses.flatMap((s) => (s.end_to_end_id === null ? [] : [[s.end_to_end_id, s]])),
    )
    const summary: BankAnswerSummary = {
      payment_group_id: exported.group_id,
      paid: 0,
      rejected: 0,
      blocked: 0,
      failed: 0,
      unchanged: 0,
      unknown: [...named.keys()].filter((ref) => !byReference.has(ref)),
    }
    const moves = new Map<PaymentLineAction, { line: (typeof lines)[number]; reason: string | null }[]>()
    for (const [ref, line] of byReference) {
      const answer = named.get(ref) ?? read.value.fallback
      const action = answer === null ? null : bankAnswerAction(answer.status, answer.reason)
      if (action === null || !paymentLineTransition(line.status as PaymentLineStatus, action).ok) {
        if (answer !== null) summary.unchanged += 1
        continue
      }
      moves.set(action, [...(moves.get(action) ?? []), { line, reason: answer?.reason ?? null }])
    }
    for (const [action, moving] of moves) {
      const moved = await moveLines(
        tx,
        moving.map((m) => m.line),
        action,
        now,
      )
      if (!moved.ok) return moved
      for (const { line, reason } of moving)
        if (reason !== null)
          await tx.update(paymentLines).set({ reason_code: reason }).where(eq(paymentLines.id, line.id))
      if (action === 'pay') summary.paid += moving.length
      else if (action === 'block') summary.blocked += moving.length
      else if (action === 'fail') summary.failed += moving.length
      else {
        summary.rejected += moving.length
        for (const { reason } of moving) rejectedReasons.add(reason ?? '—')
      }
    }
    if (moves.size === 0) return ok(summary)
    await writeTrace(tx, deps.clock, {
      action: 'bank_answer',
      message: `Bank answer to ${read.value.message_id}: ${summary.paid} paid, ${summary.rejected} rejected, ${summary.blocked} blocked, ${summary.failed} in error, ${summary.unchanged} unchanged`,
      model: 'payment_group',
      model_id: exported.group_id,
      user_id: actor.id,
    })
    return ok(summary)
  })
  if (!done.ok) return done
  // Who prepared the payment hears of a rejection (the reasons are the bank's codes).
  if (done.value.rejected > 0)
    await notify(deps, {
      user_ids: [exported.created_by],
      kind: 'payment_rejected',
      model: 'payment_group',
      model_id: exported.group_id,
      params: { code: exported.code, reason: [...rejectedReasons].join(', ') },
    })
  return ok({ data: done.value })
}
