import { isoDateIn } from '@procura/core/calendar'
import {
  type DomainError,
  type FieldIssue,
  type FieldIssues,
  formError,
  parseWith,
  translate,
} from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import {
  approvalIssues,
  approvedUntil,
  canReadSupplier,
  checkForcedStatusEnd,
  ForcedStatusInputSchema,
  readableIssueParams,
  supplierStatusOn,
  vigilanceApplies,
  vigilanceGaps,
} from '@procura/core/supplier'
import { and, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { cachedReference } from '../../db/reference-cache'
import {
  geographicSectors,
  roles,
  supplierApprovalRoles,
  supplierApprovals,
  supplierFiles,
  supplierFileTypes,
  suppliers,
  users,
} from '../../db/schema'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { approverRoles, supplierDecisions, supplierLinks } from './suppliers'

export type Deps = { db: Db; clock: Clock }
export type Refusal<T> = Promise<Result<T, DomainError>>

const today = (clock: Clock) => isoDateIn(clock.now())

const findSupplier = (db: DbOrTx, id: number) =>
  db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1).then(first)

/** The file types every supplier must have on file, and this supplier's typed files, as core reads them. */
const requiredAndFiles = async (db: DbOrTx, supplierId: number) => {
  const [required, files] = await Promise.all([
    cachedReference(db, 'supplier-file-types:required', () =>
      db
        .select({ id: supplierFileTypes.id, label: supplierFileTypes.label })
        .from(supplierFileTypes)
        .where(eq(supplierFileTypes.required, true)),
    ),
    db
      .select({
        type_id: supplierFiles.type_id,
        validity_date: supplierFiles.validity_date,
        validated_at: supplierFiles.validated_at,
      })
      .from(supplierFiles)
      .where(and(eq(supplierFiles.supplier_id, supplierId), isNotNull(supplierFiles.type_id))),
  ])
  return {
    required,
    files: files.map((f) => ({
      type_id: f.type_id ?? 0,
      validity_date: f.validity_date,
      validated: f.validated_at !== null,
    })),
  }
}

/**
 * The duty of vigilance for an order of this amount to this supplier (core `vigilanceGaps`): the
 * required documents missing or expired, and whether the settings block the order or warn.
 */
export const vigilanceOf = async (db: DbOrTx, supplierId: number, amountExctax: string, day: string) => {
  const settings = await loadSettings(db)
  const { vigilance_threshold: threshold, vigilance_action: action } = settings.contract
  // Below the threshold nothing is asked of the supplier: its files are not read.
  if (!vigilanceApplies(amountExctax, threshold))
    return { missing: [], blocks: action === 'block', threshold }
  const { required, files } = await requiredAndFiles(db, supplierId)
  const gaps = vigilanceGaps({
    amount_exctax: amountExctax,
    threshold,
    required_files: required,
    files,
    today: day,
  })
  return { missing: gaps.map((g) => g.label), blocks: action === 'block', threshold }
}

/** What stops this supplier from being approved today (core `approvalIssues`), each named. */
const issuesOf = async (db: DbOrTx, supplier: typeof suppliers.$inferSelect, day: string) => {
  const [links, sectors, { required, files }] = await Promise.all([
    supplierLinks(db, supplier.id),
    db.select().from(geographicSectors),
    requiredAndFiles(db, supplier.id),
  ])
  return approvalIssues({
    sector_ids: links.sector_ids,
    family_ids: links.family_ids,
    identifiers: {
      siret: supplier.siret,
      duns: supplier.duns,
      intra_community_vat: supplier.intra_community_vat,
    },
    sectors,
    required_files: required,
    files,
    today: day,
  })
}

/**
 * GET /bwapi/suppliers/{id}/approval: where its approval stands — status today, approved until,
 * forced status, what still stops an approval, who may approve, and the approvals given.
 */
export const supplierApproval = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
  language: Language,
): Refusal<{ data: unknown }> => {
  if (!canReadSupplier(actor, id)) return err({ code: 'ITEM_NOT_FOUND' })
  const supplier = await findSupplier(deps.db, id)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const day = today(deps.clock)
  const [issues, named, history, settings] = await Promise.all([
    issuesOf(deps.db, supplier, day),
    approverRoles(deps.db),
    deps.db
      .select({
        id: supplierApprovals.id,
        user: users.label,
        approved_on: supplierApprovals.approved_on,
        valid_until: supplierApprovals.valid_until,
      })
      .from(supplierApprovals)
      .innerJoin(users, eq(users.id, supplierApprovals.user_id))
      .where(eq(supplierApprovals.supplier_id, id))
      .orderBy(desc(supplierApprovals.id)),
    loadSettings(deps.db),
  ])
  return ok({
    data: {
      status: supplierStatusOn(supplier, day),
      approved_until: supplier.approved_until,
      forced_status: supplier.forced_status,
      forced_status_date: supplier.forced_status_date,
      issues: issues.map((issue) => ({
        ...issue,
        message: translate(issue.code, readableIssueParams(issue, language), language),
      })),
      approver_roles: named,
      may_approve: issues.length === 0 && (await supplierDecisions(deps.db, actor, id)).approve.allowed,
      approvals: history,
      forced_status_max_days: settings.contract.forced_status_max_days,
    },
  })
}

/** Core's approval issues as the form's fields: each reason under what to fix. */
const issuesAsFields = (issues: DomainError[], language: Language): FieldIssues => {
  const fields: Record<string, FieldIssue[]> = {}
  for (const issue of issues) {
    const field =
      issue.code === 'SUPPLIER_NEEDS_SECTOR'
        ? 'sector_ids'
        : issue.code === 'SUPPLIER_NEEDS_FAMILY'
          ? 'family_ids'
          : issue.code === 'SUPPLIER_NEEDS_IDENTIFIER'
            ? String(issue.params?.field ?? '_')
            : 'files'
    fields[field] = [
      ...(fields[field] ?? []),
      { code: issue.code, params: readableIssueParams(issue, language) },
    ]
  }
  return fields
}

/**
 * POST /bwapi/suppliers/{id}/approve: by the approval's roles; every missing item named at once.
 * The supplier becomes active until today + the settings' approval duration; approving again
 * (renewal) starts a new period. One transaction, traced.
 */
export const approveSupplier = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
  language: Language,
): Refusal<{ data: unknown }> => {
  if (!canReadSupplier(actor, id)) return err({ code: 'ITEM_NOT_FOUND' })
  const allowed = guard(await supplierDecisions(deps.db, actor, id), 'approve')
  if (!allowed.ok) return allowed
  const supplier = await findSupplier(deps.db, id)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const day = today(deps.clock)
  const issues = await issuesOf(deps.db, supplier, day)
  if (issues.length > 0) return err(formError(issuesAsFields(issues, language)))
  const settings = await loadSettings(deps.db)
  const until = approvedUntil(day, settings.contract.supplier_approval_default_days)
  await deps.db.transaction(async (tx) => {
    await tx
      .update(suppliers)
      .set({ status: 'active', approved_until: until, updated_at: deps.clock.now() })
      .where(eq(suppliers.id, id))
    await tx.insert(supplierApprovals).values({
      supplier_id: id,
      user_id: actor.id,
      approved_on: day,
      valid_until: until,
      created_at: deps.clock.now(),
    })
    await writeTrace(tx, deps.clock, {
      action: 'approve',
      message: `Supplier ${supplier.code} approved until ${until}`,
      model: 'supplier',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id, approved_until: until } })
}

/** POST /bwapi/suppliers/{id}/force-status: a status held until a date within the settings' maximum. */
export const forceSupplierStatus = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, id), 'force_status')
  if (!allowed.ok) return allowed
  const supplier = await findSupplier(deps.db, id)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(ForcedStatusInputSchema, input)
  if (!parsed.ok) return parsed
  const settings = await loadSettings(deps.db)
  const end = checkForcedStatusEnd(
    today(deps.clock),
    parsed.value.until,
    settings.contract.forced_status_max_days,
  )
  if (!end.ok) return err(formError({ until: [{ code: end.error.code, params: end.error.params }] }))
  await deps.db.transaction(async (tx) => {
    await tx
      .update(suppliers)
      .set({
        forced_status: parsed.value.status,
        forced_status_date: end.value,
        updated_at: deps.clock.now(),
      })
      .where(eq(suppliers.id, id))
    await writeTrace(tx, deps.clock, {
      action: 'force_status',
      message: `Status of ${supplier.code} forced to ${parsed.value.status} until ${end.value}`,
      model: 'supplier',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}

/** POST /bwapi/suppliers/{id}/remove-forced-status */
export const removeForcedStatus = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, id), 'force_status')
  if (!allowed.ok) return allowed
  const supplier = await findSupplier(deps.db, id)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  await deps.db.transaction(async (tx) => {
    await tx
      .update(suppliers)
      .set({ forced_status: null, forced_status_date: null, updated_at: deps.clock.now() })
      .where(eq(suppliers.id, id))
    await writeTrace(tx, deps.clock, {
      action: 'remove_forced_status',
      message: `Forced status of ${supplier.code} removed`,
      model: 'supplier',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}

/** GET/PUT /bwapi/supplier-approval-roles: the roles whose people approve suppliers (administrators set them). */
export const approvalRoles = async (db: Db) => ok({ data: await approverRoles(db) })

export const setApprovalRoles = async (
  deps: Deps,
  actor: OrderActor,
  input: unknown,
): Refusal<{ data: unknown }> => {
  if (actor.administrator !== true) return err({ code: 'FORBIDDEN' })
  const ids = (input as { role_ids?: unknown })?.role_ids
  if (!Array.isArray(ids) || !ids.every((v) => Number.isInteger(v) && v > 0))
    return err(formError({ role_ids: [{ code: 'INVALID_VALUE' }] }))
  const wanted = [...new Set(ids as number[])]
  const known =
    wanted.length === 0
      ? []
      : await deps.db.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted))
  if (known.length !== wanted.length) return err(formError({ role_ids: [{ code: 'NOT_IN_LIST' }] }))
  await deps.db.transaction(async (tx) => {
    await tx.delete(supplierApprovalRoles)
    if (wanted.length > 0)
      await tx.insert(supplierApprovalRoles).values(wanted.map((role_id) => ({ role_id })))
    await writeTrace(tx, deps.clock, {
      action: 'set_approval_roles',
      message: `Supplier approval roles: ${wanted.join(', ') || 'none'}`,
      model: 'supplier',
      user_id: actor.id,
    })
  })
  return approvalRoles(deps.db)
}

/**
 * The supplier maintenance job (spec §9 "update supplier statuses"): forced statuses past their
 * date are lifted, and active suppliers whose approval has ended go back to prospect (to be
 * approved again). Suppliers never approved through Procura (approved_until null) are left as
 * they are. Answers how many suppliers changed; each change is traced.
 */
export const updateSupplierStatuses = async (deps: Deps): Promise<number> => {
  const day = today(deps.clock)
  const forcedEnded = and(isNotNull(suppliers.forced_status), lt(suppliers.forced_status_date, day))
  const approvalEnded = and(
    eq(suppliers.status, 'active'),
    lt(suppliers.approved_until, day),
    or(isNull(suppliers.forced_status), lt(suppliers.forced_status_date, day)),
  )
  // Read first: most runs change nothing, and then take no write lock.
  const due = await deps.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(or(forcedEnded, approvalEnded))
    .limit(1)
  if (due.length === 0) return 0
  return deps.db.transaction(async (tx) => {
    // The approvals first: a forced status lifted in this run still protects until its date passed.
    const lapsed = await tx
      .update(suppliers)
      .set({ status: 'prospect', updated_at: deps.clock.now() })
      .where(approvalEnded)
      .returning({ id: suppliers.id, code: suppliers.code })
    const lifted = await tx
      .update(suppliers)
      .set({ forced_status: null, forced_status_date: null, updated_at: deps.clock.now() })
      .where(forcedEnded)
      .returning({ id: suppliers.id, code: suppliers.code })
    for (const s of lifted)
      await writeTrace(tx, deps.clock, {
        action: 'forced_status_ended',
        message: `Forced status of ${s.code} ended`,
        model: 'supplier',
        model_id: s.id,
      })
    for (const s of lapsed)
      await writeTrace(tx, deps.clock, {
        action: 'approval_ended',
        message: `Approval of ${s.code} ended: to be approved again`,
        model: 'supplier',
        model_id: s.id,
        severity: 'warning',
      })
    return lifted.length + lapsed.length
  })
}
