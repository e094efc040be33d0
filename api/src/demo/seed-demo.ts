import { demoCatalogue } from '@procura/fixtures/catalogue'
import { type DemoScenario, demoScenario, referenceData } from '@procura/fixtures/demo'
import type { DemoHistory } from '@procura/fixtures/history'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { circuitRows } from '../db/schema'
import { insertCodes, isDatabaseEmpty, seedReference } from '../services/seed'
import { writeSetting } from '../services/settings'
import { writeTrace } from '../services/trace'
import { seedBudgets } from './seed-budgets'
import { seedCatalogue } from './seed-catalogue'
import { seedExpenseReference } from './seed-expenses'
import { seedHistory } from './seed-history'
import { hashesFor, insertOrganisation } from './seed-organisation'

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
