import { confirm } from '@inquirer/prompts'

/** Everything a command touches outside itself, so tests run commands in-process. */
export type Io = {
  out: (line: string) => void
  err: (line: string) => void
  env: Record<string, string | undefined>
  interactive: boolean
  confirm: (message: string) => Promise<boolean>
  /** Resolves when the user asks the process to stop (Ctrl-C, SIGTERM). */
  untilStopped: () => Promise<string>
}

export const processIo = (): Io => ({
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  confirm: (message) => confirm({ message, default: false }),
  untilStopped: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    }),
})

/** Exit codes: 0 done, 1 refused or failed, 2 the command line itself is wrong. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const
