import { systemClock } from '@procura/api/clock'
import { getMaintenance, setMaintenance } from '@procura/api/services/maintenance'
import { translate } from '@procura/core/errors'
import type { Maintenance } from '@procura/core/settings'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

const describe = (m: Maintenance) =>
  m.enabled
    ? `Maintenance mode is ON${m.retry_after === null ? '' : ` (clients retry in ${m.retry_after} s)`}${m.message ? `: ${m.message}` : ''}.`
    : 'Maintenance mode is off.'

export const registerMaintenance = (program: Command, io: Io, setExit: (code: number) => void) => {
  const maintenance = program
    .command('maintenance')
    .description('Turn maintenance mode on or off: while on, the API answers 503 with Retry-After')

  /** Applies a change and reports it, or prints each refused option and exits 1. */
  const change = (options: { database?: string }, input: unknown) =>
    withDatabase(databaseUrl(io, options.database), async (db) => {
      const result = await setMaintenance(db, systemClock, input)
      if (!result.ok) {
        for (const [field, issues] of Object.entries(result.error.fields ?? {})) {
          for (const issue of issues)
            io.err(`--${field.replace('_', '-')}: ${translate(issue.code, issue.params, 'en')}`)
        }
        return setExit(EXIT.failure)
      }
      io.out(describe(result.value))
      setExit(EXIT.ok)
    })

  maintenance
    .command('on')
    .description('Turn maintenance mode on')
    .option('--retry-after <seconds>', 'seconds clients should wait before retrying')
    .option('--message <text>', 'extra message shown on the 503 page')
    .option(...DATABASE_OPTION)
    .action((options: { retryAfter?: string; message?: string; database?: string }) =>
      change(options, {
        enabled: true,
        retry_after: options.retryAfter === undefined ? null : Number(options.retryAfter),
        message: options.message ?? null,
      }),
    )

  maintenance
    .command('off')
    .description('Turn maintenance mode off')
    .option(...DATABASE_OPTION)
    .action((options: { database?: string }) => change(options, { enabled: false }))

  maintenance
    .command('status')
    .description('Say whether maintenance mode is on')
    .option(...DATABASE_OPTION)
    .action((options: { database?: string }) =>
      withDatabase(databaseUrl(io, options.database), async (db) => {
        io.out(describe(await getMaintenance(db)))
        setExit(EXIT.ok)
      }),
    )
}
