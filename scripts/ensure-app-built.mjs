#!/usr/bin/env node
// Builds the web app when app/dist is missing or older than its sources (app, ui-kit, core),
// so `npm start` on a fresh clone serves a built app and a second start skips the build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = join(root, 'app', 'dist', 'index.html')
const sources = ['app/src', 'app/index.html', 'app/public', 'app/vite.config.ts', 'ui-kit/src', 'core/src']

const newest = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
const sourcesAt = Math.max(...sources.map((s) => newest(join(root, s))))

if (builtAt >= sourcesAt) {
  console.log('Web app is up to date (app/dist).')
} else {
  console.log(
    builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed: rebuilding the web app…',
  )
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@procura/app'], {
    cwd: root,
    stdio: 'inherit',
  })
  process.exit(result.status ?? 1)
}
