import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { DomainError } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import { backupDue, backupNameFor, backupsToDelete, isBackupArchive } from '@procura/core/settings'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { loadSettings } from '../settings'
import { backupDatabase, type Verification, verifyBackup } from './backup'

/** What the backup job needs beside the database: where it is (its own connection), and the files. */
export type BackupJobDeps = { db: Db; clock: Clock; databaseUrl?: string; storageDir?: string }

const archivesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter(isBackupArchive) : [])

/**
 * The `backups` job (hourly with the others): the day's archive once its hour has come (settings
 * `backups`: on, hour, folder, keep), then the oldest beyond `keep` deleted. Answers how many
 * archives it wrote. Without the database's URL (a job run where none is known) it does nothing.
 */
export const runScheduledBackup = async (deps: BackupJobDeps): Promise<number> => {
  if (deps.databaseUrl === undefined || deps.storageDir === undefined) return 0
  const { backups, formats } = await loadSettings(deps.db)
  const now = deps.clock.now()
  const archives = archivesIn(backups.folder)
  if (!backupDue(now, formats.time_zone, backups, archives)) return 0
  mkdirSync(backups.folder, { recursive: true })
  const name = backupNameFor(now, formats.time_zone)
  await backupDatabase({
    url: deps.databaseUrl,
    storageDir: deps.storageDir,
    output: join(backups.folder, name),
    now,
  })
  for (const old of backupsToDelete([...archives, name], backups.keep))
    rmSync(join(backups.folder, old), { force: true })
  return 1
}

/** GET /bwapi/maintenance/backups: the scheduled backup's archives, newest first, with their size. */
export const listBackups = async (db: Db) => {
  const { backups } = await loadSettings(db)
  return {
    data: {
      folder: backups.folder,
      enabled: backups.enabled,
      archives: archivesIn(backups.folder)
        .sort()
        .reverse()
        .map((name) => {
          const stat = statSync(join(backups.folder, name))
          return { name, size: stat.size, written_at: stat.mtime.toISOString() }
        }),
    },
  }
}

/** POST /bwapi/maintenance/backups/{name}/verify: one archive checked (procura db verify). */
export const verifyListedBackup = async (
  db: Db,
  name: string,
): Promise<Result<{ data: Verification }, DomainError>> => {
  const { backups } = await loadSettings(db)
  if (!isBackupArchive(name) || !archivesIn(backups.folder).includes(name))
    return err({ code: 'ITEM_NOT_FOUND' })
  return ok({ data: await verifyBackup(join(backups.folder, name)) })
}
