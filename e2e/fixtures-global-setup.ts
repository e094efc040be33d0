import { systemClock } from '@procura/api/clock'
import { FIXTURES_ENV } from '@procura/api/testing/fixture-copy'
import { prepareSqliteFixtures } from '@procura/api/testing/fixtures'
import { disabledFeaturesFlag } from './chromium'

/**
 * The browser tests' databases, built once per run (or per day, kept between runs of the same
 * sources): the demo organisation (`PROCURA_DEMO=base`) and its year (`PROCURA_DEMO=1`), seeded
 * today, as a server started today seeds them. Each test server starts from a copy. And the
 * flags of the run's browsers.
 */
export default async function setup() {
  const today = systemClock.now().toISOString().slice(0, 10)
  process.env[FIXTURES_ENV] = await prepareSqliteFixtures(['demo', 'demo-year'], {
    clock: systemClock,
    label: today,
  })
  // Chromium's disabled features, read once for the run's browsers.
  await disabledFeaturesFlag()
}
