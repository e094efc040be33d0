#!/usr/bin/env node
// Development: the API server (port 8080) and Vite's dev server (5173, proxying the API) together.
// Open http://localhost:5173/app/. Ctrl-C stops both.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const children = [
  spawn('node', ['cli/bin/procura.js', 'serve'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@procura/app'], { cwd: root, stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGINT')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      stop()
      process.exitCode = code
    }
  })
