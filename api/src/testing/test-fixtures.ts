import { createHash } from 'node:crypto'
import {
  constants,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { demoHistory } from '@procura/fixtures/history'
import { type Clock, fixedClock } from '../clock'
import { type Db, type Engine, migrateDatabase, openDatabase } from '../db'
import { seedDemo, seedReference } from '../services/seed'

/**
 * The databases tests start from, built once per test run and copied per test (a SQLite file
 * copied, a PostgreSQL database created from a template): a test still gets a database of its
 * own, without paying for migrating and seeding it.
 *
 * - `migrated`: the schema and nothing else (as `procura db migrate` leaves it);
 * - `demo`: reference data and the demo organisation and catalogue (`PROCURA_DEMO=base`);
 * - `demo-year`: the demo with its year of history and its stored files (`PROCURA_DEMO=1`).
 */
export const FIXTURES = ['migrated', 'demo', 'demo-year'] as const
export type FixtureName = (typeof FIXTURES)[number]

/** The instant the API and CLI tests' demo is seeded at, and their clock starts from. */
export const TEST_NOW = '2026-11-21T10:00:00Z'

/**
 * Where this run's SQLite fixtures are: a folder holding one folder per fixture, each with its
 * `procura.db` and `files/` (its stored files). Set by the test projects' global setups.
 */
export const FIXTURES_ENV = 'PROCURA_TEST_FIXTURES'
/** Under `npm run test:pg`, the same for the PostgreSQL templates' stored files (`<name>/files`). */
export const PG_FIXTURES_ENV = 'PROCURA_TEST_PG_FIXTURES'

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
  names: readonly FixtureName[] = FIXTURES,
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

/** This run's copy of a fixture, if the global setup made one (undefined outside a test run). */
export const fixtureDir = (name: FixtureName, engine: Engine = 'sqlite'): string | undefined => {
  const dir = process.env[engine === 'sqlite' ? FIXTURES_ENV : PG_FIXTURES_ENV]
  return dir === undefined ? undefined : join(dir, name)
}

/** Copies a fixture's stored files (if it has any) into `storageDir`. */
export const copyFixtureFiles = (name: FixtureName, storageDir: string, engine: Engine = 'sqlite') => {
  const dir = fixtureDir(name, engine)
  if (dir !== undefined && existsSync(join(dir, 'files')))
    cpSync(join(dir, 'files'), storageDir, { recursive: true })
}

/**
 * Copies this run's SQLite fixture into `dir` (`procura.db`, and its files into `files/`);
 * false when the run has none (nothing copied: the caller builds it with seedFixture).
 */
export const copySqliteFixture = (name: FixtureName, dir: string): boolean => {
  const built = fixtureDir(name)
  if (built === undefined || !existsSync(join(built, 'procura.db'))) return false
  mkdirSync(dir, { recursive: true })
  copyFileSync(join(built, 'procura.db'), join(dir, 'procura.db'), constants.COPYFILE_FICLONE)
  copyFixtureFiles(name, join(dir, 'files'))
  return true
}
