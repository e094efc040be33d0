import pg from 'pg'
import { migrateDatabase, openDatabase } from '../db'
import { type Cluster, startThrowawayCluster } from './pg-cluster'

/** The template every test database is copied from: migrated once per run. */
export const TEMPLATE = 'procura_template'

/**
 * `npm run test:pg`: the server in PROCURA_TEST_PG_URL, or else a throwaway cluster started here
 * and removed at the end; a migrated template database that each test copies (CREATE DATABASE …
 * TEMPLATE, fast). Workers find the server in PROCURA_TEST_PG_SERVER.
 */
export default async function setup() {
  const given = process.env.PROCURA_TEST_PG_URL
  const cluster: Cluster | null = given === undefined ? await startThrowawayCluster() : null
  const server = given ?? (cluster as Cluster).url
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${TEMPLATE}`)
  await admin.end()
  const templateUrl = new URL(server)
  templateUrl.pathname = `/${TEMPLATE}`
  const database = await openDatabase(templateUrl.toString())
  await migrateDatabase(database.db)
  await database.close()
  process.env.PROCURA_TEST_PG_SERVER = server
  return async () => {
    cluster?.stop()
  }
}
