import type { Io } from './io'

/** An Io that records output and answers confirmations from a script. */
export const scriptedIo = (
  options: {
    env?: Record<string, string>
    interactive?: boolean
    answers?: boolean[]
    stopAfter?: Promise<unknown>
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
    untilStopped: async () => {
      await options.stopAfter
      return 'SIGINT'
    },
  }
  return { io, out, err }
}
