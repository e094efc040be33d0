import { chromium } from 'playwright-core'

export const CHROMIUM = process.env.PROCURA_CHROMIUM ?? '/usr/bin/chromium'

/** Debian's Chromium, headless, with the flags this closed network needs. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Each browser window of Chromium's headless mode preloads the address bar's suggestion popup in
 * renderers of its own (chrome://omnibox-popup.top-chrome), two per context, busy for nothing:
 * measured, the six slowest browser files ran in 92 s without them against 115 s with them.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']
/** Set by the run's global setup (e2e/fixtures-global-setup.ts), so each file does not ask again. */
const DISABLED_FEATURES_ENV = 'PROCURA_CHROMIUM_DISABLED_FEATURES'

/**
 * Chromium keeps only the last `--disable-features`, and Playwright passes its own list (which it
 * does not export) before ours: the list is read once per run from a launch's command line, and
 * ours is added to it.
 */
export const disabledFeaturesFlag = async (): Promise<string> => {
  const known = process.env[DISABLED_FEATURES_ENV]
  if (known !== undefined && known !== '') return known
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  const theirs = server
    .process()
    .spawnargs.filter((arg) => arg.startsWith('--disable-features='))
    .flatMap((arg) => arg.slice('--disable-features='.length).split(','))
  await server.close()
  const flag = `--disable-features=${[...new Set([...theirs, ...OUR_DISABLED_FEATURES])].join(',')}`
  process.env[DISABLED_FEATURES_ENV] = flag
  return flag
}
