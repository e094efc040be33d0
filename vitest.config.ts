import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/** One project per workspace; `npm test` runs all but e2e, `npm run test:e2e` runs e2e. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'core', environment: 'node' } },
      { test: { name: 'fixtures', root: 'fixtures', environment: 'node' } },
      { test: { name: 'api', root: 'api', environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 } },
      {
        // `npm run test:pg`: the same API and service suites on a real PostgreSQL server.
        test: {
          name: 'api-pg',
          root: 'api',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./src/testing/pg-global-setup.ts'],
        },
      },
      { test: { name: 'cli', root: 'cli', environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'tooling', root: 'scripts', environment: 'node', testTimeout: 30_000 } },
      {
        plugins: [react()],
        test: { name: 'ui-kit', root: 'ui-kit', environment: 'jsdom', setupFiles: ['./vitest.setup.ts'] },
      },
      {
        plugins: [react()],
        test: { name: 'app', root: 'app', environment: 'jsdom', setupFiles: ['./vitest.setup.ts'] },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
