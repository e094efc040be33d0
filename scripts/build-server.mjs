#!/usr/bin/env node
// Compiles the server and the command line (cli, api, core, fixtures: TypeScript) into one ES
// module, api/dist/procura.mjs, with rolldown; the npm packages stay outside (node_modules).
// The files the server reads beside its code — migrations, SEPA schemas, the validation worker —
// are copied next to it, where its `new URL(…, import.meta.url)` finds them.
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const root = fileURLToPath(new URL('..', import.meta.url))
// In the api workspace, so that its own node_modules resolve (drizzle-orm is installed there).
const out = join(root, 'api', 'dist')
const started = performance.now()
rmSync(out, { recursive: true, force: true })
await build({
  input: join(root, 'cli', 'src', 'bin.ts'),
  platform: 'node',
  cwd: root,
  // Our workspaces are compiled in; every npm package is imported from node_modules at run time.
  external: (id) =>
    !(id.startsWith('.') || id.startsWith('/') || id.startsWith('@procura/') || id.startsWith('\0')),
  // Lazily imported modules become chunks beside it, in the same folder (the same relative paths).
  output: {
    dir: out,
    entryFileNames: 'procura.mjs',
    chunkFileNames: '[name]-[hash].mjs',
    format: 'esm',
    sourcemap: true,
  },
  logLevel: 'warn',
})
const api = join(root, 'api', 'src')
for (const [from, to] of [
  ['db/migrations', 'migrations'],
  ['db/migrations-pg', 'migrations-pg'],
  ['services/payments/sepa-schemas', 'sepa-schemas'],
  ['services/payments/sepa-validator-worker.mjs', 'sepa-validator-worker.mjs'],
]) {
  mkdirSync(out, { recursive: true })
  // The migrator reads the journal and the SQL; drizzle-kit's snapshots stay in the sources.
  cpSync(join(api, from), join(out, to), {
    recursive: true,
    filter: (path) => !path.endsWith('_snapshot.json'),
  })
}
console.log(`Server compiled to api/dist/procura.mjs in ${Math.round(performance.now() - started)} ms.`)
