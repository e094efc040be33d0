import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { fixedClock } from '../clock'
import { migrateDatabase, openDatabase } from '../db'
import { FIXTURES, type FixtureName, PG_FIXTURES_ENV, TEST_NOW } from './fixture-copy'
import { type Cluster, startThrowawayCluster } from './pg-cluster'
import { seedFixture } from './test-fixtures'

/** The template database a fixture's copies are made from (CREATE DATABASE … TEMPLATE). */
export const templateOf = (fixture: FixtureName) => `procura_tpl_${fixture.replace('-', '_')}`

/**
 * `npm run test:pg`: the server in PROCURA_TEST_PG_URL, or else a throwaway cluster started here
 * and removed at the end; one template database per fixture (test-fixtures.ts), migrated and
 * seeded once per run, that each test copies (CREATE DATABASE … TEMPLATE, fast), the fixtures'
 * stored files in a folder of the run. Workers find the server in PROCURA_TEST_PG_SERVER. The
 * projects of one run (api-pg, cli-pg) share it: the first to start sets it up and removes it.
 */
export default async function setup() {
  if (process.env.PROCURA_TEST_PG_SERVER !== undefined && process.env[PG_FIXTURES_ENV] !== undefined)
    return async () => {}
  const given = process.env.PROCURA_TEST_PG_URL
  const cluster: Cluster | null = given === undefined ? await startThrowawayCluster() : null
  const server = given ?? (cluster as Cluster).url
  const files = mkdtempSync(join(tmpdir(), 'procura-pg-fixtures-'))
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  try {
    for (const fixture of FIXTURES) {
      const template = templateOf(fixture)
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.query(`CREATE DATABASE ${template}`)
      const url = new URL(server)
      url.pathname = `/${template}`
      const database = await openDatabase(url.toString())
      try {
        await migrateDatabase(database.db)
        await seedFixture(database.db, fixture, fixedClock(TEST_NOW), join(files, fixture, 'files'))
      } finally {
        await database.close()
      }
    }
  } finally {
    await admin.end()
  }
  process.env.PROCURA_TEST_PG_SERVER = server
  process.env[PG_FIXTURES_ENV] = files
  return async () => {
    cluster?.stop()
    rmSync(files, { recursive: true, force: true })
  }
}
