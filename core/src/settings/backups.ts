import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { Settings } from './settings.schema'

/** An archive of the scheduled backup: `procura-<date>-<time>.tar.gz`, in the instance's time zone. */
const ARCHIVE = /^procura-(\d{8})-(\d{6})\.tar\.gz$/

/** The archive's name for a backup taken at `now` (its date and time in the instance's time zone). */
export const backupNameFor = (now: Date, timeZone: string): string =>
  `procura-${format(new TZDate(now, timeZone), 'yyyyMMdd-HHmmss')}.tar.gz`

/** Whether a file is one of the scheduled backup's archives. */
export const isBackupArchive = (name: string): boolean => ARCHIVE.test(name)

/**
 * Whether the day's backup is due: the schedule is on, its hour has come (in the instance's time
 * zone: a server that was down at that hour writes it when it is back), and no archive of today
 * is in the folder yet.
 */
export const backupDue = (
  now: Date,
  timeZone: string,
  schedule: Settings['backups'],
  archives: readonly string[],
): boolean => {
  if (!schedule.enabled) return false
  const local = new TZDate(now, timeZone)
  if (local.getHours() < schedule.hour) return false
  const today = format(local, 'yyyyMMdd')
  return !archives.some((name) => ARCHIVE.exec(name)?.[1] === today)
}

/** The archives beyond the `keep` newest: what the job deletes after writing a new one. */
export const backupsToDelete = (archives: readonly string[], keep: number): string[] =>
  archives.filter(isBackupArchive).sort().reverse().slice(keep)
