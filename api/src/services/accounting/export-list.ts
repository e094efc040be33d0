import {
  ACCOUNTING_EXPORT_LIST,
  allowedAccountingExportActions,
  canExportAccounting,
} from '@procura/core/accounting'
import type { Actor } from '@procura/core/auth'
import type { DomainError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  type FilterOption,
  labelledOptions,
  listFilter,
  optionsMatching,
  parseListQuery,
} from '@procura/core/list'
import { allowedOf } from '@procura/core/policy'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { dayRange } from '../../db/keyset'
import { everyWord, likeCi } from '../../db/portable-sql'
import { accountingExports, companies, users } from '../../db/schema'
import { inSlice, readPage } from '../list-page'

type Reader = Actor & { buyer?: boolean }

export const EXPORT_SORTS = ['created_at', 'id', 'invoice_count'] as const
const EXPORT_FILTER_KINDS = {
  company_id: listFilter.id(),
  format: listFilter.oneOf(['csv', 'fec']),
  status: listFilter.oneOf(['running', 'done', 'failed', 'canceled']),
  // The range of core's ACCOUNTING_EXPORT_LIST.
  created_from: listFilter.date(),
  created_to: listFilter.date(),
}
export const EXPORT_QUERY_FILTERS = Object.keys(EXPORT_FILTER_KINDS)

/**
 * GET /bwapi/accounting-exports: the history, newest first; searched by file name, company or
 * author; filtered by company, format, status and the day it was made; the debit and credit
 * totals of the filtered exports.
 */
export const listAccountingExports = async (
  deps: { db: Db },
  actor: Reader,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  if (!canExportAccounting(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseListQuery(query, {
    sortable: EXPORT_SORTS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    filters: EXPORT_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const f = q.filters
  const where: SQL[] = []
  const search = everyWord(q.search, (pattern) =>
    or(
      likeCi(accountingExports.file_name, pattern),
      inArray(
        accountingExports.company_id,
        deps.db.select({ id: companies.id }).from(companies).where(likeCi(companies.label, pattern)),
      ),
      inArray(
        accountingExports.created_by,
        deps.db.select({ id: users.id }).from(users).where(likeCi(users.label, pattern)),
      ),
    ),
  )
  if (search !== undefined) where.push(search)
  if (f.company_id !== undefined) where.push(eq(accountingExports.company_id, f.company_id))
  if (f.format !== undefined) where.push(eq(accountingExports.format, f.format))
  if (f.status !== undefined) where.push(eq(accountingExports.status, f.status))
  where.push(...dayRange(accountingExports.created_at, f.created_from, f.created_to))
  const page = await readPage(deps.db, q, {
    table: accountingExports,
    id: accountingExports.id,
    where: and(...where),
    sort: { by: accountingExports[q.sort] },
    counted: options.count !== false,
    totals: {
      currency: null,
      amounts: { debit_total: accountingExports.debit_total, credit_total: accountingExports.credit_total },
    },
    rows: (slice) =>
      inSlice(
        deps.db
          .select({ export: accountingExports, company: companies.label, creator: users.label })
          .from(accountingExports)
          .innerJoin(companies, eq(accountingExports.company_id, companies.id))
          .innerJoin(users, eq(accountingExports.created_by, users.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  return ok({
    data: rows.map(({ export: e, company, creator }) => ({
      id: e.id,
      company_id: e.company_id,
      company,
      format: e.format,
      status: e.status,
      actions: allowedOf(
        allowedAccountingExportActions(actor, { status: e.status, has_file: e.file_name !== null }),
      ),
      up_to: e.up_to,
      invoice_count: e.invoice_count,
      payment_count: e.payment_count,
      debit_total: e.debit_total,
      credit_total: e.credit_total,
      file_name: e.file_name,
      created_by: creator,
      created_at: e.created_at.toISOString(),
      canceled_at: e.canceled_at?.toISOString() ?? null,
    })),
    meta: page.value.meta,
  })
}

/** GET /bwapi/accounting-exports/filter-list/{field}: the companies, formats or statuses. */
export const exportFilterOptions = async (
  db: Db,
  actor: Reader,
  field: string,
  search: string,
  language: Language,
): Promise<Result<readonly FilterOption[] | null, DomainError>> => {
  if (!canExportAccounting(actor)) return err({ code: 'FORBIDDEN' })
  if (field === 'company_id') {
    const rows = await db
      .select({ id: companies.id, label: companies.label })
      .from(companies)
      .orderBy(asc(companies.label))
    return ok(
      optionsMatching(
        rows.map((r) => ({ value: String(r.id), label: r.label })),
        search,
      ),
    )
  }
  const labelled = labelledOptions(ACCOUNTING_EXPORT_LIST, field, language)
  return ok(labelled === null ? null : optionsMatching(labelled, search))
}
