import { demoCatalogue } from '@procura/fixtures/catalogue'
import {
  type DemoCode,
  type DemoScenario,
  demoScenario,
  type ReferenceData,
  referenceData,
} from '@procura/fixtures/demo'
import type { DemoHistory } from '@procura/fixtures/history'
import { count } from 'drizzle-orm'
import { type Clock, systemClock } from '../clock'
import type { Db, DbOrTx } from '../db'
import { first } from '../db/first'
import {
  circuitRows,
  currencies,
  languages,
  permissions,
  referenceCodes,
  rolePermissions,
  roles,
  users,
} from '../db/schema'
import { seedBudgets } from '../demo/seed-budgets'
import { seedCatalogue } from '../demo/seed-catalogue'
import { seedExpenseReference } from '../demo/seed-expenses'
import { seedHistory } from '../demo/seed-history'
import { hashesFor, idsByCode, insertOrganisation, need } from '../demo/seed-organisation'
import { writeSetting } from './settings'
import { writeTrace } from './trace'

/**
 * Inserts what every instance needs (currencies, languages, roles, permissions). Idempotent:
 * existing rows are kept as they are, so an admin's changes survive a restart.
 */
export const seedReference = async (
  db: Db,
  data: ReferenceData = referenceData(),
  clock: Clock = systemClock,
): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.insert(currencies).values(data.currencies).onConflictDoNothing()
    await tx.insert(languages).values(data.languages).onConflictDoNothing()
    await tx.insert(permissions).values(data.permissions).onConflictDoNothing()
    await tx
      .insert(roles)
      .values(data.roles.map(({ code, label }) => ({ code, label })))
      .onConflictDoNothing()
    const roleIds = await idsByCode(tx, roles)
    const permissionIds = await idsByCode(tx, permissions)
    const links = data.roles.flatMap((role) =>
      role.permissions.map((p) => ({
        role_id: need(roleIds, role.code),
        permission_id: need(permissionIds, p),
      })),
    )
    if (links.length > 0) await tx.insert(rolePermissions).values(links).onConflictDoNothing()
    // The code lists are the administrators' once they exist: seeded into an empty table only, so
    // that a code deleted on purpose does not come back at the next start.
    if (Number((await tx.select({ n: count() }).from(referenceCodes).then(first))?.n ?? 0) === 0)
      await insertCodes(tx, clock, data.codes)
  })
}

/** Rows of the code lists (an instance's first ones, or the demo's own). */
export const insertCodes = async (tx: DbOrTx, clock: Clock, codes: readonly DemoCode[]) => {
  if (codes.length === 0) return
  const now = clock.now()
  await tx
    .insert(referenceCodes)
    .values(codes.map((c) => ({ ...c, created_at: now, updated_at: now })))
    .onConflictDoNothing()
}

export const isDatabaseEmpty = async (db: Db): Promise<boolean> => {
  const row = await db.select({ n: count() }).from(users).limit(1).then(first)
  return (row?.n ?? 0) === 0
}

export type SeedResult = {
  seeded: boolean
  users: number
  companies: number
  /** Requests and orders played by the year of history (0 without it). */
  needs: number
  orders: number
}

/**
 * Seeds the demo dataset into an empty database (no user yet), in one transaction. A database
 * that has users is left alone: seeding never overwrites real data.
 */
export const seedDemo = async (
  db: Db,
  clock: Clock,
  scenario: DemoScenario = demoScenario(),
  catalogue = demoCatalogue(),
  /** The year of history, played after the organisation and catalogue (with where files go). */
  history: { plan: DemoHistory; storageDir: string } | null = null,
): Promise<SeedResult> => {
  if (!(await isDatabaseEmpty(db))) return { seeded: false, users: 0, companies: 0, needs: 0, orders: 0 }
  await seedReference(db, referenceData(), clock)
  const hashes = await hashesFor(scenario.users)
  await db.transaction(async (tx) => {
    await insertOrganisation(tx, clock, scenario, hashes)
    await tx.insert(circuitRows).values(scenario.circuit)
    await insertCodes(tx, clock, scenario.codes)
    await writeSetting(tx, clock, 'settings', scenario.settings)
    await seedCatalogue(tx, clock, catalogue)
    await seedExpenseReference(tx, clock, scenario.expenses)
    await writeTrace(tx, clock, {
      action: 'seed',
      message: `Demo dataset seeded: ${scenario.companies.length} companies, ${scenario.users.length} users`,
      model: 'database',
    })
  })
  const played =
    history === null
      ? { needs: 0, orders: 0 }
      : await seedHistory({ db, clock, storageDir: history.storageDir }, history.plan)
  if (history !== null) await seedBudgets(db, clock)
  return {
    seeded: true,
    users: scenario.users.length + (history?.plan.users.length ?? 0),
    companies: scenario.companies.length,
    ...played,
  }
}
