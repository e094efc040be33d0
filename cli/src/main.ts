import { Command, CommanderError } from 'commander'
import { registerCron } from './commands/cron'
import { registerDb } from './commands/db'
import { registerExport } from './commands/export'
import { registerFiles } from './commands/files'
import { registerImport } from './commands/import'
import { registerInit } from './commands/init'
import { registerMaintenance } from './commands/maintenance'
import { registerServe } from './commands/serve'
import { EXIT, type Io, processIo } from './io'

export const buildProgram = (io: Io, setExit: (code: number) => void) => {
  const program = new Command('procura')
    .description('Procura: procure-to-pay from the command line')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride()
  registerInit(program, io, setExit)
  registerServe(program, io, setExit)
  registerDb(program, io, setExit)
  registerMaintenance(program, io, setExit)
  registerCron(program, io, setExit)
  registerExport(program, io, setExit)
  registerImport(program, io, setExit)
  registerFiles(program, io, setExit)
  for (const command of program.commands) command.exitOverride()
  for (const command of program.commands.flatMap((c) => c.commands)) command.exitOverride()
  return program
}

/** Runs the command line and answers the exit code: 0 done, 1 refused or failed, 2 usage. */
export const main = async (argv: string[], io: Io = processIo()): Promise<number> => {
  let exitCode: number = EXIT.ok
  const program = buildProgram(io, (code) => {
    exitCode = code
  })
  if (argv.length <= 2) {
    program.outputHelp()
    return EXIT.usage
  }
  try {
    await program.parseAsync(argv)
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      const done = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)
      return done ? EXIT.ok : EXIT.usage
    }
    io.err(`procura: ${error instanceof Error ? error.message : String(error)}`)
    return EXIT.failure
  }
}
