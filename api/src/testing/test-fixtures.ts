import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { demoHistory } from '@procura/fixtures/history'
import { type Clock, fixedClock } from '../clock'
import { type Db, migrateDatabase, openDatabase } from '../db'
import { seedDemo } from '../demo/seed-demo'
import { seedReference } from '../services/seed'
import { type FixtureName, TEST_NOW } from './fixture-copy'

/**
 * Building the fixtures (fixture-copy.ts says what they are and copies them): once per run in the
 * projects' global setups, kept between runs while their sources do not change.
 */

/** Seeds a migrated database as the fixture holds it, its files under `storageDir`. */
export const seedFixture = async (db: Db, name: FixtureName, clock: Clock, storageDir: string) => {
  if (name === 'migrated') return
  await seedReference(db, undefined, clock)
  await seedDemo(
    db,
    clock,
    undefined,
    undefined,
    name === 'demo-year' ? { plan: demoHistory(), storageDir } : null,
  )
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
/** What a fixture is made of: the schema, the seeds and what they call, the fixtures, the drivers. */
const SOURCES = ['api/src', 'core/src', 'fixtures/src', 'package-lock.json']

const sourceFiles = (path: string): string[] => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => (/\.test\.tsx?$/.test(name) ? [] : sourceFiles(join(path, name))))
}

/** A hash of every source a fixture is built from: a change to any of them builds new fixtures. */
export const fixturesKey = (): string => {
  const hash = createHash('sha256')
  for (const file of SOURCES.flatMap((source) => sourceFiles(join(ROOT, source)))) {
    hash.update(relative(ROOT, file))
    hash.update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 16)
}

/** Kept between runs (node_modules/.cache, which a fresh install empties). */
export const FIXTURES_CACHE = join(ROOT, 'node_modules', '.cache', 'procura-test-fixtures')

/**
 * Builds the SQLite fixtures missing from `dir` (each in a folder of its own, moved into place
 * once complete, so a run that stops half-way leaves nothing half-built behind).
 */
export const buildSqliteFixtures = async (
  dir: string,
  names: readonly FixtureName[],
  clock: Clock,
): Promise<void> => {
  for (const name of names) {
    const target = join(dir, name)
    if (existsSync(join(target, 'procura.db'))) continue
    removeAbandoned(dir, name)
    const building = `${target}.building-${process.pid}`
    mkdirSync(building, { recursive: true })
    const seeding = join(building, 'seeding.db')
    const database = await openDatabase(`file:${seeding}`)
    try {
      await migrateDatabase(database.db)
      await seedFixture(database.db, name, clock, join(building, 'files'))
      // One compact file, nothing in a write-ahead log: copied as it is.
      await database.client.execute(`VACUUM INTO '${join(building, 'procura.db').replaceAll("'", "''")}'`)
    } finally {
      database.close()
    }
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${seeding}${suffix}`, { force: true })
    try {
      renameSync(building, target)
    } catch (error) {
      // Another run built the same fixture meanwhile: theirs is as good.
      rmSync(building, { recursive: true, force: true })
      if (!existsSync(join(target, 'procura.db'))) throw error
    }
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** What a run that stopped while building left (a run still building keeps its own). */
const removeAbandoned = (dir: string, name: FixtureName) => {
  for (const entry of existsSync(dir) ? readdirSync(dir) : []) {
    const pid = Number(entry.startsWith(`${name}.building-`) ? entry.slice(name.length + 10) : Number.NaN)
    if (Number.isInteger(pid) && (pid === process.pid || !alive(pid)))
      rmSync(join(dir, entry), { recursive: true, force: true })
  }
}

/**
 * The global setup of the projects whose tests start from a fixture: this run's fixtures, built
 * unless an earlier run with the same sources left them, seeded at TEST_NOW.
 */
export const prepareSqliteFixtures = async (
  names: readonly FixtureName[] = ['migrated', 'demo', 'demo-year'],
  options: { clock?: Clock; label?: string } = {},
): Promise<string> => {
  const dir = join(FIXTURES_CACHE, `${fixturesKey()}-${options.label ?? 'test'}`)
  await buildSqliteFixtures(dir, names, options.clock ?? fixedClock(TEST_NOW))
  pruneOldFixtures(dir)
  return dir
}

/** Fixtures of other sources, older than a day, go (a day: another run may still use them). */
const pruneOldFixtures = (keep: string) => {
  const day = 86_400_000
  for (const name of existsSync(FIXTURES_CACHE) ? readdirSync(FIXTURES_CACHE) : []) {
    const path = join(FIXTURES_CACHE, name)
    if (path !== keep && Date.now() - statSync(path).mtimeMs > day)
      rmSync(path, { recursive: true, force: true })
  }
}
