import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from './pg-cluster'

export const CLI = fileURLToPath(new URL('../../../cli/bin/procura.js', import.meta.url))
/** The compiled server `npm start` runs (built by `npm run build` or scripts/ensure-built.mjs --server). */
export const COMPILED_SERVER = fileURLToPath(new URL('../../dist/procura.mjs', import.meta.url))

export type ServeProcess = {
  url: string
  wsPort: number
  process: ChildProcess
  /** What the process wrote on stdout and stderr so far. */
  output: string[]
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop: () => Promise<void>
}

/**
 * A real `procura serve` process on free ports with the given environment (database, folders),
 * answered once `/bwapi/init-infos` does; fails with the process's output when it does not start.
 * A port found free and taken by another process before the server bound it is tried again on
 * other ports (three times at most): tests start servers side by side.
 */
export const startServeProcess = async (
  env: Record<string, string | undefined>,
  /** Options for node itself (for example `--cpu-prof` to profile the server). */
  nodeArgs: string[] = [],
  /** The command: the sources through tsx by default, or the compiled api/dist/procura.mjs. */
  command: string = CLI,
): Promise<ServeProcess> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(env, nodeArgs, command)
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error
    }
  }
}

const startOnce = async (
  env: Record<string, string | undefined>,
  nodeArgs: string[],
  command: string,
): Promise<ServeProcess> => {
  const [port, wsPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, [...nodeArgs, command, 'serve'], {
    env: { ...env, PORT: String(port), WS_PORT: String(wsPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout?.on('data', (chunk) => output.push(String(chunk)))
  child.stderr?.on('data', (chunk) => output.push(String(chunk)))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    await exited
  }
  const url = `http://127.0.0.1:${port}`
  // A first start on PostgreSQL seeds the demo's year before it answers: up to two minutes on a
  // busy machine.
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const ready = await fetch(`${url}/bwapi/init-infos`).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ready) return { url, wsPort, process: child, output, stop }
    if (child.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error(`The server did not start:\n${output.join('')}`)
}
