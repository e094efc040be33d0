#!/usr/bin/env node
// Builds what is missing or older than its sources, so `npm start` on a fresh clone serves a
// built app from compiled JavaScript, and a second start skips both builds:
//   the web app (app/dist) from app, ui-kit and core;
//   with --server, the server (api/dist/procura.mjs, scripts/build-server.mjs) from cli, api,
//   core and fixtures; with --server-only, the server alone (the tests of the compiled server).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

const newest = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

/** Runs `command` when `built` is missing or older than any of `sources`; answers its exit status. */
const ensure = ({ what, built, sources, command }) => {
  const builtAt = existsSync(join(root, built)) ? statSync(join(root, built)).mtimeMs : 0
  const sourcesAt = Math.max(...sources.map((s) => newest(join(root, s))))
  if (builtAt >= sourcesAt) {
    console.log(`${what[0]?.toUpperCase()}${what.slice(1)} is up to date (${built}).`)
    return 0
  }
  console.log(builtAt === 0 ? `Building ${what} (first start)…` : `Sources changed: rebuilding ${what}…`)
  const [program, ...args] = command
  return spawnSync(program, args, { cwd: root, stdio: 'inherit' }).status ?? 1
}

const serverOnly = process.argv.includes('--server-only')
const app = serverOnly
  ? 0
  : ensure({
      what: 'the web app',
      built: 'app/dist/index.html',
      sources: ['app/src', 'app/index.html', 'app/public', 'app/vite.config.ts', 'ui-kit/src', 'core/src'],
      command: ['npm', 'run', 'build', '--workspace', '@procura/app'],
    })
if (app !== 0) process.exit(app)
if (serverOnly || process.argv.includes('--server'))
  process.exit(
    ensure({
      what: 'the server',
      built: 'api/dist/procura.mjs',
      sources: ['cli/src', 'api/src', 'core/src', 'fixtures/src', 'scripts/build-server.mjs'],
      command: [process.execPath, 'scripts/build-server.mjs'],
    }),
  )
