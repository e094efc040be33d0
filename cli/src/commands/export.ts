import { writeFile } from 'node:fs/promises'
import { systemClock } from '@procura/api/clock'
import type { Db } from '@procura/api/db'
import { commandLineActor } from '@procura/api/services/auth/session'
import { exportSepa, findPaymentGroup, sepaExportFile } from '@procura/api/services/payments/sepa-export'
import { translate } from '@procura/core/errors'
import { isSepaFormat, SEPA_FORMATS } from '@procura/core/payment'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

type SepaOptions = {
  group: string
  format: string
  output?: string
  as?: string
  again?: boolean
  database?: string
}

/** Writes the file, or prints it when no output file is given (for a pipe). */
const deliver = async (io: Io, output: string | undefined, file: string, summary: string) => {
  if (output === undefined || output === '-') io.out(file.trimEnd())
  else {
    await writeFile(output, file, 'utf8')
    io.err(`${summary} → ${output}`)
  }
}

const sepa = async (io: Io, db: Db, options: SepaOptions): Promise<number> => {
  const actor = await commandLineActor(db, options.as)
  if (actor === null) {
    io.err(
      options.as === undefined
        ? 'No active administrator to act as: name one with --as LOGIN.'
        : `No active user "${options.as}": check the login given to --as.`,
    )
    return EXIT.failure
  }
  const group = await findPaymentGroup(db, options.group)
  if (group === undefined) {
    io.err(`No payment group "${options.group}": give its number (PAY-…) or its id.`)
    return EXIT.failure
  }
  const deps = { db, clock: systemClock }
  if (options.again === true) {
    const latest = group.latest_export
    const file = latest === null ? null : await sepaExportFile(deps, actor, group.id, latest)
    if (file === null || !file.ok) {
      io.err(`Payment group ${group.code} has no SEPA file yet: run without --again to make one.`)
      return EXIT.failure
    }
    await deliver(io, options.output, file.value.file, `${file.value.name}`)
    return EXIT.ok
  }
  const made = await exportSepa(deps, actor, group.id, { format: options.format })
  if (!made.ok) {
    io.err(translate(made.error.code, made.error.params, 'en'))
    return EXIT.failure
  }
  const file = await sepaExportFile(deps, actor, group.id, made.value.data.id)
  if (!file.ok) return EXIT.failure
  const { message_id, line_count, control_sum } = made.value.data
  await deliver(
    io,
    options.output,
    file.value.file,
    `${message_id}: ${line_count} transfer(s), ${control_sum} ${group.currency_code}, pain.001.001.${options.format}`,
  )
  return EXIT.ok
}

export const registerExport = (program: Command, io: Io, setExit: (code: number) => void) => {
  const exportCommand = program.command('export').description('Files for the bank and for accounting')
  exportCommand
    .command('sepa')
    .description(
      "A payment group's validated payments as a SEPA credit-transfer file (checked against the official schema; its lines become planified)",
    )
    .requiredOption('--group <id>', 'the payment group: its number (PAY-…) or its id')
    .option('--format <version>', `pain.001.001 version: ${SEPA_FORMATS.join(' or ')}`, '09')
    .option('-o, --output <file>', 'write the file here (default: standard output)')
    .option('--as <login>', 'act as this user (default: the first active administrator)')
    .option('--again', 'write the latest file made for the group again, without a new export')
    .option(...DATABASE_OPTION)
    .action(async (options: SepaOptions) => {
      if (!isSepaFormat(options.format)) {
        io.err(`Unknown format "${options.format}": use ${SEPA_FORMATS.join(' or ')}.`)
        return setExit(EXIT.usage)
      }
      setExit(await withDatabase(databaseUrl(io, options.database), (db) => sepa(io, db, options)))
    })
}
