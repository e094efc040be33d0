#!/usr/bin/env node
// The procura command. Runs the TypeScript sources directly through tsx, so a fresh clone
// needs no build step: `npx procura --help` works right after `npm ci`.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/main.ts')
process.exitCode = await main(process.argv)
