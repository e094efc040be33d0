import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '@procura/api/config'
import { memoryLogger } from '@procura/api/logger'
import { type RunningServer, startServer } from '@procura/api/server'
import { type Browser, chromium } from 'playwright-core'

export const CHROMIUM = process.env.PROCURA_CHROMIUM ?? '/usr/bin/chromium'

/** Where screenshots go: test-results/ at the repository root (ignored by git). */
export const OUTPUT = fileURLToPath(new URL('../test-results/', import.meta.url))

/** Debian's Chromium, headless, with the flags this closed network needs. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })

export type TestServer = RunningServer & { dir: string; stop: () => Promise<void> }

/**
 * The real server, as `npm start` runs it, on free ports over a fresh SQLite file seeded with
 * the demo dataset, serving the built app (app/dist).
 */
export const startTestServer = async (env: Record<string, string> = {}): Promise<TestServer> => {
  const dir = mkdtempSync(join(tmpdir(), 'procura-e2e-'))
  const config = loadConfig({
    PORT: '0',
    WS_PORT: '0',
    PROCURA_DATABASE_URL: `file:${join(dir, 'procura.db')}`,
    ...env,
  })
  const server = await startServer(config, { logger: memoryLogger(), host: '127.0.0.1' })
  mkdirSync(OUTPUT, { recursive: true })
  return {
    ...server,
    dir,
    stop: async () => {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
