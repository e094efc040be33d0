import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { create, extract } from 'tar'
import { type Database, databaseFile, migrateDatabase, openDatabase } from '../../db'
import { copyDatabase } from '../../db/copy'
import { migrationLevel } from '../../db/migration-level'
import { runDataCheck } from '../data-check'
import { filesUnder, storedFileProblems } from './file-moves'

/** What a backup archive says of itself (manifest.json, first in the archive). */
export type BackupManifest = {
  format: 'procura-backup/1'
  created_at: string
  engine: Database['engine']
  /** The database's copy in the archive: a SQLite file, or PostgreSQL's custom-format dump. */
  database: 'procura.db' | 'procura.pgdump'
  migrations: { applied: number; shipped: number }
  /** Rows per table in the copy (SQLite), or in the database when the dump began (PostgreSQL). */
  row_counts: Record<string, number>
  files: { path: string; size: number; sha256: string }[]
}

/** A refusal of a backup, a restore or a verification, said for the person at the terminal. */
export class OperationRefused extends Error {}

const ADMINISTRATOR = { id: 0, active: true, permissions: ['admin_menu' as const], real_user_id: null }
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

const tablesOf = async (database: Pick<Database, 'client' | 'engine'>) =>
  (
    await database.client.execute(
      database.engine === 'postgresql'
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
    )
  ).rows
    .map((r) => String((r as { name?: unknown }).name))
    .filter((name) => !name.startsWith('__drizzle'))
    .sort()

const rowCounts = async (database: Pick<Database, 'client' | 'engine'>) => {
  const counts: Record<string, number> = {}
  for (const table of await tablesOf(database))
    counts[table] = Number(
      (await database.client.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0]?.n ?? 0,
    )
  return counts
}

/** Runs a PostgreSQL client tool, or says plainly that it is missing. */
const pgTool = (tool: 'pg_dump' | 'pg_restore', args: string[]) => {
  const run = spawnSync(tool, args, { encoding: 'utf8' })
  if (run.error !== undefined && (run.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new OperationRefused(
      `PostgreSQL backups need ${tool}, which is not installed (Debian: apt-get install postgresql-client).`,
    )
  if (run.status !== 0) throw new OperationRefused(`${tool} failed: ${run.stderr.trim()}`)
}

/**
 * `procura db backup`: one archive (tar.gz) with a consistent copy of the database, taken while the
 * server keeps writing — SQLite's `VACUUM INTO`, PostgreSQL's `pg_dump` (one snapshot) — every
 * stored file, and a manifest: the migration level, the rows per table and each file's checksum.
 */
export const backupDatabase = async (options: {
  url: string
  storageDir: string
  output: string
  now: Date
}): Promise<BackupManifest> => {
  const work = mkdtempSync(join(tmpdir(), 'procura-backup-'))
  const database = await openDatabase(options.url)
  try {
    let manifest: Omit<BackupManifest, 'files'>
    if (database.engine === 'sqlite') {
      const copy = join(work, 'procura.db')
      await database.client.execute({ sql: 'VACUUM INTO ?', args: [copy] })
      const copied = await openDatabase(`file:${copy}`)
      try {
        manifest = {
          format: 'procura-backup/1',
          created_at: options.now.toISOString(),
          engine: 'sqlite',
          database: 'procura.db',
          migrations: await migrationLevel(copied),
          row_counts: await rowCounts(copied),
        }
      } finally {
        copied.close()
      }
    } else {
      const row_counts = await rowCounts(database)
      pgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        join(work, 'procura.pgdump'),
        options.url,
      ])
      manifest = {
        format: 'procura-backup/1',
        created_at: options.now.toISOString(),
        engine: 'postgresql',
        database: 'procura.pgdump',
        migrations: await migrationLevel(database),
        row_counts,
      }
    }
    if (existsSync(options.storageDir)) cpSync(options.storageDir, join(work, 'files'), { recursive: true })
    const files = filesUnder(join(work, 'files')).map((file) => ({
      path: relative(join(work, 'files'), file),
      size: statSync(file).size,
      sha256: sha256(file),
    }))
    const complete: BackupManifest = { ...manifest, files }
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(complete, null, 2))
    await create({ gzip: true, file: options.output, cwd: work, portable: true }, [
      'manifest.json',
      manifest.database,
      ...(existsSync(join(work, 'files')) ? ['files'] : []),
    ])
    return complete
  } finally {
    await database.close()
    rmSync(work, { recursive: true, force: true })
  }
}

/** A backup opened in a working folder (removed by `done`). */
const openArchive = async (file: string) => {
  if (!existsSync(file)) throw new OperationRefused(`No backup at ${file}.`)
  const work = mkdtempSync(join(tmpdir(), 'procura-restore-'))
  await extract({ file, cwd: work })
  const manifestFile = join(work, 'manifest.json')
  if (!existsSync(manifestFile)) {
    rmSync(work, { recursive: true, force: true })
    throw new OperationRefused(`${file} is not a Procura backup (no manifest.json).`)
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest
  return { work, manifest, done: () => rmSync(work, { recursive: true, force: true }) }
}

/** What a verification found wrong (nothing: the backup or the database is sound). */
export type Verification = { problems: string[] }

/** A database's own checks: SQLite's integrity and foreign keys, the migration level, the data check. */
const checkDatabase = async (database: Database, expected?: Record<string, number>) => {
  const problems: string[] = []
  if (database.engine === 'sqlite') {
    const integrity = (await database.client.execute('PRAGMA integrity_check')).rows.map((r) =>
      String(Object.values(r)[0]),
    )
    if (integrity.join() !== 'ok') problems.push(`integrity: ${integrity.join('; ')}`)
    const orphans = (await database.client.execute('PRAGMA foreign_key_check')).rows.length
    if (orphans > 0) problems.push(`foreign keys: ${orphans} rows name a row that does not exist`)
  }
  const level = await migrationLevel(database)
  if (level.applied > level.shipped)
    problems.push(
      `migrations: ${level.applied} applied, this release knows ${level.shipped} (upgrade Procura)`,
    )
  if (expected !== undefined) {
    const counts = await rowCounts(database)
    for (const [table, n] of Object.entries(expected))
      if (counts[table] !== n) problems.push(`${table}: ${counts[table] ?? 0} rows, the manifest says ${n}`)
  }
  problems.push(...(await storedFileProblems(database.db)))
  const checked = await runDataCheck(database.db, ADMINISTRATOR)
  if (checked.ok)
    for (const p of checked.value.data.problems)
      problems.push(`data check: ${p.check} of ${p.subject} disagrees`)
  return problems
}

/** Every file of the manifest present with its checksum. */
const checkFiles = (root: string, manifest: BackupManifest) =>
  manifest.files.flatMap((f) => {
    const file = join(root, f.path)
    if (!existsSync(file)) return [`file missing: ${f.path}`]
    return sha256(file) === f.sha256 ? [] : [`file changed: ${f.path} (its checksum differs)`]
  })

/**
 * `procura db verify FILE`: a backup is sound — its files all there with their checksums, its
 * database whole (SQLite: integrity and foreign keys, the rows the manifest counted, the data
 * check; a PostgreSQL dump: readable by pg_restore).
 */
export const verifyBackup = async (file: string): Promise<Verification> => {
  const archive = await openArchive(file)
  try {
    const problems = checkFiles(join(archive.work, 'files'), archive.manifest)
    if (archive.manifest.engine === 'sqlite') {
      const database = await openDatabase(`file:${join(archive.work, 'procura.db')}`)
      try {
        problems.push(...(await checkDatabase(database, archive.manifest.row_counts)))
      } finally {
        database.close()
      }
    } else pgTool('pg_restore', ['--list', join(archive.work, 'procura.pgdump')])
    return { problems }
  } finally {
    archive.done()
  }
}

/** `procura db verify` of a live database: its checks, and every stored file readable. */
export const verifyDatabase = async (url: string): Promise<Verification> => {
  const database = await openDatabase(url)
  try {
    return { problems: await checkDatabase(database) }
  } finally {
    await database.close()
  }
}

/** Tables the database fills itself (triggers, its migrations): not data of its own. */
const DERIVED: ReadonlySet<string> = new Set(['order_sums', 'order_family_sums', 'auth_versions'])

const isEmpty = async (database: Database) =>
  Object.entries(await rowCounts(database)).every(([table, n]) => n === 0 || DERIVED.has(table))

/**
 * `procura db restore FILE --to URL`: the backup, verified first, into an empty database and an
 * empty storage folder — SQLite or PostgreSQL, whichever the backup came from (a SQLite backup
 * restores into PostgreSQL through `db copy`; a PostgreSQL dump into PostgreSQL, or into SQLite
 * through `via`, an empty PostgreSQL database it is first restored into) — then migrated to this
 * release. A target that holds anything is refused, and left as it was.
 */
export const restoreBackup = async (options: {
  file: string
  to: string
  storageDir: string
  /** An empty PostgreSQL database a PostgreSQL dump goes through on its way to SQLite. */
  via?: string
}): Promise<{ manifest: BackupManifest }> => {
  const verified = await verifyBackup(options.file)
  if (verified.problems.length > 0)
    throw new OperationRefused(`The backup is not sound, nothing restored: ${verified.problems.join('; ')}`)
  if (filesUnder(options.storageDir).length > 0)
    throw new OperationRefused(
      `The storage folder ${options.storageDir} is not empty: restore into an empty one.`,
    )
  const archive = await openArchive(options.file)
  try {
    const targetFile = databaseFile(options.to)
    const target = await openDatabase(options.to)
    const empty = await isEmpty(target)
    await target.close()
    if (!empty)
      throw new OperationRefused(`The database ${options.to} holds data: restore into an empty one.`)
    const source = join(archive.work, archive.manifest.database)
    if (archive.manifest.engine === 'sqlite' && targetFile !== null) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${targetFile}${suffix}`, { force: true })
      cpSync(source, targetFile)
    } else if (archive.manifest.engine === 'sqlite') await copyDatabase(`file:${source}`, options.to)
    else if (targetFile === null) pgTool('pg_restore', ['--no-owner', '--dbname', options.to, source])
    else if (options.via === undefined || databaseFile(options.via) !== null)
      throw new OperationRefused(
        'A PostgreSQL backup restores into SQLite through an empty PostgreSQL database: give it with --via postgres://….',
      )
    else {
      const via = await openDatabase(options.via)
      const viaEmpty = await isEmpty(via)
      await via.close()
      if (!viaEmpty)
        throw new OperationRefused(`The database ${options.via} holds data: restore through an empty one.`)
      pgTool('pg_restore', ['--no-owner', '--clean', '--if-exists', '--dbname', options.via, source])
      await copyDatabase(options.via, options.to)
    }
    const restored = await openDatabase(options.to)
    try {
      await migrateDatabase(restored.db)
    } finally {
      await restored.close()
    }
    if (existsSync(join(archive.work, 'files'))) {
      cpSync(join(archive.work, 'files'), options.storageDir, { recursive: true })
      const copied = checkFiles(options.storageDir, archive.manifest)
      if (copied.length > 0) throw new OperationRefused(`The files did not restore: ${copied.join('; ')}`)
    }
    return { manifest: archive.manifest }
  } finally {
    archive.done()
  }
}

export const backupFileName = (now: Date) =>
  `procura-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`
