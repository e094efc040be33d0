import { isoDateIn } from '@procura/core/calendar'
import { type DomainError, parseWith } from '@procura/core/errors'
import { isLanguage } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import { type OrderActor, seesInternals } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { ContractInputSchema, contractState, noticeDeadline, renewedEnd } from '@procura/core/supplier'
import { and, asc, count, eq, isNotNull, isNull, lt } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { attachments, supplierContracts, suppliers, users } from '../../db/schema'
import { dayWriter } from '../../mail/day-formats'
import type { Mailer } from '../../mail/mailer'
import { contractNoticeMail } from '../../mail/templates'
import { dropDocumentFiles, removeStoredFiles } from '../documents/documents'
import { notify } from '../notifications/notifications'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { supplierDecisions } from './suppliers'

type Deps = { db: Db; clock: Clock }
type FileDeps = Deps & { storageDir: string }
type Refusal<T> = Promise<Result<T, DomainError>>

const supplierOf = (db: Db, id: number) =>
  db
    .select({ id: suppliers.id, code: suppliers.code })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1)
    .then(first)

/** GET /bwapi/suppliers/{id}/contracts: its contracts, with their notice deadline and state today. */
export const listContracts = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
): Refusal<{ data: unknown[] }> => {
  if (!seesInternals(actor) || (await supplierOf(deps.db, id)) === undefined)
    return err({ code: 'ITEM_NOT_FOUND' })
  const [rows, settings] = await Promise.all([
    deps.db
      .select({ contract: supplierContracts, files: count(attachments.id) })
      .from(supplierContracts)
      .leftJoin(
        attachments,
        and(eq(attachments.model, 'supplier_contract'), eq(attachments.model_id, supplierContracts.id)),
      )
      .where(eq(supplierContracts.supplier_id, id))
      .groupBy(supplierContracts.id)
      .orderBy(asc(supplierContracts.ended), asc(supplierContracts.end_date), asc(supplierContracts.id)),
    loadSettings(deps.db),
  ])
  const today = isoDateIn(deps.clock.now())
  return ok({
    data: rows.map(({ contract: r, files }) => ({
      id: r.id,
      label: r.label,
      reference: r.reference,
      start_date: r.start_date,
      end_date: r.end_date,
      tacit_renewal: r.tacit_renewal,
      notice_months: r.notice_months,
      amount_exctax: r.amount_exctax,
      notice_deadline: noticeDeadline(r.end_date, r.notice_months),
      state: contractState(r, today, settings.contract.file_expiry_warning_days),
      files: Number(files),
    })),
  })
}

/** POST …/contracts and PUT …/contracts/{contract}: buyers and administrators; traced. */
export const saveContract = async (
  deps: Deps,
  actor: OrderActor,
  id: number,
  contractId: number | null,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, id), 'edit')
  if (!allowed.ok) return allowed
  const supplier = await supplierOf(deps.db, id)
  if (supplier === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (contractId !== null) {
    const found = await deps.db
      .select({ id: supplierContracts.id })
      .from(supplierContracts)
      .where(and(eq(supplierContracts.id, contractId), eq(supplierContracts.supplier_id, id)))
      .limit(1)
      .then(first)
    if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  }
  const parsed = parseWith(ContractInputSchema, input)
  if (!parsed.ok) return parsed
  const now = deps.clock.now()
  const saved = await deps.db.transaction(async (tx) => {
    // A changed end date starts a new period: its notice is warned of again; a date ahead reopens it.
    const values = { ...parsed.value, ended: false, notice_warned_at: null, updated_at: now }
    let savedId = contractId ?? 0
    if (contractId === null) {
      const [row] = await tx
        .insert(supplierContracts)
        .values({ ...values, supplier_id: id, created_by: actor.id, created_at: now })
        .returning({ id: supplierContracts.id })
      savedId = row?.id ?? 0
    } else await tx.update(supplierContracts).set(values).where(eq(supplierContracts.id, contractId))
    await writeTrace(tx, deps.clock, {
      action: contractId === null ? 'create_contract' : 'update_contract',
      message: `Contract ${parsed.value.label} of ${supplier.code}`,
      model: 'supplier',
      model_id: id,
      user_id: actor.id,
    })
    return savedId
  })
  return ok({ data: { id: saved } })
}

/** DELETE …/contracts/{contract}: buyers and administrators, with the contract's files; traced. */
export const removeContract = async (
  deps: FileDeps,
  actor: OrderActor,
  id: number,
  contractId: number,
): Refusal<{ data: { id: number } }> => {
  const allowed = guard(await supplierDecisions(deps.db, actor, id), 'edit')
  if (!allowed.ok) return allowed
  const found = await deps.db
    .select()
    .from(supplierContracts)
    .where(and(eq(supplierContracts.id, contractId), eq(supplierContracts.supplier_id, id)))
    .limit(1)
    .then(first)
  if (found === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const files = await deps.db.transaction(async (tx) => {
    const paths = await dropDocumentFiles(tx, 'supplier_contract', contractId)
    await tx.delete(supplierContracts).where(eq(supplierContracts.id, contractId))
    await writeTrace(tx, deps.clock, {
      action: 'remove_contract',
      message: `Contract ${found.label} removed`,
      model: 'supplier',
      model_id: id,
      user_id: actor.id,
    })
    return paths
  })
  await removeStoredFiles(deps, files)
  return ok({ data: { id: contractId } })
}

/**
 * The contracts job (spec §9 "disable … contracts when their date passes"): a contract past its end
 * date is renewed when tacit (until the settings' renewal date, `renewedEnd`) or ended otherwise;
 * the supplier's manager is e-mailed once per period when the notice deadline comes within the
 * warning days. Answers how many contracts changed or were warned of.
 */
export const updateContracts = async (
  deps: Deps & { mailer?: Mailer; linkBase?: string },
): Promise<number> => {
  const today = isoDateIn(deps.clock.now())
  const settings = await loadSettings(deps.db)
  const past = await deps.db
    .select()
    .from(supplierContracts)
    .where(
      and(
        eq(supplierContracts.ended, false),
        isNotNull(supplierContracts.end_date),
        lt(supplierContracts.end_date, today),
      ),
    )
  let changed = 0
  for (const contract of past) {
    await deps.db.transaction(async (tx) => {
      let end = contract.end_date ?? today
      if (contract.tacit_renewal) {
        // Renewed as many periods as have passed (a server stopped for a while catches up).
        while (end < today) end = renewedEnd(end, settings.contract.renewal_date)
        await tx
          .update(supplierContracts)
          .set({ end_date: end, notice_warned_at: null, updated_at: deps.clock.now() })
          .where(
            and(
              eq(supplierContracts.id, contract.id),
              eq(supplierContracts.end_date, contract.end_date ?? ''),
            ),
          )
      } else
        await tx
          .update(supplierContracts)
          .set({ ended: true, updated_at: deps.clock.now() })
          .where(eq(supplierContracts.id, contract.id))
      await writeTrace(tx, deps.clock, {
        action: contract.tacit_renewal ? 'contract_renewed' : 'contract_ended',
        message: contract.tacit_renewal
          ? `Contract ${contract.label} renewed until ${end}`
          : `Contract ${contract.label} ended on ${contract.end_date}`,
        model: 'supplier',
        model_id: contract.supplier_id,
      })
    })
    changed += 1
  }
  if (deps.mailer === undefined) return changed
  const open = await deps.db
    .select({
      contract: supplierContracts,
      supplier: suppliers.company_name,
      manager_id: users.id,
      manager: users.label,
      email: users.email,
      language: users.language,
    })
    .from(supplierContracts)
    .innerJoin(suppliers, eq(suppliers.id, supplierContracts.supplier_id))
    .innerJoin(users, eq(users.id, suppliers.manager_id))
    .where(
      and(
        eq(supplierContracts.ended, false),
        isNull(supplierContracts.notice_warned_at),
        isNotNull(supplierContracts.end_date),
      ),
    )
  const dayIn = await dayWriter(deps.db)
  for (const row of open) {
    if (contractState(row.contract, today, settings.contract.file_expiry_warning_days) !== 'notice_due')
      continue
    const language = isLanguage(row.language) ? row.language : 'en'
    const deadline = dayIn(language, noticeDeadline(row.contract.end_date, row.contract.notice_months) ?? '')
    const mailed = await notify(deps, {
      user_ids: [row.manager_id],
      kind: 'contract_notice',
      model: 'supplier',
      model_id: row.contract.supplier_id,
      params: { supplier: row.supplier, contract: row.contract.label, date: deadline },
    })
    if (mailed.has(row.manager_id))
      await deps.mailer.send({
        to: row.email,
        ...(await contractNoticeMail(deps.db, language, {
          name: row.manager,
          supplier: row.supplier,
          contract: row.contract.label,
          deadline,
          end: dayIn(language, row.contract.end_date ?? ''),
          link: `${deps.linkBase ?? ''}/suppliers/${row.contract.supplier_id}?tab=contracts`,
        })),
      })
    await deps.db
      .update(supplierContracts)
      .set({ notice_warned_at: deps.clock.now() })
      .where(eq(supplierContracts.id, row.contract.id))
    changed += 1
  }
  return changed
}
