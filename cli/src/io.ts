import { confirm } from '@inquirer/prompts'

/** Everything a command touches outside itself, so tests run commands in-process. */
export type Io = {
  out: (line: string) => void
  err: (line: string) => void
  env: Record<string, string | undefined>
  interactive: boolean
  confirm: (message: string) => Promise<boolean>
  /** A long job's progress: one line redrawn in place on a terminal, a line each time otherwise. */
  progress: (line: string) => void
  /** Resolves when the user asks the process to stop (Ctrl-C, SIGTERM). */
  untilStopped: () => Promise<string>
}

export const processIo = (): Io => ({
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  progress: (line) =>
    process.stderr.isTTY ? process.stderr.write(`\r\x1b[2K${line}`) : process.stderr.write(`${line}\n`),
  confirm: (message) => confirm({ message, default: false }),
  untilStopped: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    }),
})

/** Exit codes: 0 done, 1 refused or failed, 2 the command line itself is wrong. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const
