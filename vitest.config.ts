import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * One project per workspace; `npm test` runs all but e2e, api-pg and cli-pg, `npm run test:pg`
 * runs api-pg and cli-pg, `npm run test:e2e` runs e2e. docs/testing.md says how the suite is arranged and timed.
 *
 * - Two workers: Vitest's default is one less than the cores, one worker on a 2-core machine.
 * - No per-file module isolation (each file imports the modules once per worker instead of once
 *   per file): no project holds state between files that a test relies on. The React projects
 *   share one jsdom document per worker: testing-library unmounts after each test, globals are
 *   unstubbed by the files that stub them, and their tests drive the page with one user-event
 *   (storybook/test's — a second copy patching the same document loses React's input events).
 * - API, CLI and browser tests start from databases built once per run (test-fixtures.ts).
 * - Timeouts sized for a busy 2-core machine: a test waits for a state, never for a time.
 */
const FIXTURES = '../api/src/testing/fixtures-global-setup.ts'
/** expect.poll keeps asking for 20 s (its default, 1 s, is a fixed wait on a busy machine). */
const POLL = { poll: { timeout: 20_000 } }
/** API test files that never open the test database (pure code, or SQLite files of their own). */
const SQLITE_ONLY = [
  'src/compiled-server.test.ts',
  'src/config.test.ts',
  'src/db/pg-schema.test.ts',
  'src/db/serialise.test.ts',
  'src/db/unique.test.ts',
  'src/http/problem.test.ts',
  'src/routes/web-app.test.ts',
  'src/server.test.ts',
  'src/services/invoices/cdar.test.ts',
  'src/services/invoices/e-invoice.test.ts',
  'src/services/payments/sepa-validate.test.ts',
]
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', root: 'core', environment: 'node', isolate: false } },
      { test: { name: 'fixtures', root: 'fixtures', environment: 'node', isolate: false } },
      {
        test: {
          name: 'api',
          root: 'api',
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: POLL,
          globalSetup: [FIXTURES],
        },
      },
      {
        // `npm run test:pg`: the same API and service suites on a real PostgreSQL server, but
        // for the files that never open the test database (they would only run again).
        test: {
          name: 'api-pg',
          root: 'api',
          environment: 'node',
          isolate: false,
          testTimeout: 45_000,
          hookTimeout: 60_000,
          expect: POLL,
          // The SQLite fixtures too: db/copy.test.ts moves the demo year from SQLite.
          globalSetup: [FIXTURES, './src/testing/pg-global-setup.ts'],
          exclude: ['**/node_modules/**', ...SQLITE_ONLY],
        },
      },
      {
        test: {
          name: 'cli',
          root: 'cli',
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: [FIXTURES],
        },
      },
      {
        // The command line's imports and exports, first run and file moves again, on PostgreSQL (`npm run test:pg`).
        test: {
          name: 'cli-pg',
          root: 'cli',
          environment: 'node',
          isolate: false,
          testTimeout: 45_000,
          hookTimeout: 60_000,
          include: ['src/import.test.ts', 'src/export.test.ts', 'src/init.test.ts', 'src/files.test.ts'],
          globalSetup: [FIXTURES, '../api/src/testing/pg-global-setup.ts'],
        },
      },
      {
        test: { name: 'tooling', root: 'scripts', environment: 'node', isolate: false, testTimeout: 30_000 },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui-kit',
          root: 'ui-kit',
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'app',
          root: 'app',
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Two browser files at a time, each with its own server process, ports, database and Chromium.
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Each file's server is a process of its own (the compiled server): nothing to isolate.
          isolate: false,
          expect: POLL,
          globalSetup: ['./fixtures-global-setup.ts'],
        },
      },
    ],
  },
})
