/** The framework agreements list. */

import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { listFilter, parseListQuery } from '@procura/core/list'
import { err, ok } from '@procura/core/result'
import {
  AGREEMENT_STATUS_LABELS,
  AGREEMENT_STATUSES,
  type AgreementStatus,
  agreementStatusOn,
  agreementUsedPercent,
} from '@procura/core/sourcing'
import { and, asc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { everyWord, likeCi } from '../../db/portable-sql'
import { frameworkAgreementLines, frameworkAgreements, suppliers } from '../../db/schema'
import { inSlice, readPage } from '../list-page'
import { suppliersMatching } from '../suppliers/suppliers'
import { type AgreementActor, type Deps, maySee, todayOf } from './agreements'

export const AGREEMENT_SORTS = ['code', 'starts_on', 'ends_on'] as const
const AGREEMENT_FILTER_KINDS = {
  status: listFilter.oneOf(AGREEMENT_STATUSES),
  supplier_id: listFilter.id(),
}
export const AGREEMENT_QUERY_FILTERS = Object.keys(AGREEMENT_FILTER_KINDS)

/** GET /bwapi/framework-agreements: paged, sorted (ending soonest first), searched and filtered. */
export const listAgreements = async (
  deps: Deps,
  actor: AgreementActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  if (!maySee(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseListQuery(query, {
    sortable: AGREEMENT_SORTS,
    defaultSort: 'ends_on',
    defaultDirection: 'asc',
    filters: AGREEMENT_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: (SQL | undefined)[] = []
  where.push(
    everyWord(q.search, (pattern) =>
      or(
        likeCi(frameworkAgreements.code, pattern),
        likeCi(frameworkAgreements.label, pattern),
        inArray(frameworkAgreements.supplier_id, suppliersMatching(deps.db, pattern)),
      ),
    ),
  )
  // The status shown (agreementStatusOn): past its end, one in force or used up is expired.
  const today = await todayOf(deps)
  const running = inArray(frameworkAgreements.status, ['active', 'done'])
  const status = q.filters.status
  if (status === 'expired')
    where.push(
      or(eq(frameworkAgreements.status, 'expired'), and(running, lt(frameworkAgreements.ends_on, today))),
    )
  else if (status === 'active' || status === 'done')
    where.push(and(eq(frameworkAgreements.status, status), gte(frameworkAgreements.ends_on, today)))
  else if (status !== undefined) where.push(eq(frameworkAgreements.status, status))
  if (q.filters.supplier_id !== undefined)
    where.push(eq(frameworkAgreements.supplier_id, q.filters.supplier_id))
  const page = await readPage(deps.db, q, {
    table: frameworkAgreements,
    id: frameworkAgreements.id,
    where: and(...where),
    sort: { by: frameworkAgreements[q.sort] },
    counted: options.count !== false,
    rows: (slice) =>
      inSlice(
        deps.db
          .select({ agreement: frameworkAgreements, supplier: suppliers.company_name })
          .from(frameworkAgreements)
          .innerJoin(suppliers, eq(frameworkAgreements.supplier_id, suppliers.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const lines =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(frameworkAgreementLines)
          .where(
            inArray(
              frameworkAgreementLines.agreement_id,
              rows.map((r) => r.agreement.id),
            ),
          )
  return ok({
    data: rows.map(({ agreement, supplier }) => ({
      id: agreement.id,
      code: agreement.code,
      label: agreement.label,
      supplier,
      supplier_id: agreement.supplier_id,
      currency_code: agreement.currency_code,
      starts_on: agreement.starts_on,
      ends_on: agreement.ends_on,
      status: agreementStatusOn(agreement as { status: AgreementStatus; ends_on: string }, today),
      used_percent: agreementUsedPercent(lines.filter((l) => l.agreement_id === agreement.id)),
    })),
    meta: page.value.meta,
  })
}

/** GET /bwapi/framework-agreements/filter-list/{field}: statuses and the suppliers with agreements. */
export const agreementFilterOptions = async (db: Db, field: string, language: Language) => {
  if (field === 'status')
    return ok(AGREEMENT_STATUSES.map((value) => ({ value, label: AGREEMENT_STATUS_LABELS[value][language] })))
  if (field === 'supplier_id')
    return ok(
      (
        await db
          .selectDistinct({ id: suppliers.id, label: suppliers.company_name })
          .from(frameworkAgreements)
          .innerJoin(suppliers, eq(frameworkAgreements.supplier_id, suppliers.id))
          .orderBy(asc(suppliers.company_name))
      ).map((s) => ({ value: String(s.id), label: s.label })),
    )
  return ok(null)
}
