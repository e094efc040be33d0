import { type DomainError, formError, parseWith, translate } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import {
  allowedPendingInvoiceActions,
  canHandleInvoices,
  type EInvoice,
  eInvoiceIssueParams,
  eInvoiceIssues,
  INVOICE_NUMBER,
  PENDING_INVOICE_LIST,
  PENDING_INVOICE_STATUSES,
  type PendingInvoiceAction,
  PendingInvoiceHoldSchema,
  PendingInvoiceInputSchema,
  PendingInvoiceRejectSchema,
  type PendingInvoiceStatus,
  pendingInvoiceTransition,
} from '@procura/core/invoice'
import {
  type FilterOption,
  labelledOptions,
  listFilter,
  optionsMatching,
  parseListQuery,
} from '@procura/core/list'
import { normaliseIban } from '@procura/core/payment'
import { allowedOf, guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { filePolicyOf } from '@procura/core/settings'
import { extensionOf, fileIssues } from '@procura/core/validation'
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { amountRange, isoDayRange } from '../../db/keyset'
import { everyWord, likeCi } from '../../db/portable-sql'
import { bankAccounts, departments, pendingInvoices, suppliers } from '../../db/schema'
import { writeOrRefuse } from '../../db/transaction'
import { fileStore } from '../documents/file-store'
import { storeFile } from '../documents/stored-file'
import { inSlice, readPage } from '../list-page'
import { orderFilterOptions } from '../purchase-orders/order-list'
import { loadSettings } from '../settings'
import { suppliersMatching } from '../suppliers/suppliers'
import { writeTrace } from '../trace'
import type { UploadedFile } from '../users/signature'
import { readEInvoice } from './e-invoice'
import { matchEInvoiceReferences, routeEInvoice } from './e-invoice-references'
import { raisePendingLifecycle } from './lifecycle'

type PendingDeps = { db: Db; clock: Clock; storageDir: string }
export type Answer<T> = Promise<Result<T, DomainError>>

/**
 * POST /bwapi/pending-invoices: what arrived — the supplier's PDF or image, its supplier, number,
 * date and totals — queued for the accounts-payable team (buyers). The file is checked by the
 * file settings and kept as received.
 */
export const createPendingInvoice = async (
  deps: PendingDeps,
  actor: OrderActor,
  input: Record<string, unknown>,
  file: UploadedFile | null,
  language: Language,
): Answer<{ data: { id: number } }> => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' })
  // An e-invoice (Factur-X PDF, CII or UBL XML) fills what was not typed; a scan fills nothing.
  const read = file === null ? null : await readEInvoice(file.name, file.bytes)
  if (read !== null && !read.ok)
    return err(formError({ file: [{ code: read.error.code, params: read.error.params ?? {} }] }))
  const einvoice = read?.value ?? null
  const typed = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = parseWith(PendingInvoiceInputSchema, {
    ...(einvoice === null ? {} : await prefillOf(deps.db, einvoice)),
    ...typed,
  })
  if (!parsed.ok) return parsed
  if (parsed.value.supplier_id !== null) {
    const supplier = await deps.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, parsed.value.supplier_id))
      .limit(1)
      .then(first)
    if (supplier === undefined) return err(formError({ supplier_id: [{ code: 'NOT_IN_LIST' }] }))
  }
  let stored: { file_name: string; file_path: string; file_size: number } | null = null
  if (file !== null) {
    // An e-invoice is an invoice whatever the extensions allowed for attachments (XML among them).
    const issues = fileIssues(file, filePolicyOf(await loadSettings(deps.db)), language).filter(
      (issue) => einvoice === null || issue.code !== 'FILE_BAD_EXTENSION',
    )
    if (issues.length > 0) return err(formError({ file: issues }))
    const relative = await storeFile(fileStore(deps), 'pending-invoices', extensionOf(file.name), file.bytes)
    stored = { file_name: file.name, file_path: relative, file_size: file.size }
  }
  // The order its references name (BT-13, BT-16, BT-12, BT-10); another supplier's is refused, named.
  const matched =
    einvoice === null ? null : await matchEInvoiceReferences(deps.db, einvoice, parsed.value.supplier_id)
  // Its addressee: the company of its SIREN, the department of its routing code (that queue).
  const routed = einvoice === null ? null : await routeEInvoice(deps.db, einvoice)
  const issues =
    einvoice === null
      ? null
      : [
          ...eInvoiceIssues(einvoice),
          ...(matched !== null && !matched.ok
            ? [{ code: matched.error.code, params: matched.error.params ?? {} }]
            : []),
          ...(routed?.unknown_routing
            ? [{ code: 'E_INVOICE_ROUTING_UNKNOWN' as const, params: { code: routed.unknown_routing } }]
            : []),
        ].map((issue) => ({
          code: issue.code,
          message: translate(issue.code, eInvoiceIssueParams(issue, language), language),
        }))
  const now = deps.clock.now()
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pendingInvoices)
      .values({
        ...parsed.value,
        ...(stored ?? {}),
        e_invoice: einvoice,
        e_invoice_issues: issues,
        e_invoice_match: matched?.ok ? matched.value : null,
        company_id: routed?.company_id ?? null,
        department_id: routed?.department_id ?? null,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: pendingInvoices.id })
    await writeTrace(tx, deps.clock, {
      action: 'create',
      message: `Pending invoice ${parsed.value.label ?? ''} received`,
      model: 'pending_invoice',
      model_id: row?.id ?? null,
      user_id: actor.id,
    })
    return row?.id ?? 0
  })
  return ok({ data: { id } })
}

/**
 * What a pending invoice is prefilled with from an e-invoice: its number (when it fits the invoice
 * number's characters), date, currency and totals, and its supplier, found by SIRET, VAT number or IBAN.
 */
const prefillOf = async (db: Db, einvoice: EInvoice) => {
  // The SIRET names the company exactly; else its VAT number.
  const siret = einvoice.seller.siret?.replace(/\s/g, '') ?? null
  const vat = einvoice.seller.vat?.replace(/\s/g, '') ?? null
  const bySiret =
    siret === null
      ? undefined
      : await db
          .select({ id: suppliers.id })
          .from(suppliers)
          .where(eq(suppliers.siret, siret))
          .limit(1)
          .then(first)
  const byVat =
    bySiret ??
    (vat === null
      ? undefined
      : await db
          .select({ id: suppliers.id })
          .from(suppliers)
          .where(eq(suppliers.intra_community_vat, vat))
          .limit(1)
          .then(first))
  // Else the account it asks to be paid on, when a supplier holds it.
  const iban = einvoice.seller.iban === null ? null : normaliseIban(einvoice.seller.iban)
  const supplier =
    byVat ??
    (iban === null
      ? undefined
      : await db
          .select({ id: bankAccounts.supplier_id })
          .from(bankAccounts)
          .where(and(eq(bankAccounts.account_number, iban), eq(bankAccounts.owner, 'supplier')))
          .limit(1)
          .then(first))
  const sign = einvoice.kind === 'credit_note' ? '-' : ''
  return {
    supplier_id: supplier?.id ?? null,
    label: INVOICE_NUMBER.test(einvoice.number) ? einvoice.number : null,
    invoice_date: einvoice.issue_date,
    currency_code: einvoice.currency || 'EUR',
    amount_exctax: `${sign}${einvoice.totals.exctax}`,
    amount_inctax: `${sign}${einvoice.totals.payable}`,
  }
}

/** What the queue shows unless a status is asked: what is not dealt with yet. */
const PENDING_INVOICE_OPEN = ['pending', 'on_hold']

export const PENDING_SORTS = ['created_at', 'invoice_date', 'amount_inctax'] as const
const SORT_KINDS = { created_at: 'date', invoice_date: 'text', amount_inctax: 'amount' } as const
const PENDING_FILTER_KINDS = {
  status: listFilter.oneOf(PENDING_INVOICE_STATUSES),
  supplier_id: listFilter.id(),
  // The department's queue: the e-invoices addressed to its routing code.
  department_id: listFilter.id(),
  // The ranges of core's PENDING_INVOICE_LIST.
  invoice_date_from: listFilter.date(),
  invoice_date_to: listFilter.date(),
  amount_min: listFilter.decimal(),
  amount_max: listFilter.decimal(),
}
/** Every filter the queue's query takes. */
export const PENDING_QUERY_FILTERS = Object.keys(PENDING_FILTER_KINDS)

/**
 * GET /bwapi/pending-invoices: the queue (what waits and what is on hold, unless a status is
 * asked), oldest first;
 * searched by the supplier's number, the supplier's name or code, and the file's name; the totals
 * of the filtered rows by currency.
 */
export const listPendingInvoices = async (
  deps: PendingDeps,
  actor: OrderActor,
  query: Record<string, string | undefined>,
  options: { count?: boolean } = {},
) => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const parsed = parseListQuery(query, {
    sortable: PENDING_SORTS,
    defaultSort: 'created_at',
    filters: PENDING_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const f = q.filters
  const where: SQL[] = [
    f.status === undefined
      ? inArray(pendingInvoices.status, PENDING_INVOICE_OPEN)
      : eq(pendingInvoices.status, f.status),
  ]
  const search = everyWord(q.search, (pattern) =>
    or(
      likeCi(pendingInvoices.label, pattern),
      likeCi(pendingInvoices.file_name, pattern),
      inArray(pendingInvoices.supplier_id, suppliersMatching(deps.db, pattern)),
    ),
  )
  if (search !== undefined) where.push(search)
  if (f.supplier_id !== undefined) where.push(eq(pendingInvoices.supplier_id, f.supplier_id))
  if (f.department_id !== undefined) where.push(eq(pendingInvoices.department_id, f.department_id))
  where.push(
    ...isoDayRange(pendingInvoices.invoice_date, f.invoice_date_from, f.invoice_date_to),
    ...amountRange(pendingInvoices.amount_inctax, f.amount_min, f.amount_max),
  )
  const page = await readPage(deps.db, q, {
    table: pendingInvoices,
    id: pendingInvoices.id,
    where: and(...where),
    sort: { by: pendingInvoices[q.sort], kind: SORT_KINDS[q.sort] },
    counted: options.count !== false,
    totals: {
      currency: pendingInvoices.currency_code,
      amounts: { amount_exctax: pendingInvoices.amount_exctax, amount_inctax: pendingInvoices.amount_inctax },
    },
    rows: (slice) =>
      inSlice(
        deps.db
          .select({
            pending: pendingInvoices,
            supplier: suppliers.company_name,
            department: departments.label,
          })
          .from(pendingInvoices)
          .leftJoin(suppliers, eq(pendingInvoices.supplier_id, suppliers.id))
          .leftJoin(departments, eq(pendingInvoices.department_id, departments.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  return ok({
    data: rows.map(({ pending, supplier, department }) => ({
      id: pending.id,
      status: pending.status,
      hold_reason: pending.hold_reason,
      actions: allowedOf(
        allowedPendingInvoiceActions(actor, {
          status: pending.status as PendingInvoiceStatus,
          hold_reason: pending.hold_reason,
        }),
      ),
      supplier_id: pending.supplier_id,
      supplier,
      label: pending.label,
      invoice_date: pending.invoice_date,
      currency_code: pending.currency_code,
      amount_exctax: pending.amount_exctax,
      amount_inctax: pending.amount_inctax,
      file_name: pending.file_name,
      e_invoice: pending.e_invoice,
      e_invoice_issues: pending.e_invoice_issues ?? [],
      e_invoice_match: pending.e_invoice_match ?? null,
      department_id: pending.department_id,
      department,
      created_at: pending.created_at.toISOString(),
    })),
    meta: page.value.meta,
  })
}

/** GET /bwapi/pending-invoices/filter-list/{field}: its statuses, or the suppliers found by typing. */
export const pendingFilterOptions = async (
  deps: PendingDeps,
  actor: OrderActor,
  field: string,
  search: string,
  language: Language,
  value?: string,
): Answer<readonly FilterOption[] | null> => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' })
  if (field === 'supplier_id')
    return ok(await orderFilterOptions(deps, actor, field, search, language, value))
  if (field === 'department_id')
    return ok(
      optionsMatching(
        (
          await deps.db
            .select({ id: departments.id, label: departments.label })
            .from(departments)
            .orderBy(asc(departments.label))
        ).map((d) => ({ value: String(d.id), label: d.label })),
        search,
      ),
    )
  const labelled = labelledOptions(PENDING_INVOICE_LIST, field, language)
  return ok(labelled === null ? null : optionsMatching(labelled, search))
}

/** GET /bwapi/pending-invoices/{id}/file: the file as it was received. */
export const pendingInvoiceFile = async (deps: PendingDeps, actor: OrderActor, id: number) => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' } as DomainError)
  const row = await deps.db
    .select()
    .from(pendingInvoices)
    .where(eq(pendingInvoices.id, id))
    .limit(1)
    .then(first)
  if (row?.file_path === null || row?.file_path === undefined)
    return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  return ok({ name: row.file_name ?? 'invoice', bytes: await fileStore(deps).read(row.file_path) })
}

/** What the queue's actions are called in the trace. */
const TRACED: Record<QueueAction, string> = {
  hold: 'put on hold',
  release: 'released into the queue',
  reject: 'rejected',
}
type QueueAction = Exclude<PendingInvoiceAction, 'make'>

/**
 * POST /bwapi/pending-invoices/{id}/hold (`{ reason }`), …/release and …/reject: one of the queue's
 * actions as core allows it from the status (pendingInvoiceTransition), applied only if nobody moved
 * it meanwhile, and traced with the reason.
 */
export const actOnPendingInvoice = async (
  deps: PendingDeps,
  actor: OrderActor,
  id: number,
  action: QueueAction,
  body: unknown = {},
): Answer<{ data: { id: number; status: string } }> => {
  return writeOrRefuse(deps.db, async (tx) => {
    const row = await tx
      .select({
        status: pendingInvoices.status,
        hold_reason: pendingInvoices.hold_reason,
        label: pendingInvoices.label,
        file_name: pendingInvoices.file_name,
        e_invoice: pendingInvoices.e_invoice,
      })
      .from(pendingInvoices)
      .where(eq(pendingInvoices.id, id))
      .limit(1)
      .then(first)
    if (row === undefined)
      return err({ code: canHandleInvoices(actor) ? 'ITEM_NOT_FOUND' : 'FORBIDDEN' } as DomainError)
    const pending = { ...row, status: row.status as PendingInvoiceStatus }
    const allowed = guard(allowedPendingInvoiceActions(actor, pending), action)
    if (!allowed.ok) return allowed
    const hold =
      action === 'hold'
        ? parseWith(PendingInvoiceHoldSchema, body)
        : action === 'reject'
          ? parseWith(PendingInvoiceRejectSchema, body)
          : ok({ reason: null, reason_code: null })
    if (!hold.ok) return hold
    const next = pendingInvoiceTransition(pending, action)
    if (!next.ok) return next
    const reason =
      action === 'hold' ? (hold.value.reason ?? null) : action === 'release' ? null : row.hold_reason
    const moved = await tx
      .update(pendingInvoices)
      .set({ status: next.value, hold_reason: reason, updated_at: deps.clock.now() })
      .where(and(eq(pendingInvoices.id, id), eq(pendingInvoices.status, row.status)))
      .returning({ id: pendingInvoices.id })
    if (moved.length === 0)
      return err({ code: 'TRANSITION_NOT_ALLOWED', params: { action, status: row.status } } as DomainError)
    // An e-invoice put on hold tells its seller: 208 suspended, with the reason in words; rejected,
    // 210 refused, with its reason code (required) and words.
    if (action !== 'release') {
      const raised = await raisePendingLifecycle(
        tx,
        { id, e_invoice: row.e_invoice !== null },
        action === 'hold' ? 'put_on_hold' : 'refused',
        {
          now: deps.clock.now(),
          user_id: actor.id,
          reason_code: hold.value.reason_code ?? null,
          comment: hold.value.reason ?? null,
        },
      )
      if (!raised.ok) return raised
    }
    await writeTrace(tx, deps.clock, {
      action,
      message: `Pending invoice ${row.label ?? row.file_name ?? id} ${TRACED[action]}${action === 'hold' ? `: ${reason}` : ''}`,
      model: 'pending_invoice',
      model_id: id,
      user_id: actor.id,
    })
    return ok({ data: { id, status: next.value } })
  })
}
