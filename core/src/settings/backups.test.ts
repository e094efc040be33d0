import { expect, test } from 'vitest'
import { backupDue, backupNameFor, backupsToDelete, isBackupArchive } from './backups'

const on = { enabled: true, hour: 2, folder: './data/backups', keep: 3 }

test('an archive is named by its date and time in the instance’s time zone', () => {
  // 23:30 UTC on the 28th is 00:30 on the 29th in Paris.
  expect(backupNameFor(new Date('2026-11-28T23:30:00Z'), 'Europe/Paris')).toBe(
    'procura-20261129-003000.tar.gz',
  )
  expect(isBackupArchive('procura-20261129-003000.tar.gz')).toBe(true)
  expect(isBackupArchive('notes.txt')).toBe(false)
})

test('the day’s backup is due once its hour has come, and once a day', () => {
  const at = (iso: string) => new Date(iso)
  expect(backupDue(at('2026-11-29T00:30:00Z'), 'Europe/Paris', on, [])).toBe(false) // 01:30 in Paris
  expect(backupDue(at('2026-11-29T01:00:00Z'), 'Europe/Paris', on, [])).toBe(true) // 02:00
  // A server down at 2 writes it when it is back, the same day.
  expect(backupDue(at('2026-11-29T15:00:00Z'), 'Europe/Paris', on, ['procura-20261128-020000.tar.gz'])).toBe(
    true,
  )
  expect(backupDue(at('2026-11-29T15:00:00Z'), 'Europe/Paris', on, ['procura-20261129-020012.tar.gz'])).toBe(
    false,
  )
  expect(backupDue(at('2026-11-29T15:00:00Z'), 'Europe/Paris', { ...on, enabled: false }, [])).toBe(false)
})

test('the newest archives are kept, the others deleted; other files are left alone', () => {
  const archives = [
    'procura-20261125-020000.tar.gz',
    'procura-20261129-020000.tar.gz',
    'procura-20261127-020000.tar.gz',
    'procura-20261128-020000.tar.gz',
    'procura-20261126-020000.tar.gz',
    'readme.txt',
  ]
  expect(backupsToDelete(archives, 3)).toEqual([
    'procura-20261126-020000.tar.gz',
    'procura-20261125-020000.tar.gz',
  ])
  expect(backupsToDelete(archives, 7)).toEqual([])
})
