import { demoCatalogue } from '@procura/fixtures/catalogue'
import { type DemoScenario, demoScenario, type ReferenceData, referenceData } from '@procura/fixtures/demo'
import { count } from 'drizzle-orm'
import { hashPassword } from '../auth/password'
import type { Clock } from '../clock'
import type { Db, Tx } from '../db'
import {
  circuitRows,
  companies,
  currencies,
  departments,
  languages,
  permissions,
  rolePermissions,
  roles,
  supplierContacts,
  suppliers,
  users,
} from '../db/schema'
import { seedCatalogue } from './seed-catalogue'
import { writeTrace } from './trace'

/**
 * Inserts what every instance needs (currencies, languages, roles, permissions). Idempotent:
 * existing rows are kept as they are, so an admin's changes survive a restart.
 */
export const seedReference = async (db: Db, data: ReferenceData = referenceData()): Promise<void> => {
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
  })
}

export const isDatabaseEmpty = async (db: Db): Promise<boolean> => {
  const row = await db.select({ n: count() }).from(users).get()
  return (row?.n ?? 0) === 0
}

export type SeedResult = { seeded: boolean; users: number; companies: number }

/**
 * Seeds the demo dataset into an empty database (no user yet), in one transaction. A database
 * that has users is left alone: seeding never overwrites real data.
 */
export const seedDemo = async (
  db: Db,
  clock: Clock,
  scenario: DemoScenario = demoScenario(),
  catalogue = demoCatalogue(),
): Promise<SeedResult> => {
  if (!(await isDatabaseEmpty(db))) return { seeded: false, users: 0, companies: 0 }
  await seedReference(db)
  const hashes = await Promise.all(scenario.users.map((u) => hashPassword(u.password)))
  await db.transaction(async (tx) => {
    const now = clock.now()
    const stamps = { created_at: now, updated_at: now }
    await tx.insert(companies).values(scenario.companies.map((c) => ({ ...c, ...stamps })))
    const companyIds = await idsByCode(tx, companies)
    await tx.insert(departments).values(
      scenario.departments.map(({ company_code, ...d }) => ({
        ...d,
        company_id: need(companyIds, company_code),
        ...stamps,
      })),
    )
    const roleIds = await idsByCode(tx, roles)
    await tx.insert(users).values(
      scenario.users.map(({ password: _password, role, ...u }, i) => ({
        ...u,
        role_id: need(roleIds, role),
        password_hash: hashes[i] ?? null,
        ...stamps,
      })),
    )
    for (const { contacts, ...supplier } of scenario.suppliers) {
      const inserted = await tx
        .insert(suppliers)
        .values({ ...supplier, ...stamps })
        .returning({ id: suppliers.id })
      const supplierId = inserted[0]?.id
      if (supplierId === undefined) throw new Error('Supplier insert returned no id')
      await tx.insert(supplierContacts).values(contacts.map((c) => ({ ...c, supplier_id: supplierId })))
    }
    await tx.insert(circuitRows).values(scenario.circuit)
    await seedCatalogue(tx, clock, catalogue)
    await writeTrace(tx, clock, {
      action: 'seed',
      message: `Demo dataset seeded: ${scenario.companies.length} companies, ${scenario.users.length} users`,
      model: 'database',
    })
  })
  return { seeded: true, users: scenario.users.length, companies: scenario.companies.length }
}

type CodedTable = typeof roles | typeof permissions | typeof companies

const idsByCode = async (tx: Tx, table: CodedTable): Promise<Map<string, number>> => {
  const rows = await tx.select({ id: table.id, code: table.code }).from(table)
  return new Map(rows.map((r) => [r.code, r.id]))
}

/** A code the scenario refers to must exist: a missing one is a bug in the dataset. */
const need = (ids: Map<string, number>, code: string): number => {
  const id = ids.get(code)
  if (id === undefined) throw new Error(`Seed data refers to an unknown code "${code}".`)
  return id
}
