import { type Actor, can } from '@procura/core/auth'
import {
  ChartInputSchema,
  type ChartRow,
  type ChartRowInputSchema,
  CircuitTestSchema,
  type Criterion,
  checkChart,
  checkDelegate,
  computeCircuit,
  DelegationInputSchema,
  type DocumentType,
} from '@procura/core/circuit'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import { and, eq, inArray, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import {
  allocations,
  circuitRows,
  companies,
  delegations,
  departments,
  referenceCodes,
  roles,
  users,
} from '../../db/schema'
import { writeTrace } from '../trace'
import { loadChart, loadUsersByRole } from './circuit'

type Deps = { db: Db; clock: Clock }

const adminOnly = (actor: Actor): Result<void, DomainError> =>
  can(actor, 'admin_menu') ? ok(undefined) : err({ code: 'FORBIDDEN' })

/** GET /bwapi/circuits/{type}: the chart rows, with the validator's name. */
export const getChart = async (db: Db, actor: Actor, type: DocumentType) => {
  const allowed = adminOnly(actor)
  if (!allowed.ok) return allowed
  const rows = await db
    .select({ row: circuitRows, validator_label: users.label })
    .from(circuitRows)
    .leftJoin(users, eq(circuitRows.validator_login, users.login))
    .where(eq(circuitRows.document_type, type))
  // Each row with the validator's name, so that people read names rather than logins.
  return ok({ data: rows.map((r) => ({ ...r.row, validator_label: r.validator_label })) })
}

/** Looks codes up for the chart rules: companies, departments, logins, roles. */
export const knownCodes = async (db: Db) => {
  const [companyRows, departmentRows, userRows, roleRows, requestTypes, allocationRows] = await Promise.all([
    db.select({ code: companies.code }).from(companies),
    db.select({ code: departments.code }).from(departments),
    db.select({ login: users.login }).from(users),
    db.select({ code: roles.code }).from(roles),
    db
      .select({ code: referenceCodes.code })
      .from(referenceCodes)
      .where(eq(referenceCodes.list, 'request_type')),
    db.select({ level: allocations.level, code: allocations.code }).from(allocations),
  ])
  const level = (n: number) => new Set(allocationRows.filter((r) => r.level === n).map((r) => r.code))
  const sets: Partial<Record<Criterion | 'login' | 'role', Set<string>>> = {
    company: new Set(companyRows.map((r) => r.code)),
    department: new Set(departmentRows.map((r) => r.code)),
    login: new Set(userRows.map((r) => r.login)),
    role: new Set(roleRows.map((r) => r.code)),
    request_type: new Set(requestTypes.map((r) => r.code)),
    allocation1: level(1),
    allocation2: level(2),
    allocation3: level(3),
    allocation4: level(4),
  }
  // Purchase families are matched on the family's code as orders carry it; any code passes.
  return { isKnown: (kind: Criterion | 'login' | 'role', value: string) => sets[kind]?.has(value) ?? true }
}

/** A chart row as the screen or a file writes it, as the chart rules read it: a login or a role validates. */
export const chartRowOf = (r: z.output<typeof ChartRowInputSchema>): ChartRow => ({
  min_amount: r.min_amount,
  max_amount: r.max_amount,
  weight: r.weight,
  criteria: r.criteria,
  validator:
    r.validator_role !== null && r.validator_login === null
      ? { role: r.validator_role }
      : { login: r.validator_login ?? '' },
})

/** PUT /bwapi/circuits/{type}: replaces the chart after the spec's configuration rules. */
export const replaceChart = async ({ db, clock }: Deps, actor: Actor, type: DocumentType, input: unknown) => {
  const allowed = adminOnly(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(ChartInputSchema, input)
  if (!parsed.ok) return parsed
  const rows: ChartRow[] = parsed.value.rows.map(chartRowOf)
  const checked = checkChart(rows, await knownCodes(db))
  if (!checked.ok) {
    const fields = Object.fromEntries(
      Object.entries(checked.error.fields ?? {}).map(([k, v]) => [`rows.${k}`, v]),
    )
    return err(formError(fields))
  }
  await db.transaction(async (tx) => {
    await tx.delete(circuitRows).where(eq(circuitRows.document_type, type))
    if (parsed.value.rows.length > 0) {
      await tx.insert(circuitRows).values(
        parsed.value.rows.map((r) => ({
          ...r,
          document_type: type,
          criteria: r.criteria as Record<string, string>,
        })),
      )
    }
    await writeTrace(tx, clock, {
      action: 'update_circuit',
      message: `Validation chart of ${type} replaced (${rows.length} rows)`,
      model: 'circuit',
      model_id: type,
      user_id: actor.id,
      severity: 'warning',
    })
  })
  return ok({ data: { rows: rows.length } })
}

/** POST /bwapi/circuits/{type}/test: who would validate a document with these attributes, in which order (with names). */
export const testCircuit = async (db: Db, actor: Actor, type: DocumentType, input: unknown) => {
  const allowed = adminOnly(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(CircuitTestSchema, input)
  if (!parsed.ok) return parsed
  const steps = computeCircuit(await loadChart(db, type), parsed.value, await loadUsersByRole(db))
  const logins = [...new Set(steps.flatMap((s) => s.validators))]
  const people =
    logins.length === 0
      ? []
      : await db
          .select({ login: users.login, label: users.label })
          .from(users)
          .where(inArray(users.login, logins))
  return ok({ data: { steps, names: Object.fromEntries(people.map((p) => [p.login, p.label])) } })
}

/** GET /bwapi/delegations: the delegations I gave and those given to me. */
export const listDelegations = async (db: Db, actor: Actor) => {
  const rows = await db
    .select()
    .from(delegations)
    .where(or(eq(delegations.delegator_id, actor.id), eq(delegations.delegate_id, actor.id)))
  const people = new Map(
    (await db.select({ id: users.id, login: users.login, label: users.label }).from(users)).map((u) => [
      u.id,
      u,
    ]),
  )
  return ok({
    data: rows.map((d) => ({
      ...d,
      delegator: people.get(d.delegator_id)?.login,
      delegate: people.get(d.delegate_id)?.login,
      delegator_label: people.get(d.delegator_id)?.label,
      delegate_label: people.get(d.delegate_id)?.label,
    })),
  })
}

/** POST /bwapi/delegations: I let a colleague validate for me during a period, within limits. */
export const createDelegation = async ({ db, clock }: Deps, actor: Actor, input: unknown) => {
  const parsed = parseWith(DelegationInputSchema, input)
  if (!parsed.ok) return parsed
  const found = await db
    .select()
    .from(users)
    .where(eq(users.login, parsed.value.delegate_login))
    .limit(1)
    .then(first)
  const delegating = checkDelegate(actor, found)
  if (!delegating.ok) return delegating
  const delegate = delegating.value
  const { delegate_login: _login, starts_at, ends_at, ...rest } = parsed.value
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(delegations)
      .values({
        ...rest,
        delegator_id: actor.id,
        delegate_id: delegate.id,
        starts_at: new Date(starts_at),
        ends_at: new Date(ends_at),
      })
      .returning({ id: delegations.id })
    await writeTrace(tx, clock, {
      action: 'delegate',
      message: `Delegation to ${delegate.login}`,
      model: 'delegation',
      model_id: rows[0]?.id ?? null,
      user_id: actor.id,
    })
    return rows[0]?.id ?? 0
  })
  return ok({ data: { id: inserted } })
}

/** DELETE /bwapi/delegations/{id}: the delegator ends a delegation. */
export const deleteDelegation = async ({ db, clock }: Deps, actor: Actor, id: number) => {
  const row = await db
    .select()
    .from(delegations)
    .where(and(eq(delegations.id, id), eq(delegations.delegator_id, actor.id)))
    .limit(1)
    .then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' } as DomainError)
  await db.transaction(async (tx) => {
    await tx.delete(delegations).where(eq(delegations.id, id))
    await writeTrace(tx, clock, {
      action: 'delegation_end',
      message: 'Delegation ended',
      model: 'delegation',
      model_id: id,
      user_id: actor.id,
    })
  })
  return ok({ data: { id } })
}
