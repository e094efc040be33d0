import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const biome = fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url))

/**
 * Lints `source` written to a throw-away file inside the folder of `path` (so the folder's
 * rules apply), through the repository's Biome config.
 */
const lint = (path: string, source: string) => {
  const dir = mkdtempSync(join(root, path.split('/').slice(0, 2).join('/'), 'lint-probe-'))
  const file = join(dir, 'probe.ts')
  try {
    writeFileSync(file, source)
    return spawnSync(biome, ['lint', '--vcs-use-ignore-file=false', relative(root, file)], {
      cwd: root,
      encoding: 'utf8',
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test.each([
  ["import { readFileSync } from 'node:fs'", 'core has no I/O'],
  ["import { readFileSync } from 'fs'", 'core has no I/O'],
  ["import { eq } from 'drizzle-orm'", 'core has no database'],
  ["import { Hono } from 'hono'", 'core has no HTTP'],
  ["import { useState } from 'react'", 'core has no UI'],
  ["import { createApp } from '@procura/api/app'", 'core imports nothing of ours'],
])('core refuses %s', (line, message) => {
  const result = lint('core/src/money/money.ts', `${line}\nexport const x = 1\n`)
  expect(result.status).not.toBe(0)
  expect(result.stdout + result.stderr).toContain(message)
})

test('core may not read process.env', () => {
  const result = lint('core/src/settings/x.ts', 'export const port = process.env.PORT\n')
  expect(result.status).not.toBe(0)
  expect(result.stdout + result.stderr).toContain('noProcessEnv')
})

test('the same imports are fine outside core', () => {
  const result = lint(
    'api/src/x.ts',
    "import { readFileSync } from 'node:fs'\nexport const read = readFileSync\n",
  )
  expect(result.status, result.stdout + result.stderr).toBe(0)
})

test('core may import its own libraries', () => {
  const result = lint(
    'core/src/money/x.ts',
    "import Decimal from 'decimal.js'\nexport const one = new Decimal(1)\n",
  )
  expect(result.status, result.stdout + result.stderr).toBe(0)
})
