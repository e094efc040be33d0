import { systemClock } from '@procura/api/clock'
import { loadConfig } from '@procura/api/config'
import { moveFiles } from '@procura/api/services/operations/file-moves'
import { FILE_STORAGES, type FileStorage } from '@procura/core/settings'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

export const registerFiles = (program: Command, io: Io, setExit: (code: number) => void) => {
  const files = program
    .command('files')
    .description('Where uploaded files are kept: the storage folder or the database')
  files
    .command('move')
    .description(
      'Keep new files in the database (or the folder) from now on, and move every existing one there, each checked by its checksum',
    )
    .requiredOption('--to <where>', `${FILE_STORAGES.join(' or ')}`)
    .option(...DATABASE_OPTION)
    .option('--storage <folder>', 'the storage folder (env PROCURA_STORAGE_DIR, default ./data/files)')
    .addHelpText(
      'after',
      '\nThe servers keep serving while it runs: files are read from both places. Interrupted, run it again: it goes on.',
    )
    .action(async (options: { to: string; database?: string; storage?: string }) => {
      if (!(FILE_STORAGES as readonly string[]).includes(options.to)) {
        io.err(`--to must be ${FILE_STORAGES.join(' or ')} (got "${options.to}").`)
        return setExit(EXIT.usage)
      }
      const to = options.to as FileStorage
      const storageDir = options.storage ?? loadConfig(io.env).storageDir
      const moved = await withDatabase(databaseUrl(io, options.database), (db) =>
        moveFiles({ db, clock: systemClock, storageDir }, to, (path, done) =>
          io.progress(`${done} moved: ${path}`),
        ),
      )
      io.out(
        `${moved.files} files (${megabytes(moved.bytes)}) moved to the ${to === 'database' ? 'database' : `folder ${storageDir}`}, each checked; new files go there too.`,
      )
      setExit(EXIT.ok)
    })
}
