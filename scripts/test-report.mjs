#!/usr/bin/env node
// After .ci/run's test steps: the counts of every run (Vitest's JSON reports) as one closing line,
// and the ten slowest test files (the timings scripts/test-timings.ts wrote). Exits 1 when a test
// failed or none ran.
//   node scripts/test-report.mjs test-results/unit test-results/pg test-results/e2e
import { existsSync, readFileSync } from 'node:fs'

const runs = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0
const files = []
for (const run of runs) {
  const report = JSON.parse(readFileSync(`${run}.json`, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + report.numTodoTests
  if (existsSync(`${run}-timings.json`))
    files.push(...JSON.parse(readFileSync(`${run}-timings.json`, 'utf8')))
}
console.log('== the ten slowest test files (wall time: imports, setup, hooks and tests)')
for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
  console.log(`${file.seconds.toFixed(1).padStart(7)} s  ${file.project.padEnd(7)} ${file.file}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
if (passed === 0 || failed > 0) process.exit(1)
