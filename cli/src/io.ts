import { confirm, input, password, select } from '@inquirer/prompts'

/** Everything a command touches outside itself, so tests run commands in-process. */
export type Io = {
  out: (line: string) => void
  err: (line: string) => void
  env: Record<string, string | undefined>
  interactive: boolean
  confirm: (message: string) => Promise<boolean>
  /** The questions of an interactive command (`procura init`): inquirer's prompts on the terminal. */
  ask: Prompts
  /** A long job's progress: one line redrawn in place on a terminal, a line each time otherwise. */
  progress: (line: string) => void
  /** Resolves when the user asks the process to stop (Ctrl-C, SIGTERM). */
  untilStopped: () => Promise<string>
}

/** Where inquirer reads and writes (the terminal when undefined). */
type Context = Parameters<typeof input>[1]

type Validate = (value: string) => true | string

export type Prompts = {
  text: (question: { message: string; default?: string; validate?: Validate }) => Promise<string>
  secret: (question: { message: string; validate?: Validate }) => Promise<string>
  choose: (question: {
    message: string
    choices: readonly { value: string; name: string }[]
    default?: string
  }) => Promise<string>
  yesNo: (question: { message: string; default: boolean }) => Promise<boolean>
}

/**
 * inquirer's prompts, on the terminal or (tests) on the streams `context` gives each prompt (a
 * prompt ends its output stream when it is answered).
 */
export const inquirerPrompts = (context: () => Context = () => undefined): Prompts => ({
  text: (q) => input({ message: q.message, default: q.default, validate: q.validate }, context()),
  secret: (q) => password({ message: q.message, mask: '*', validate: q.validate }, context()),
  choose: (q) => select({ message: q.message, choices: q.choices, default: q.default }, context()),
  yesNo: (q) => confirm({ message: q.message, default: q.default }, context()),
})

export const processIo = (): Io => ({
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  progress: (line) =>
    process.stderr.isTTY ? process.stderr.write(`\r\x1b[2K${line}`) : process.stderr.write(`${line}\n`),
  confirm: (message) => confirm({ message, default: false }),
  ask: inquirerPrompts(),
  untilStopped: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    }),
})

/** Exit codes: 0 done, 1 refused or failed, 2 the command line itself is wrong. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const
