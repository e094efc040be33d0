import { type DomainError, parseWith } from '@procura/core/errors'
import {
  allowedBankAccountActions,
  BankAccountInputSchema,
  type BankAccountOwner,
  type BankAccountStatus,
  checkCanManageBankAccountsOf,
  checkIbanKept,
} from '@procura/core/payment'
import { actionsAnswerOf, guard } from '@procura/core/policy'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import { bankAccounts, companies, paymentLines, suppliers, users } from '../../db/schema'
import { writeTrace } from '../trace'

type Deps = { db: Db; clock: Clock }
type Answer<T> = Promise<Result<T, DomainError>>
/** Whose account: a supplier's (paid), a company's (debited) or an employee's (paid their expense reports). */
export type Owner = BankAccountOwner
type AccountRow = typeof bankAccounts.$inferSelect

/** The last four characters of an account number: what a trace or a list shows of it. */
const masked = (number: string) => `…${number.slice(-4)}`

const ownerColumn = (owner: Owner) =>
  owner.kind === 'supplier'
    ? eq(bankAccounts.supplier_id, owner.id)
    : owner.kind === 'user'
      ? eq(bankAccounts.user_id, owner.id)
      : eq(bankAccounts.company_id, owner.id)

/**
 * The other suppliers paid on the same account number: two suppliers sharing an IBAN is the first
 * sign of payment fraud (a changed IBAN, a fake supplier), shown where the IBAN is entered and in
 * the payment proposal. By supplier id, the names of the others.
 */
export const sharedAccounts = async (
  db: DbOrTx,
  numbers: readonly string[],
): Promise<Map<string, { supplier_id: number; name: string }[]>> => {
  const wanted = [...new Set(numbers)]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .selectDistinct({
      number: bankAccounts.account_number,
      supplier_id: suppliers.id,
      name: suppliers.company_name,
    })
    .from(bankAccounts)
    .innerJoin(suppliers, eq(bankAccounts.supplier_id, suppliers.id))
    .where(and(inArray(bankAccounts.account_number, wanted), ne(bankAccounts.status, 'refused')))
  const byNumber = new Map<string, { supplier_id: number; name: string }[]>()
  for (const row of rows)
    byNumber.set(row.number, [
      ...(byNumber.get(row.number) ?? []),
      { supplier_id: row.supplier_id, name: row.name },
    ])
  return byNumber
}

/** The names of the other suppliers on this number. */
export const sharedWith = (
  shared: Map<string, { supplier_id: number; name: string }[]>,
  number: string,
  supplierId: number | null,
) => (shared.get(number) ?? []).filter((s) => s.supplier_id !== supplierId).map((s) => s.name)

const ownerExists = async (db: DbOrTx, owner: Owner) =>
  owner.kind === 'user'
    ? (await db.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).limit(1).then(first)) !==
      undefined
    : owner.kind === 'supplier'
      ? (await db
          .select({ id: suppliers.id })
          .from(suppliers)
          .where(eq(suppliers.id, owner.id))
          .limit(1)
          .then(first)) !== undefined
      : (await db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, owner.id))
          .limit(1)
          .then(first)) !== undefined

/** One account's policy for this person (core allowedBankAccountActions). */
const decisionsOn = (actor: OrderActor, owner: Owner, account: AccountRow) =>
  allowedBankAccountActions(actor, owner, {
    status: account.status as BankAccountStatus,
    changed_by: account.changed_by,
  })

/** What a row of the owner's accounts answers: its actions, refused ones with why, and the validation's. */
const accountActions = (actor: OrderActor, owner: Owner, account: AccountRow) => {
  const decisions = decisionsOn(actor, owner, account)
  return { ...actionsAnswerOf(decisions), can_validate: decisions.validate.allowed }
}

/** An account not found: to who does not keep the owner's accounts, the refusal of their keeping. */
const keeperRefusal = (actor: OrderActor, owner: Owner): DomainError => {
  const keeps = checkCanManageBankAccountsOf(actor, owner)
  return keeps.ok ? { code: 'ITEM_NOT_FOUND' } : keeps.error
}

/** GET …/bank-accounts: the owner's accounts, the main one first, with who validated them. */
export const listBankAccounts = async (
  deps: Deps,
  actor: OrderActor,
  owner: Owner,
): Answer<{ data: unknown[] }> => {
  const allowed = checkCanManageBankAccountsOf(actor, owner)
  if (!allowed.ok) return allowed
  if (!(await ownerExists(deps.db, owner))) return err({ code: 'ITEM_NOT_FOUND' })
  const rows = await deps.db
    .select({ account: bankAccounts, changed_by: users.label })
    .from(bankAccounts)
    .innerJoin(users, eq(bankAccounts.changed_by, users.id))
    .where(ownerColumn(owner))
    .orderBy(asc(bankAccounts.id))
  const shared = await sharedAccounts(
    deps.db,
    rows.map((r) => r.account.account_number),
  )
  return ok({
    data: rows
      .sort((a, b) => Number(b.account.main) - Number(a.account.main))
      .map(({ account, changed_by }) => ({
        ...account,
        changed_by_label: changed_by,
        /** Other suppliers paid on this number (a fraud signal). */
        shared_with: sharedWith(shared, account.account_number, account.supplier_id),
        // The second person's check: who may validate it now (its policy), and what else.
        ...accountActions(actor, owner, account),
        created_at: account.created_at.toISOString(),
        updated_at: account.updated_at.toISOString(),
        validated_at: account.validated_at?.toISOString() ?? null,
      })),
  })
}

/**
 * POST/PUT …/bank-accounts[/{id}]: a supplier's account entered, or its number or BIC changed,
 * waits for a second person's validation before it can be paid (and the change is traced); a
 * company's own account is usable at once. One main account per owner.
 */
export const saveBankAccount = async (
  deps: Deps,
  actor: OrderActor,
  owner: Owner,
  accountId: number | null,
  input: unknown,
): Answer<{ data: { id: number; status: BankAccountStatus; shared_with: string[] } }> => {
  const allowed = checkCanManageBankAccountsOf(actor, owner)
  if (!allowed.ok) return allowed
  if (!(await ownerExists(deps.db, owner))) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(BankAccountInputSchema, input)
  if (!parsed.ok) return parsed
  const before: AccountRow | undefined =
    accountId === null
      ? undefined
      : await deps.db
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.id, accountId), ownerColumn(owner)))
          .limit(1)
          .then(first)
  if (accountId !== null && before === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const numberChanged =
    before === undefined ||
    before.account_number !== parsed.value.account_number ||
    before.bic !== parsed.value.bic
  const status: BankAccountStatus =
    owner.kind === 'company'
      ? 'validated'
      : numberChanged
        ? 'pending_validation'
        : (before?.status as BankAccountStatus)
  const now = deps.clock.now()
  const id = await deps.db.transaction(async (tx) => {
    const values = {
      ...parsed.value,
      status,
      ...(numberChanged ? { changed_by: actor.id, validated_by: null, validated_at: null } : {}),
      updated_at: now,
    }
    let saved: number
    if (before === undefined) {
      const [row] = await tx
        .insert(bankAccounts)
        .values({
          ...values,
          owner: owner.kind,
          supplier_id: owner.kind === 'supplier' ? owner.id : null,
          company_id: owner.kind === 'company' ? owner.id : null,
          user_id: owner.kind === 'user' ? owner.id : null,
          changed_by: actor.id,
          ...(owner.kind === 'company' ? { validated_by: actor.id, validated_at: now } : {}),
          created_at: now,
        })
        .returning({ id: bankAccounts.id })
      saved = row?.id ?? 0
    } else {
      await tx.update(bankAccounts).set(values).where(eq(bankAccounts.id, before.id))
      saved = before.id
    }
    if (parsed.value.main)
      await tx
        .update(bankAccounts)
        .set({ main: false })
        .where(and(ownerColumn(owner), ne(bankAccounts.id, saved)))
    await writeTrace(tx, deps.clock, {
      action:
        before === undefined
          ? 'bank_account_add'
          : numberChanged
            ? 'bank_account_change'
            : 'bank_account_update',
      message:
        before === undefined
          ? `Bank account ${masked(parsed.value.account_number)} added (${status})`
          : numberChanged
            ? `Bank account ${masked(before.account_number)} changed to ${masked(parsed.value.account_number)} (${status})`
            : `Bank account ${masked(parsed.value.account_number)} updated`,
      model: owner.kind,
      model_id: owner.id,
      user_id: actor.id,
      severity: numberChanged && owner.kind !== 'company' ? 'warning' : 'info',
    })
    return saved
  })
  const others =
    owner.kind === 'supplier'
      ? sharedWith(
          await sharedAccounts(deps.db, [parsed.value.account_number]),
          parsed.value.account_number,
          owner.id,
        )
      : []
  if (others.length > 0)
    await writeTrace(deps.db, deps.clock, {
      action: 'bank_account_shared',
      message: `Bank account ${masked(parsed.value.account_number)} is also the account of ${others.join(', ')}`,
      model: owner.kind,
      model_id: owner.id,
      user_id: actor.id,
      severity: 'warning',
    })
  return ok({
    data: {
      id,
      status,
      shared_with: others,
    },
  })
}

/**
 * POST …/bank-accounts/{id}/validate {refuse?}: a second person confirms (or refuses) a supplier's
 * new or changed account before it can be paid; whoever entered it cannot.
 */
export const validateBankAccount = async (
  deps: Deps,
  actor: OrderActor,
  owner: Owner,
  accountId: number,
  refuse: boolean,
): Answer<{ data: { id: number; status: BankAccountStatus } }> => {
  const account = await deps.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, accountId), ownerColumn(owner)))
    .limit(1)
    .then(first)
  if (account === undefined) return err(keeperRefusal(actor, owner))
  const checked = guard(decisionsOn(actor, owner, account), 'validate')
  if (!checked.ok) return checked
  const status: BankAccountStatus = refuse ? 'refused' : 'validated'
  const now = deps.clock.now()
  const moved = await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(bankAccounts)
      .set({ status, validated_by: actor.id, validated_at: now, updated_at: now })
      .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.status, 'pending_validation')))
      .returning({ id: bankAccounts.id })
    if (done.length === 0) return false
    await writeTrace(tx, deps.clock, {
      action: refuse ? 'bank_account_refuse' : 'bank_account_validate',
      message: `Bank account ${masked(account.account_number)} ${status}`,
      model: owner.kind,
      model_id: owner.id,
      user_id: actor.id,
    })
    return true
  })
  return moved ? ok({ data: { id: accountId, status } }) : err({ code: 'DOCUMENT_CHANGED' })
}

/** DELETE …/bank-accounts/{id}: the account is removed (its history stays in the traces). */
export const deleteBankAccount = async (
  deps: Deps,
  actor: OrderActor,
  owner: Owner,
  accountId: number,
): Answer<{ data: { id: number } }> => {
  const account = await deps.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, accountId), ownerColumn(owner)))
    .limit(1)
    .then(first)
  if (account === undefined) return err(keeperRefusal(actor, owner))
  const allowed = guard(decisionsOn(actor, owner, account), 'remove')
  if (!allowed.ok) return allowed
  if (owner.kind === 'supplier') {
    const supplier = await deps.db
      .select({ payment_type: suppliers.payment_type })
      .from(suppliers)
      .where(eq(suppliers.id, owner.id))
      .limit(1)
      .then(first)
    const others = await deps.db
      .select({ account_number_type: bankAccounts.account_number_type })
      .from(bankAccounts)
      .where(and(ownerColumn(owner), ne(bankAccounts.id, accountId)))
    const kept = checkIbanKept(supplier?.payment_type ?? null, others)
    if (!kept.ok) return kept
  }
  await deps.db.transaction(async (tx) => {
    // Payments keep their amounts and files; a line not yet exported finds the payable account again.
    await tx
      .update(paymentLines)
      .set({ bank_account_id: null })
      .where(eq(paymentLines.bank_account_id, accountId))
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, accountId))
    await writeTrace(tx, deps.clock, {
      action: 'bank_account_delete',
      message: `Bank account ${masked(account.account_number)} removed`,
      model: owner.kind,
      model_id: owner.id,
      user_id: actor.id,
      severity: 'warning',
    })
  })
  return ok({ data: { id: accountId } })
}
