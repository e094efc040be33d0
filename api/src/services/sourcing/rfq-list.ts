/** The RFQs list. */
import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { RFQ_STATUS_LABELS, RFQ_STATUSES } from '@procura/core/sourcing'
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { everyWord, likeCi } from '../../db/portable-sql'
import { rfqSuppliers, rfqs } from '../../db/schema'
import { inSlice, readPage } from '../list-page'
import { mayRead, type RfqDeps } from './rfqs'
/** Requests for quotation: written, sent, answered (sealed), closed, compared and awarded (docs/domain/sourcing.md). */

export const RFQ_SORTS = ['code', 'reply_by'] as const
const RFQ_FILTER_KINDS = { status: listFilter.oneOf(RFQ_STATUSES) }
export const RFQ_QUERY_FILTERS = Object.keys(RFQ_FILTER_KINDS)

/**
 * GET /bwapi/rfqs: paged, sorted (latest reply day first), searched, filtered by status. Purchasing
 * staff see every RFQ; a supplier's contact the sent ones its company is invited to.
 */
export const listRfqs = async (
  deps: RfqDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  const internal = mayRead(actor)
  const own = actor.supplier_ids ?? []
  if (!internal && own.length === 0) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseListQuery(query, {
    sortable: RFQ_SORTS,
    defaultSort: 'reply_by',
    defaultDirection: 'desc',
    filters: RFQ_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: (SQL | undefined)[] = []
  where.push(everyWord(q.search, (pattern) => or(likeCi(rfqs.code, pattern), likeCi(rfqs.title, pattern))))
  if (q.filters.status !== undefined) where.push(eq(rfqs.status, q.filters.status))
  if (!internal)
    where.push(
      sql`${rfqs.status} <> 'draft'`,
      inArray(
        rfqs.id,
        deps.db
          .select({ id: rfqSuppliers.rfq_id })
          .from(rfqSuppliers)
          .where(inArray(rfqSuppliers.supplier_id, own)),
      ),
    )
  const page = await readPage(deps.db, q, {
    table: rfqs,
    id: rfqs.id,
    where: and(...where),
    sort: { by: rfqs[q.sort] },
    counted: options.count !== false,
    rows: (slice) => inSlice(deps.db.select().from(rfqs).$dynamic(), slice),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const invited =
    rows.length === 0
      ? []
      : await deps.db
          .select({
            rfq_id: rfqSuppliers.rfq_id,
            supplier_id: rfqSuppliers.supplier_id,
            answered_at: rfqSuppliers.answered_at,
          })
          .from(rfqSuppliers)
          .where(
            inArray(
              rfqSuppliers.rfq_id,
              rows.map((r) => r.id),
            ),
          )
  return ok({
    data: rows.map((r) => {
      const mine = invited.filter((i) => i.rfq_id === r.id)
      return {
        id: r.id,
        code: r.code,
        title: r.title,
        reply_by: r.reply_by,
        status: r.status,
        invited: internal ? mine.length : 1,
        answered: (internal ? mine : mine.filter((i) => own.includes(i.supplier_id))).filter(
          (i) => i.answered_at !== null,
        ).length,
      }
    }),
    meta: page.value.meta,
  })
}

/** GET /bwapi/rfqs/filter-list/status. */
export const rfqFilterOptions = async (field: string, language: Language) =>
  field === 'status'
    ? ok(RFQ_STATUSES.map((value) => ({ value, label: RFQ_STATUS_LABELS[value][language] })))
    : ok(null)
