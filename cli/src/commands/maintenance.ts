import { systemClock } from '@procura/api/clock'
import { migrateDatabase, openDatabase } from '@procura/api/db'
import { getMaintenance, setMaintenance } from '@procura/api/services/maintenance'
import { translate } from '@procura/core/errors'
import type { Command } from 'commander'
import { EXIT, type Io } from '../io'

const describe = (m: Awaited<ReturnType<typeof getMaintenance>>) =>
  m.enabled
    ? `Maintenance mode is ON${m.retry_after === null ? '' : ` (clients retry in ${m.retry_after} s)`}${m.message ? `: ${m.message}` : ''}.`
    : 'Maintenance mode is off.'

export const registerMaintenance = (program: Command, io: Io, setExit: (code: number) => void) => {
  const maintenance = program
    .command('maintenance')
    .description('Turn maintenance mode on or off: while on, the API answers 503 with Retry-After')
  const open = async (url: string | undefined) => {
    const database = await openDatabase(url ?? io.env.PROCURA_DATABASE_URL ?? 'file:./data/procura.db')
    await migrateDatabase(database.db)
    return database
  }
  const databaseOption = ['--database <url>', 'database URL (env PROCURA_DATABASE_URL)'] as const

  maintenance
    .command('on')
    .description('Turn maintenance mode on')
    .option('--retry-after <seconds>', 'seconds clients should wait before retrying')
    .option('--message <text>', 'extra message shown on the 503 page')
    .option(...databaseOption)
    .action(async (options: { retryAfter?: string; message?: string; database?: string }) => {
      const database = await open(options.database)
      try {
        const result = await setMaintenance(database.db, systemClock, {
          enabled: true,
          retry_after: options.retryAfter === undefined ? null : Number(options.retryAfter),
          message: options.message ?? null,
        })
        if (!result.ok) {
          for (const [field, issues] of Object.entries(result.error.fields ?? {})) {
            for (const issue of issues)
              io.err(`--${field.replace('_', '-')}: ${translate(issue.code, issue.params, 'en')}`)
          }
          return setExit(EXIT.failure)
        }
        io.out(describe(result.value))
        setExit(EXIT.ok)
      } finally {
        database.close()
      }
    })

  maintenance
    .command('off')
    .description('Turn maintenance mode off')
    .option(...databaseOption)
    .action(async (options: { database?: string }) => {
      const database = await open(options.database)
      try {
        const result = await setMaintenance(database.db, systemClock, { enabled: false })
        if (result.ok) io.out(describe(result.value))
        setExit(result.ok ? EXIT.ok : EXIT.failure)
      } finally {
        database.close()
      }
    })

  maintenance
    .command('status')
    .description('Say whether maintenance mode is on')
    .option(...databaseOption)
    .action(async (options: { database?: string }) => {
      const database = await open(options.database)
      try {
        io.out(describe(await getMaintenance(database.db)))
        setExit(EXIT.ok)
      } finally {
        database.close()
      }
    })
}
