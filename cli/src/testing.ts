import { type Io, inquirerPrompts, type Prompts } from './io'

/** An Io that records output and answers confirmations from a script. */
export const scriptedIo = (
  options: {
    env?: Record<string, string>
    interactive?: boolean
    answers?: boolean[]
    stopAfter?: Promise<unknown>
    /** The prompts an interactive command asks (default: inquirer's, on the terminal). */
    ask?: Prompts
  } = {},
) => {
  const out: string[] = []
  const err: string[] = []
  const answers = [...(options.answers ?? [])]
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: (line) => err.push(line),
    env: options.env ?? {},
    interactive: options.interactive ?? false,
    confirm: async () => answers.shift() ?? false,
    ask: options.ask ?? inquirerPrompts(),
    untilStopped: async () => {
      await options.stopAfter
      return 'SIGINT'
    },
  }
  return { io, out, err }
}
