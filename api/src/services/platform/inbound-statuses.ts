import { type DomainError, parseWith } from '@procura/core/errors'
import {
  type InboundStatus,
  InboundStatusSchema,
  inboundLifecycleStatus,
  LIFECYCLE_STATUSES,
  sirenOf,
} from '@procura/core/invoice'
import { err, ok, type Result } from '@procura/core/result'
import { and, desc, eq, inArray, isNotNull, like, ne } from 'drizzle-orm'
import { XMLParser } from 'fast-xml-parser'
import type { Clock } from '../../clock'
import type { Db, Tx } from '../../db'
import { first } from '../../db/first'
import { invoiceLifecycle, pendingInvoices, supplierInvoices, suppliers } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { writeTrace } from '../trace'
import type { TokenClient } from './platform'

type Deps = { db: Db; clock: Clock }

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // No entity expansion from the document (no XXE, no billion laughs).
  processEntities: false,
  isArray: (name) => name === 'ReferenceReferencedDocument' || name === 'SpecifiedDocumentStatus',
})

const unreadable = (reason: string): Result<never, DomainError> =>
  err({ code: 'LIFECYCLE_MESSAGE_UNREADABLE', params: { reason } })

type Node = Record<string, unknown> | undefined

/** An element's text (its value, or `#text` when it carries attributes), or null. */
const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value
  if (value !== null && typeof value === 'object' && '#text' in value) return String(value['#text'])
  return null
}

const child = (node: Node, name: string): Node => {
  const value = node?.[name]
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
}

/** UN/CEFACT format 204 (CCYYMMDDHHMMSS, UTC) or 102 (CCYYMMDD) to ISO. */
const isoOf = (value: string | null, time: boolean): string | null => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(value ?? '')
  if (m === null) return null
  const day = `${m[1]}-${m[2]}-${m[3]}`
  return time ? `${day}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}Z` : day
}

/**
 * A CDAR D22B message read into the statuses it carries, one per referenced invoice
 * (AcknowledgementDocument/ReferenceReferencedDocument): its number, date and issuer (the seller,
 * by its SIREN, scheme 0002), the status (ProcessConditionCode) and its reason. The message's id
 * keeps each status once (suffixed by the invoice's position when it carries several).
 */
export const readCdarStatuses = (xml: string): Result<unknown[], DomainError> => {
  let root: Node
  try {
    root = child(parser.parse(xml) as Node, 'CrossDomainAcknowledgementAndResponse')
  } catch (error) {
    return unreadable(error instanceof Error ? error.message : String(error))
  }
  if (root === undefined) return unreadable('its root is not CrossDomainAcknowledgementAndResponse')
  const exchanged = child(root, 'ExchangedDocument')
  const acknowledgement = child(root, 'AcknowledgementDocument')
  const id = text(exchanged?.ID)
  const at = isoOf(text(child(acknowledgement, 'IssueDateTime')?.DateTimeString), true)
  const documents = (acknowledgement?.ReferenceReferencedDocument ?? []) as Record<string, unknown>[]
  if (documents.length === 0) return unreadable('it names no invoice (ReferenceReferencedDocument)')
  return ok(
    documents.map((document, n) => {
      const [detail] = (document.SpecifiedDocumentStatus ?? []) as Record<string, unknown>[]
      return {
        id: documents.length === 1 ? id : `${id}#${n + 1}`,
        invoice: {
          number: text(document.IssuerAssignedID),
          issue_date: isoOf(text(child(child(document, 'FormattedIssueDateTime'), 'DateTimeString')), false),
          seller: { siren: text(child(document, 'IssuerTradeParty')?.GlobalID) },
        },
        status: {
          code: text(document.ProcessConditionCode),
          reason_code: text(detail?.ReasonCode),
          comment: text(detail?.Reason),
          at,
        },
      }
    }),
  )
}

/** Where a status read from the platform hangs: the invoice captured from the e-invoice, or its pending invoice. */
const receivedDocument = async (tx: Tx, status: InboundStatus) => {
  const sellers = (
    await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(like(suppliers.siret, `${sirenOf(status.invoice.seller.siren)}%`))
  ).map((s) => s.id)
  if (sellers.length === 0) return undefined
  const invoice = await tx
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.e_invoice, true),
        eq(supplierInvoices.label, status.invoice.number),
        inArray(supplierInvoices.supplier_id, sellers),
        ...(status.invoice.issue_date ? [eq(supplierInvoices.invoice_date, status.invoice.issue_date)] : []),
      ),
    )
    .orderBy(desc(supplierInvoices.id))
    .limit(1)
    .then(first)
  if (invoice !== undefined) return { supplier_invoice_id: invoice.id }
  const pending = await tx
    .select({ id: pendingInvoices.id })
    .from(pendingInvoices)
    .where(
      and(
        isNotNull(pendingInvoices.e_invoice),
        eq(pendingInvoices.label, status.invoice.number),
        inArray(pendingInvoices.supplier_id, sellers),
        ne(pendingInvoices.status, 'processed'),
      ),
    )
    .orderBy(desc(pendingInvoices.id))
    .limit(1)
    .then(first)
  return pending === undefined ? undefined : { pending_invoice_id: pending.id }
}

export type RecordedStatus = {
  id: number
  message_id: string
  code: string
  supplier_invoice_id: number | null
  pending_invoice_id: number | null
  /** Already recorded from an earlier delivery of the same message: nothing written again. */
  repeated: boolean
}

/**
 * POST /platform/statuses: the statuses a platform reports on e-invoices Procura received — its
 * CDAR D22B message (application/xml) or the same status as JSON (one object, or a list) — kept in
 * each e-invoice's lifecycle (`source` platform, never sent back), on the invoice captured from it
 * or on its pending invoice while it waits in the queue. All or nothing: a status Procura cannot
 * place (unknown invoice, a buyer's status, an unreadable message) refuses the whole delivery and
 * records nothing. A message delivered again (same id) is answered as recorded, written once.
 */
export const receivePlatformStatuses = async (
  deps: Deps,
  client: Pick<TokenClient, 'label'> & { actor: { id: number } },
  body: { xml: string } | { json: unknown },
): Promise<Result<{ data: RecordedStatus[] }, DomainError>> => {
  const read =
    'xml' in body ? readCdarStatuses(body.xml) : ok(Array.isArray(body.json) ? body.json : [body.json])
  if (!read.ok) return read
  const statuses: InboundStatus[] = []
  for (const candidate of read.value) {
    const parsed = parseWith(InboundStatusSchema, candidate)
    if (!parsed.ok) return parsed
    statuses.push(parsed.value)
  }
  if (statuses.length === 0) return unreadable('it holds no status')
  return writeOrRefuse(deps.db, async (tx) => {
    const recorded: RecordedStatus[] = []
    for (const status of statuses) {
      const kept = inboundLifecycleStatus(status.status)
      if (!kept.ok) return kept
      const target = await receivedDocument(tx, status)
      if (target === undefined)
        return err({
          code: 'E_INVOICE_NOT_RECEIVED',
          params: { number: status.invoice.number, siren: sirenOf(status.invoice.seller.siren) },
        } as DomainError)
      const [row] = await tx
        .insert(invoiceLifecycle)
        .values({
          ...target,
          ...kept.value,
          user_id: null,
          source: 'platform',
          message_id: status.id,
          created_at: new Date(status.status.at),
        })
        .onConflictDoNothing({ target: invoiceLifecycle.message_id })
        .returning({ id: invoiceLifecycle.id })
      const repeated = row === undefined
      const id =
        row?.id ??
        (
          await tx
            .select({ id: invoiceLifecycle.id })
            .from(invoiceLifecycle)
            .where(eq(invoiceLifecycle.message_id, status.id))
            .then(first)
        )?.id ??
        0
      if (!repeated)
        await writeTrace(tx, deps.clock, {
          action: 'platform_status',
          message: `E-invoice ${status.invoice.number}: ${kept.value.code} ${LIFECYCLE_STATUSES[kept.value.code].en}, from ${client.label}`,
          model: 'supplier_invoice_id' in target ? 'supplier_invoice' : 'pending_invoice',
          model_id: 'supplier_invoice_id' in target ? target.supplier_invoice_id : target.pending_invoice_id,
          user_id: client.actor.id,
        })
      recorded.push({
        id,
        message_id: status.id,
        code: kept.value.code,
        supplier_invoice_id: null,
        pending_invoice_id: null,
        ...target,
        repeated,
      })
    }
    return ok({ data: recorded })
  })
}
