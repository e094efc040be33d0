import {
  ACCOUNTING_ENTRY_LIST,
  ACCOUNTING_VAT_ENTRY_LIST,
  AccountingEntryInputSchema,
  AccountingVatEntryInputSchema,
} from '@procura/core/accounting'
import { type Actor, can } from '@procura/core/auth'
import { type DomainError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { labelledOptions, listFilter, optionsMatching, parseListQuery } from '@procura/core/list'
import { dec } from '@procura/core/money'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { likeCi } from '../../db/portable-sql'
import {
  accountingEntries,
  accountingExports,
  accountingVatEntries,
  productFamilies,
  supplierInvoiceLines,
} from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { inSlice, readPage } from '../list-page'
import { writeTrace } from '../trace'

type Deps = { db: Db; clock: Clock }
type Answer<T> = Promise<Result<T, DomainError>>

/** The accounts booked by finished exports: an entry whose account one of them used stays. */
const exportedAccounts = async (db: Db): Promise<Set<string>> => {
  const rows = await db
    .select({ accounts: accountingExports.accounts })
    .from(accountingExports)
    .where(eq(accountingExports.status, 'done'))
  return new Set(rows.flatMap((r) => r.accounts ?? []))
}

const adminOnly = (actor: Actor): Result<void, DomainError> =>
  can(actor, 'admin_menu') ? ok(undefined) : err({ code: 'FORBIDDEN' })

/**
 * The two administration lists of accounting (spec §2 accounting-entries and
 * accounting-vat-entries): list (paged, sorted by code or label, searched, filtered by active),
 * create, change, disable, enable, and delete — refused while the entry is used (an invoice line
 * names it, or a finished export booked on its account).
 */
const entryList = <K extends 'entries' | 'vat'>(kind: K) => {
  // Read at each call: the schema's bindings point at PostgreSQL's tables once that engine is opened.
  const tableOf = () => (kind === 'entries' ? accountingEntries : accountingVatEntries)
  const model = kind === 'entries' ? 'accounting_entry' : 'accounting_vat_entry'
  const definition = kind === 'entries' ? ACCOUNTING_ENTRY_LIST : ACCOUNTING_VAT_ENTRY_LIST
  const parse = (input: unknown) => {
    if (kind === 'entries') return parseWith(AccountingEntryInputSchema, input)
    const parsed = parseWith(AccountingVatEntryInputSchema, input)
    return parsed.ok ? ok({ ...parsed.value, vat_rate: dec(parsed.value.vat_rate).toString() }) : parsed
  }
  const find = (db: Db, id: number) => {
    const table = tableOf()
    return db.select().from(table).where(eq(table.id, id)).limit(1).then(first)
  }
  const used = async (db: Db, row: { id: number; code: string; self_assessed_code?: string | null }) => {
    if (kind === 'entries') {
      const named = await db
        .select({ id: supplierInvoiceLines.id })
        .from(supplierInvoiceLines)
        .where(eq(supplierInvoiceLines.accounting_entry_id, row.id))
        .limit(1)
      if (named.length > 0) return true
    }
    const accounts = await exportedAccounts(db)
    return accounts.has(row.code) || (row.self_assessed_code != null && accounts.has(row.self_assessed_code))
  }
  return {
    list: async (
      db: Db,
      actor: Actor,
      query: Record<string, string | undefined>,
      options: { count?: boolean } = {},
    ) => {
      const table = tableOf()
      const allowed = adminOnly(actor)
      if (!allowed.ok) return allowed
      const parsed = parseListQuery(query, {
        sortable: ['code', 'label'] as const,
        defaultSort: 'code',
        filters: { active: listFilter.flag() },
      })
      if (!parsed.ok) return parsed
      const q = parsed.value
      const where: SQL[] = []
      if (q.search !== null) {
        const pattern = `%${q.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
        const any = or(likeCi(table.code, pattern), likeCi(table.label, pattern))
        if (any !== undefined) where.push(any)
      }
      if (q.filters.active !== undefined) where.push(eq(table.active, q.filters.active))
      const page = await readPage(db, q, {
        table,
        id: table.id,
        idDirection: 'asc',
        where: and(...where),
        sort: { by: table[q.sort] },
        counted: options.count !== false,
        rows: (slice) => inSlice(db.select().from(table).$dynamic(), slice),
      })
      if (!page.ok) return page
      const rows = page.value.rows
      // An expense account names its product family: its label, read for the page's rows at once.
      const familyIds = rows.flatMap((r) =>
        'product_family_id' in r && r.product_family_id !== null ? [r.product_family_id] : [],
      )
      const families =
        familyIds.length === 0
          ? new Map<number, string>()
          : new Map(
              (
                await db
                  .select({ id: productFamilies.id, label: productFamilies.label })
                  .from(productFamilies)
                  .where(inArray(productFamilies.id, familyIds))
              ).map((f) => [f.id, f.label]),
            )
      return ok({
        data: rows.map((r) => ({
          ...r,
          ...('product_family_id' in r
            ? { family: r.product_family_id === null ? null : (families.get(r.product_family_id) ?? null) }
            : {}),
          active_state: r.active ? '1' : '0',
        })),
        meta: page.value.meta,
      })
    },
    /** GET …/filter-list/active: active or disabled. */
    options: (actor: Actor, field: string, search: string, language: Language) => {
      const allowed = adminOnly(actor)
      if (!allowed.ok) return allowed
      const labelled = field === 'active' ? labelledOptions(definition, 'active_state', language) : null
      return ok(labelled === null ? null : optionsMatching(labelled, search))
    },
    save: async (
      deps: Deps,
      actor: Actor,
      id: number | null,
      input: unknown,
    ): Answer<{ data: { id: number } }> => {
      const table = tableOf()
      const allowed = adminOnly(actor)
      if (!allowed.ok) return allowed
      const parsed = parse(input)
      if (!parsed.ok) return parsed
      if (id !== null && (await find(deps.db, id)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
      const now = deps.clock.now()
      const values = parsed.value as Record<string, unknown>
      const saved = await writeOrRefuse<number, DomainError>(deps.db, async (tx) => {
        // One default expense account.
        if (kind === 'entries' && values.is_default === true)
          await tx
            .update(accountingEntries)
            .set({ is_default: false, updated_at: now })
            .where(id === null ? eq(accountingEntries.is_default, true) : ne(accountingEntries.id, id))
        let rowId = id
        if (id === null) {
          const [row] = await tx
            .insert(table)
            .values({ ...values, created_at: now, updated_at: now } as typeof table.$inferInsert)
            .returning({ id: table.id })
          rowId = row?.id ?? null
        } else
          await tx
            .update(table)
            .set({ ...values, updated_at: now })
            .where(eq(table.id, id))
        if (rowId === null) throw new Error('Insert returned no accounting entry')
        await writeTrace(tx, deps.clock, {
          action: id === null ? 'create' : 'update',
          message: `${kind === 'entries' ? 'Accounting entry' : 'Accounting VAT entry'} ${String(values.code)} saved`,
          model,
          model_id: rowId,
          user_id: actor.id,
        })
        return ok(rowId)
      })
      return saved.ok ? ok({ data: { id: saved.value } }) : saved
    },
    setActive: async (
      deps: Deps,
      actor: Actor,
      id: number,
      active: boolean,
    ): Answer<{ data: { id: number; active: boolean } }> => {
      const table = tableOf()
      const allowed = adminOnly(actor)
      if (!allowed.ok) return allowed
      if ((await find(deps.db, id)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
      await deps.db.update(table).set({ active, updated_at: deps.clock.now() }).where(eq(table.id, id))
      return ok({ data: { id, active } })
    },
    remove: async (deps: Deps, actor: Actor, id: number): Answer<{ data: { id: number } }> => {
      const table = tableOf()
      const allowed = adminOnly(actor)
      if (!allowed.ok) return allowed
      const row = await find(deps.db, id)
      if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
      if (await used(deps.db, row as { id: number; code: string; self_assessed_code?: string | null }))
        return err({ code: 'ACCOUNTING_ENTRY_IN_USE', params: { code: row.code } })
      await deps.db.transaction(async (tx) => {
        await tx.delete(table).where(eq(table.id, id))
        await writeTrace(tx, deps.clock, {
          action: 'delete',
          message: `Accounting entry ${row.code} deleted`,
          model,
          model_id: id,
          user_id: actor.id,
        })
      })
      return ok({ data: { id } })
    },
  }
}

export const accountingEntriesAdmin = entryList('entries')
export const accountingVatEntriesAdmin = entryList('vat')

/** GET /bwapi/accounting-entries/families: the product families an expense account may be for. */
export const accountFamilies = async (db: Db, actor: Actor) => {
  const allowed = adminOnly(actor)
  if (!allowed.ok) return allowed
  const rows = await db
    .select({ id: productFamilies.id, code: productFamilies.code, label: productFamilies.label })
    .from(productFamilies)
    .orderBy(asc(productFamilies.label))
  return ok({ data: rows.map((r) => ({ value: String(r.id), label: `${r.label} (${r.code})` })) })
}
