import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * A Vitest reporter: each test file's wall time (environment, imports, setup files, hooks and
 * tests), written as JSON to the file named by PROCURA_TEST_TIMINGS for `.ci/run` to list the
 * slowest files (scripts/test-report.mjs). Vitest's JSON report counts only the tests' own time.
 */
export default class TestTimings implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]) {
    const file = process.env.PROCURA_TEST_TIMINGS
    if (file === undefined) return
    const rows = modules.map((module) => {
      const d = module.diagnostic()
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration
      return {
        project: module.project.name,
        file: relative(process.cwd(), module.moduleId),
        seconds: Math.round(ms) / 1000,
        state: module.state(),
      }
    })
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`)
  }
}
