import { constants, copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

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

/** The engines a fixture is built for (db/index.ts's Engine, without importing the database). */
type Engine = 'sqlite' | 'postgresql'

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
