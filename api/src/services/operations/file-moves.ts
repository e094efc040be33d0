import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import type { FileStorage } from '@procura/core/settings'
import { asc, eq, gt } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { storedFiles } from '../../db/schema'
import { sha256Of, writeStoredFile } from '../documents/file-store'
import { readSetting, writeSetting } from '../settings'
import { writeTrace } from '../trace'

/** Stored files' bytes are read this many at a time (memory stays flat). */
const PAGE = 20

/** Every file under a folder, by its full path (the probe files of /ready left out). */
export const filesUnder = (root: string): string[] =>
  existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.ready-'))
        .map((entry) => join(entry.parentPath, entry.name))
        .sort()
    : []

/** The stored files' rows, a page at a time, in path order. */
export async function* storedFilePages(db: DbOrTx) {
  let after = ''
  for (;;) {
    const rows = await db
      .select()
      .from(storedFiles)
      .where(gt(storedFiles.path, after))
      .orderBy(asc(storedFiles.path))
      .limit(PAGE)
    if (rows.length === 0) return
    yield rows
    after = rows[rows.length - 1]?.path ?? after
    if (rows.length < PAGE) return
  }
}

/** Every file kept in the database whole: its bytes still give the checksum recorded with them. */
export const storedFileProblems = async (db: DbOrTx): Promise<string[]> => {
  const problems: string[] = []
  for await (const rows of storedFilePages(db))
    for (const row of rows)
      if (sha256Of(row.content) !== row.sha256 || row.content.byteLength !== row.size)
        problems.push(`stored file changed: ${row.path} (its checksum differs)`)
  return problems
}

export type FileMove = { to: FileStorage; files: number; bytes: number }

const setStorage = async (db: Db, clock: Clock, to: FileStorage) => {
  const stored = ((await readSetting(db, 'settings')) ?? {}) as Record<string, Record<string, unknown>>
  await writeSetting(db, clock, 'settings', { ...stored, instance: { ...stored.instance, file_storage: to } })
}

/**
 * `procura files move --to database|folder`: new files go to `to` at once (the setting changes
 * first), then every existing file moves there — written, read back and checked against its
 * checksum, and only then removed from where it was. Files stay readable throughout (reads look
 * in both places), so the servers keep serving while it runs; run again, it goes on where it stopped.
 */
export const moveFiles = async (
  deps: { db: Db; clock: Clock; storageDir: string },
  to: FileStorage,
  onFile?: (path: string, done: number) => void,
): Promise<FileMove> => {
  const { db, clock, storageDir } = deps
  await setStorage(db, clock, to)
  let files = 0
  let bytes = 0
  if (to === 'database') {
    for (const full of filesUnder(storageDir)) {
      const path = relative(storageDir, full)
      const content = new Uint8Array(await readFile(join(storageDir, path)))
      await writeStoredFile(db, path, content, clock.now())
      const [back] = await db.select().from(storedFiles).where(eq(storedFiles.path, path))
      if (back === undefined || sha256Of(back.content) !== sha256Of(content))
        throw new Error(`${path} did not read back whole from the database: it stays in the folder.`)
      await rm(join(storageDir, path))
      files += 1
      bytes += content.byteLength
      onFile?.(path, files)
    }
  } else {
    for await (const rows of storedFilePages(db))
      for (const row of rows) {
        const target = join(storageDir, row.path)
        await mkdir(dirname(target), { recursive: true })
        await writeFile(target, row.content)
        if (sha256Of(new Uint8Array(await readFile(target))) !== row.sha256)
          throw new Error(`${row.path} did not read back whole from the folder: it stays in the database.`)
        await db.delete(storedFiles).where(eq(storedFiles.path, row.path))
        files += 1
        bytes += row.size
        onFile?.(row.path, files)
      }
  }
  await writeTrace(db, clock, {
    action: 'files_moved',
    message: `${files} stored files moved to the ${to}`,
    model: 'settings',
    model_id: 0,
  })
  return { to, files, bytes }
}
