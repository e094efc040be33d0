import type { Company, Department } from '@procura/core/organisation'
import type { UserInput } from '@procura/core/user'
import type { DemoSupplier } from '@procura/fixtures/demo'
import { hashPassword } from '../auth/password'
import type { Clock } from '../clock'
import type { Tx } from '../db'
import {
  companies,
  departments,
  roles,
  supplierContacts,
  supplierPunchouts,
  suppliers,
  users,
} from '../db/schema'
import { idsByCode, need } from '../services/seed'

type DemoUser = UserInput & { password: string }

/**
 * The password hashes of the demo users: argon2 is slow on purpose, and every demo user has the
 * same password, so each distinct password is hashed once.
 */
export const hashesFor = async (people: readonly DemoUser[]): Promise<string[]> => {
  const distinct = [...new Set(people.map((p) => p.password))]
  const hashed = new Map(
    await Promise.all(distinct.map(async (password) => [password, await hashPassword(password)] as const)),
  )
  return people.map((p) => hashed.get(p.password) ?? '')
}

/** Companies, their departments, people (with their hashes, in order) and suppliers with contacts. */
export const insertOrganisation = async (
  tx: Tx,
  clock: Clock,
  data: { companies: Company[]; departments: Department[]; users: DemoUser[]; suppliers: DemoSupplier[] },
  hashes: readonly string[],
): Promise<void> => {
  const now = clock.now()
  const stamps = { created_at: now, updated_at: now }
  if (data.companies.length > 0)
    await tx.insert(companies).values(data.companies.map((c) => ({ ...c, ...stamps })))
  const companyIds = await idsByCode(tx, companies)
  if (data.departments.length > 0)
    await tx.insert(departments).values(
      data.departments.map(({ company_code, ...d }) => ({
        ...d,
        company_id: need(companyIds, company_code),
        ...stamps,
      })),
    )
  const roleIds = await idsByCode(tx, roles)
  if (data.users.length > 0)
    await tx.insert(users).values(
      data.users.map(({ password: _password, role, ...u }, i) => ({
        ...u,
        role_id: need(roleIds, role),
        password_hash: hashes[i] ?? null,
        ...stamps,
      })),
    )
  for (const { contacts, punchout, ...supplier } of data.suppliers) {
    const inserted = await tx
      .insert(suppliers)
      .values({ ...supplier, punchout_url: punchout?.url ?? null, ...stamps })
      .returning({ id: suppliers.id })
    const supplierId = inserted[0]?.id
    if (supplierId === undefined) throw new Error('Supplier insert returned no id')
    await tx.insert(supplierContacts).values(contacts.map((c) => ({ ...c, supplier_id: supplierId })))
    if (punchout !== undefined) {
      const { url: _url, ...settings } = punchout
      await tx.insert(supplierPunchouts).values({ supplier_id: supplierId, ...settings, ...stamps })
    }
  }
}
