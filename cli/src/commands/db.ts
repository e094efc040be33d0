import { rmSync } from 'node:fs'
import { systemClock } from '@procura/api/clock'
import { loadConfig } from '@procura/api/config'
import { databaseFile } from '@procura/api/db'
import { copyDatabase } from '@procura/api/db/copy'
import { seedDemo } from '@procura/api/demo/seed-demo'
import {
  backupDatabase,
  backupFileName,
  OperationRefused,
  restoreBackup,
  verifyBackup,
  verifyDatabase,
} from '@procura/api/services/operations/backup'
import { seedReference } from '@procura/api/services/seed'
import { demoHistory } from '@procura/fixtures/history'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

/** Seeds the demo: the organisation and catalogue, then (unless `base`) a year of history. */
const seed = async (io: Io, url: string, base: boolean) => {
  const { storageDir } = loadConfig(io.env)
  const result = await withDatabase(url, async (db) => {
    await seedReference(db)
    return seedDemo(db, systemClock, undefined, undefined, base ? null : { plan: demoHistory(), storageDir })
  })
  io.out(
    result.seeded
      ? `Demo dataset seeded: ${result.companies} companies, ${result.users} users, ${result.needs} requests, ${result.orders} orders (password Demo1234!).`
      : 'The database already has users: nothing was seeded (seeding never overwrites data).',
  )
}

const BASE_OPTION = [
  '--base',
  'seed only the organisation, users and catalogue, without the year of requests and orders',
] as const

export const registerDb = (program: Command, io: Io, setExit: (code: number) => void) => {
  const db = program.command('db').description('Create, migrate, seed or reset the database')
  db.command('migrate')
    .description('Create the database if needed and apply pending migrations')
    .option(...DATABASE_OPTION)
    .action(async (options: { database?: string }) => {
      const url = databaseUrl(io, options.database)
      await withDatabase(url, async () => undefined)
      io.out(`Database is up to date: ${url}`)
      setExit(EXIT.ok)
    })

  db.command('seed')
    .description('Migrate, then seed reference data and, into an empty database, the demo dataset')
    .option(...DATABASE_OPTION)
    .option(...BASE_OPTION)
    .action(async (options: { database?: string; base?: boolean }) => {
      await seed(io, databaseUrl(io, options.database), options.base === true)
      setExit(EXIT.ok)
    })

  db.command('copy')
    .description('Copy every row into an empty database, keeping ids (SQLite to PostgreSQL, or back)')
    .requiredOption('--from <url>', 'the database to copy: file:… or postgres://…')
    .requiredOption('--to <url>', 'the empty database to fill (migrated first)')
    .action(async (options: { from: string; to: string }) => {
      try {
        const copied = await copyDatabase(options.from, options.to, (p) =>
          io.out(`${p.table}: ${p.rows} rows`),
        )
        io.out(
          `Copied ${copied.reduce((sum, c) => sum + c.rows, 0)} rows in ${copied.length} tables to ${options.to}.`,
        )
        setExit(EXIT.ok)
      } catch (error) {
        io.err(
          `Copy failed: ${(error as Error).message} (the source is untouched; empty the target before trying again).`,
        )
        setExit(EXIT.failure)
      }
    })

  /** A refusal said plainly (exit 1); anything else is a bug and thrown on. */
  const refused = (error: unknown) => {
    if (!(error instanceof OperationRefused)) throw error
    io.err(error.message)
    setExit(EXIT.failure)
  }

  db.command('backup')
    .description(
      'Write one archive with a consistent copy of the database and every stored file, while the server runs',
    )
    .option(...DATABASE_OPTION)
    .option('-o, --output <file>', 'the archive to write (default procura-<date>-<time>.tar.gz here)')
    .action(async (options: { database?: string; output?: string }) => {
      const now = systemClock.now()
      const output = options.output ?? backupFileName(now)
      try {
        const manifest = await backupDatabase({
          url: databaseUrl(io, options.database),
          storageDir: loadConfig(io.env).storageDir,
          output,
          now,
        })
        const rows = Object.values(manifest.row_counts).reduce((sum, n) => sum + n, 0)
        io.out(
          `Backup written to ${output}: ${rows} rows in ${Object.keys(manifest.row_counts).length} tables, ${manifest.files.length} files, migration level ${manifest.migrations.applied}.`,
        )
        setExit(EXIT.ok)
      } catch (error) {
        refused(error)
      }
    })

  db.command('verify')
    .description(
      'Check a backup archive (its files and database), or a database itself (its URL, or --database)',
    )
    .argument(
      '[file]',
      'a backup archive, or a database URL (file:… or postgres://…); without it, --database',
    )
    .option(...DATABASE_OPTION)
    .action(async (file: string | undefined, options: { database?: string }) => {
      try {
        const { problems } =
          file === undefined || /^(file|postgres(ql)?):/.test(file)
            ? await verifyDatabase(file ?? databaseUrl(io, options.database))
            : await verifyBackup(file)
        for (const problem of problems) io.err(problem)
        if (problems.length === 0)
          io.out(`${file ?? databaseUrl(io, options.database)} verifies: nothing wrong found.`)
        setExit(problems.length === 0 ? EXIT.ok : EXIT.failure)
      } catch (error) {
        refused(error)
      }
    })

  db.command('restore')
    .description('Restore a backup into an empty database and an empty storage folder (verified first)')
    .argument('<file>', 'the backup archive')
    .requiredOption('--to <url>', 'the empty database to restore into: file:… or postgres://…')
    .option('--storage <dir>', 'the empty folder for the stored files (env PROCURA_STORAGE_DIR)')
    .option('--via <url>', 'a PostgreSQL backup into SQLite: the empty PostgreSQL database it goes through')
    .action(async (file: string, options: { to: string; storage?: string; via?: string }) => {
      try {
        const { manifest } = await restoreBackup({
          file,
          to: options.to,
          storageDir: options.storage ?? loadConfig(io.env).storageDir,
          ...(options.via === undefined ? {} : { via: options.via }),
        })
        io.out(
          `Restored the backup of ${manifest.created_at} into ${options.to} (${manifest.files.length} files).`,
        )
        setExit(EXIT.ok)
      } catch (error) {
        refused(error)
      }
    })

  db.command('reset')
    .description('Delete the database file, recreate it and seed the demo dataset (asks for confirmation)')
    .option(...DATABASE_OPTION)
    .option('-y, --yes', 'do not ask for confirmation (for scripts)')
    .option('--no-seed', 'leave the new database empty')
    .option(...BASE_OPTION)
    .action(async (options: { database?: string; yes?: boolean; seed: boolean; base?: boolean }) => {
      const url = databaseUrl(io, options.database)
      const file = databaseFile(url)
      if (file === null) {
        io.err(`Only a file database can be reset (got ${url}).`)
        return setExit(EXIT.failure)
      }
      if (!options.yes) {
        if (!io.interactive) {
          io.err('Refusing to reset without confirmation: run again with --yes to delete every record.')
          return setExit(EXIT.failure)
        }
        if (!(await io.confirm(`Delete every record in ${file}? This cannot be undone.`))) {
          io.out('Nothing was changed.')
          return setExit(EXIT.failure)
        }
      }
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true })
      io.out(`Deleted ${file}.`)
      if (options.seed) await seed(io, url, options.base === true)
      else await withDatabase(url, async () => io.out(`Empty database created: ${url}`))
      setExit(EXIT.ok)
    })
}
