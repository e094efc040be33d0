import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '@procura/api/config'
import { copyFixtureFiles, copySqliteFixture, fixtureDir } from '@procura/api/testing/fixture-copy'
import { COMPILED_SERVER, startServeProcess } from '@procura/api/testing/serve-process'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CHROMIUM, CHROMIUM_FLAGS, disabledFeaturesFlag } from './chromium'

/** Where screenshots go: test-results/ at the repository root (ignored by git). */
export const OUTPUT = fileURLToPath(new URL('../test-results/', import.meta.url))

const violations = new WeakMap<Browser, string[]>()

/**
 * What the Content-Security-Policy refused on any page of this browser (Chromium logs each
 * refusal as a console error): each browser test file ends by checking it is empty.
 */
export const cspViolations = (browser: Browser): string[] => violations.get(browser) ?? []

const launchChromium = async (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, await disabledFeaturesFlag()],
  })

/** This worker's Chromium, launched by its first browser file and kept for the next ones. */
let chromiumOfWorker: Promise<Browser> | undefined

const sharedChromium = async (): Promise<Browser> => {
  const running = await chromiumOfWorker
  if (running?.isConnected()) return running
  chromiumOfWorker = launchChromium()
  return chromiumOfWorker
}

/**
 * A browser file's own browser: Debian's Chromium, headless, with the flags this closed network
 * needs. The Chromium process is the worker's (launched once, 0.4 s of each file before); what a
 * file gets is its own view of it: the contexts it opens (each asking for reduced motion, its
 * Content-Security-Policy refusals recorded for `cspViolations`), closed by its `close()`, which
 * leaves the process to the worker's next file. Playwright stops the process with the worker.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const shared = await sharedChromium()
  const seen: string[] = []
  const contexts = new Set<BrowserContext>()
  const newContext = async (options?: BrowserContextOptions) => {
    // As a person who asked for less motion: charts and transitions drawn at once (the same
    // pages, less work for a 2-core machine).
    const context = await shared.newContext({ reducedMotion: 'reduce', ...options })
    contexts.add(context)
    context.on('close', () => contexts.delete(context))
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        seen.push(`${message.location().url}: ${message.text()}`)
    })
    return context
  }
  const own: Partial<Browser> = {
    newContext,
    newPage: async (options?: BrowserContextOptions) => (await newContext(options)).newPage(),
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close()))
    },
  }
  // Everything else (version, isConnected…) is the shared process's.
  const browser = new Proxy(shared, {
    get: (target, key) => {
      const value = key in own ? own[key as keyof Browser] : Reflect.get(target, key, target)
      return typeof value === 'function' && !(key in own) ? value.bind(target) : value
    },
  })
  violations.set(browser, seen)
  return browser
}

export type TestServer = { url: string; dir: string; stop: () => Promise<void> }

/**
 * The real server, as `npm start` runs it — the compiled server (api/dist/procura.mjs, built by
 * `npm run test:e2e` when missing or older than its sources) in a process of its own — on free
 * ports over a fresh SQLite file holding the demo organisation and catalogue (PROCURA_DEMO=1 for
 * its year of history too), serving the built app (app/dist). The file is a copy of the run's
 * fixture (fixtures-global-setup.ts), seeded today as the server would seed it at its first start;
 * on another engine (a PostgreSQL `PROCURA_DATABASE_URL`), the fixture's rows are copied into it as
 * `procura db copy` does (the seeding itself on PostgreSQL is what `npm run test:pg` builds its
 * templates with).
 */
export const startTestServer = async (env: Record<string, string> = {}): Promise<TestServer> => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-e2e-'))
  const settings: Record<string, string> = {
    PROCURA_DATABASE_URL: `file:${join(dir, 'procura.db')}`,
    PROCURA_STORAGE_DIR: join(dir, 'files'),
    PROCURA_OUTBOX_DIR: join(dir, 'outbox'),
    // Stories start from the organisation alone; the demo's year is walked by demo.e2e.ts.
    PROCURA_DEMO: 'base',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    ...env,
  }
  const config = loadConfig(settings)
  const fixture = config.demoHistory ? 'demo-year' : 'demo'
  if (config.demo && env.PROCURA_DATABASE_URL === undefined) copySqliteFixture(fixture, dir)
  else if (config.demo && fixtureDir(fixture) !== undefined) {
    // Another engine (PostgreSQL) gets the same fixture through `procura db copy`'s path (loaded
    // here only: the other files do without the database code).
    const { copyDatabase } = await import('@procura/api/db/copy')
    await copyDatabase(
      `file:${join(fixtureDir(fixture) ?? '', 'procura.db')}`,
      settings.PROCURA_DATABASE_URL ?? '',
    )
    copyFixtureFiles(fixture, settings.PROCURA_STORAGE_DIR ?? '')
  }
  const server = await startServeProcess({ ...process.env, ...settings }, [], COMPILED_SERVER)
  mkdirSync(OUTPUT, { recursive: true })
  return {
    url: server.url,
    dir,
    stop: async () => {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A test file's server and browser, started before its tests and stopped after them. Read
 * `server` and `browser` inside tests (they exist once the file's `beforeAll` has run); the file
 * ends with `cspTest(file)`.
 */
export const browserFile = (env: Record<string, string> = {}) => {
  const file = {} as { server: TestServer; browser: Browser }
  beforeAll(async () => {
    file.server = await startTestServer(env)
    file.browser = await launchBrowser()
  }, 180_000)
  afterAll(async () => {
    await file.browser?.close()
    await file.server?.stop()
  })
  return file
}

/** The last test of a browser file: none of its pages broke the Content-Security-Policy. */
export const cspTest = (file: { browser: Browser }) =>
  test('no page broke the Content-Security-Policy', () => {
    expect(cspViolations(file.browser)).toEqual([])
  })

const SIGN_IN_LABELS = {
  en: { login: 'Login', password: 'Password', submit: 'Sign in' },
  fr: { login: 'Identifiant', password: 'Mot de passe', submit: 'Se connecter' },
} as const

export type SignInOptions = {
  locale?: 'en-GB' | 'fr-FR'
  viewport?: { width: number; height: number }
  /** The page to land on (the sign-in page's `redirect`), the dashboard when not given. */
  at?: string
}

/**
 * A person at their own browser (a context of its own, own cookies), signed in through the
 * sign-in page, landing on `at` (the sign-in page's `redirect`), the dashboard when not given.
 */
export const signInAs = async (
  browser: Browser,
  server: TestServer,
  login: string,
  options: SignInOptions = {},
): Promise<Page> => {
  const { locale = 'en-GB', viewport, at = '/app/' } = options
  const labels = SIGN_IN_LABELS[locale === 'fr-FR' ? 'fr' : 'en']
  const context = await browser.newContext({ locale, ...(viewport ? { viewport } : {}) })
  const page = watchErrors(await context.newPage())
  await page.goto(`${server.url}/app/login?redirect=${encodeURIComponent(at)}`)
  await signInWith(page, login, 'Demo1234!', labels)
  await page.getByRole('navigation').first().waitFor()
  return page
}

/** Fills the sign-in form on `page` and sends it (the labels in the page's language). */
export const signInWith = async (
  page: Page,
  login: string,
  password: string,
  labels: { login: string; password: string; submit: string } = SIGN_IN_LABELS.en,
) => {
  await page.getByRole('textbox', { name: labels.login }).fill(login)
  await page.getByLabel(labels.password).fill(password)
  await page.getByRole('button', { name: labels.submit }).click()
}

/**
 * A call of the API from the signed-in page, as the app makes it (its cookies, the XSRF header):
 * GET, or POST with `body`.
 */
export const callApi = (page: Page, path: string, body?: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '')
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-xsrf-token': xsrf,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it checks
      return { status: response.status, json: (await response.json()) as any }
    },
    { path, body },
  )

const consoleErrors = new WeakMap<Page, string[]>()

/** Records the console errors and uncaught exceptions of a page, read back with `pageErrors`. */
export const watchErrors = (page: Page): Page => {
  const seen: string[] = []
  consoleErrors.set(page, seen)
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`${message.location().url}: ${message.text()}`)
  })
  page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`))
  return page
}

export const pageErrors = (page: Page): string[] => consoleErrors.get(page) ?? []

/** axe-core's script, read when a first page is audited (as text: node need not run it). */
let axeSource: string | undefined
const readAxeSource = () => {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  return axeSource
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/**
 * The serious and critical WCAG 2 A/AA violations axe-core finds on the page as it stands. axe is
 * evaluated through the DevTools protocol, so the page's Content-Security-Policy is not loosened.
 */
export const accessibilityViolations = async (page: Page): Promise<string[]> => {
  // A list refreshing dims its rows on purpose; axe would read that as low contrast.
  await page.waitForFunction(() => document.querySelector('.pc-table[aria-busy="true"]') === null)
  // Loaded once per document: a page moving within the app keeps it (parsing it costs more than a run).
  if (await page.evaluate(() => !('axe' in globalThis))) await page.evaluate(readAxeSource())
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> }
      }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })
    return result.violations
  })
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    )
}

/** Whether the page is wider than the window (something overflows sideways). */
export const overflowsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)

const pageOf = (scope: Page | Locator): Page => ('keyboard' in scope ? scope : scope.page())

/**
 * Does what a person does (`act`) until the page shows it (`read` answers what `holds` accepts
 * within 5 s), three times at most: on a busy machine a list may be replaced under the pointer,
 * or a keystroke reach a field before it has the focus.
 */
const actUntil = async <T>(
  act: () => Promise<void>,
  read: () => Promise<T>,
  holds: (value: T) => boolean,
) => {
  for (let attempt = 1; ; attempt += 1) {
    await act()
    const shown = await expect
      .poll(read, { timeout: 5_000 })
      .toSatisfy(holds)
      .then(
        () => true,
        (error: unknown) => {
          if (attempt >= 3) throw error
          return false
        },
      )
    if (shown) return
  }
}

/**
 * Types in a search combobox as a person does and picks an option of the list the server answers;
 * typed again when the list did not open or the pick did not take. Picked means the combobox shows
 * the option, or, for a combobox that empties once it adds what was picked (a filter, a list of
 * invited suppliers), that `shown` is on the page.
 */
export const pickFromSearch = async (
  scope: Page | Locator,
  combobox: string,
  typed: string,
  option: string | RegExp,
  shown?: Locator,
) => {
  const box = scope.getByRole('combobox', { name: combobox, exact: true })
  const wanted = pageOf(scope).getByRole('listbox').getByRole('option', { name: option }).first()
  await actUntil(
    async () => {
      await box.fill('')
      await box.pressSequentially(typed)
      // A list that never opened is typed again, not waited for until the test's end.
      await wanted.click({ timeout: 10_000 }).catch(() => undefined)
    },
    async () => (shown === undefined ? box.inputValue() : String(await shown.count())),
    (value) =>
      shown !== undefined
        ? value !== '0'
        : typeof option === 'string'
          ? value === option
          : option.test(value),
  )
}

/**
 * Types a date into a date field the way a person does: a click on its first segment, then the
 * digits in the reader's order (day, month, year for en-GB, fr-FR and es-ES).
 */
export const fillDate = async (scope: Page | Locator, label: string, iso: string) => {
  const [year, month, day] = iso.split('-')
  const field = scope.getByRole('group', { name: label, exact: true })
  await actUntil(
    async () => {
      await field.getByRole('spinbutton').first().click()
      await pageOf(scope).keyboard.type(`${day}${month}${year}`)
    },
    () => dateValue(scope, label),
    (value) => value === iso,
  )
}

/** The ISO date a date field shows, read from its day, month and year segments (in that order). */
export const dateValue = async (scope: Page | Locator, label: string) => {
  const segments = scope.getByRole('group', { name: label, exact: true }).getByRole('spinbutton')
  const [day, month, year] = await Promise.all(
    [0, 1, 2].map(async (n) => (await segments.nth(n).getAttribute('aria-valuenow')) ?? ''),
  )
  return `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`
}
