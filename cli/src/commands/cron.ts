import { systemClock } from '@procura/api/clock'
import { loadConfig } from '@procura/api/config'
import { createMailer } from '@procura/api/mail/mailer'
import { CRON_NAMES, CRONS, type CronName, runCrons } from '@procura/api/services/crons'
import { instanceMailRoute } from '@procura/api/services/settings'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

export const registerCron = (program: Command, io: Io, setExit: (code: number) => void) => {
  const cron = program
    .command('cron')
    .description('Scheduled jobs: the server runs them hourly; run them now from here')

  cron
    .command('list')
    .description('List the scheduled jobs')
    .action(() => {
      for (const name of CRON_NAMES) io.out(`${name}\t${CRONS[name].description}`)
      setExit(EXIT.ok)
    })

  cron
    .command('run')
    .description('Run the named jobs now (all when none is named)')
    .argument('[names...]', `jobs to run: ${CRON_NAMES.join(', ')}`)
    .option(...DATABASE_OPTION)
    .action((names: string[], options: { database?: string }) => {
      const unknown = names.filter((n) => !(CRON_NAMES as string[]).includes(n))
      if (unknown.length > 0) {
        io.err(`Unknown job: ${unknown.join(', ')}. Jobs: ${CRON_NAMES.join(', ')}.`)
        return setExit(EXIT.usage)
      }
      return withDatabase(databaseUrl(io, options.database), async (db) => {
        // Mail goes where the server sends it (SMTP_URL, else the settings' server, else the outbox folder).
        const config = loadConfig(process.env)
        const mailer = createMailer({
          smtpUrl: config.smtpUrl,
          outboxDir: config.outboxDir,
          route: () => instanceMailRoute(db),
        })
        const results = await runCrons(
          {
            db,
            clock: systemClock,
            mailer,
            databaseUrl: databaseUrl(io, options.database),
            storageDir: config.storageDir,
          },
          names.length === 0 ? CRON_NAMES : (names as CronName[]),
        )
        for (const [name, changed] of Object.entries(results)) io.out(`${name}: ${changed} changed`)
        setExit(EXIT.ok)
      })
    })
}
