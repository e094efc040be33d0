import { FIXTURES_ENV } from './fixture-copy'
import { prepareSqliteFixtures } from './test-fixtures'

/**
 * Global setup of the API and CLI test projects: the SQLite fixtures (test-fixtures.ts) built
 * once for the run, or reused from an earlier run of the same sources; workers find them in
 * PROCURA_TEST_FIXTURES. Under `npm run test:pg` the PostgreSQL setup sets it after this one.
 */
export default async function setup() {
  process.env[FIXTURES_ENV] = await prepareSqliteFixtures()
}
