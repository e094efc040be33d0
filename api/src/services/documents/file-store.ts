import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import type { FileStorage } from '@procura/core/settings'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db'
import { first } from '../../db/first'
import { storedFiles } from '../../db/schema'
import { loadSettings } from '../settings'

/**
 * Where uploaded files are kept, by the path relative to the storage folder that the documents'
 * rows keep. Written where the settings say (`instance.file_storage`: the storage folder, or the
 * database — one row per file, which every server sees without a shared disk); read from the
 * database first, then the folder, so files stay readable while `procura files move` runs and
 * after the setting changes; removed from both.
 */
export type FileStore = {
  write: (relative: string, bytes: Uint8Array) => Promise<void>
  read: (relative: string) => Promise<Uint8Array<ArrayBuffer>>
  /** The bytes as a stream (a download): from the folder without reading them all first. */
  stream: (relative: string) => Readable
  remove: (relative: string) => Promise<void>
  /** A file a job wrote into the storage folder itself (the accounting export) goes where the setting says. */
  settle: (relative: string) => Promise<void>
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const storageOf = async (db: DbOrTx): Promise<FileStorage> => (await loadSettings(db)).instance.file_storage

/** Inserts (or replaces) one file's row. */
export const writeStoredFile = async (db: DbOrTx, relative: string, bytes: Uint8Array, now: Date) => {
  const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const row = { content, size: bytes.byteLength, sha256: sha256Of(bytes), created_at: now }
  await db
    .insert(storedFiles)
    .values({ path: relative, ...row })
    .onConflictDoUpdate({ target: storedFiles.path, set: row })
}

const readStored = async (db: DbOrTx, relative: string): Promise<Uint8Array<ArrayBuffer> | undefined> => {
  const row = await db
    .select({ content: storedFiles.content })
    .from(storedFiles)
    .where(eq(storedFiles.path, relative))
    .limit(1)
    .then(first)
  return row === undefined ? undefined : new Uint8Array(row.content)
}

export const fileStore = (deps: { db: DbOrTx; storageDir: string }): FileStore => {
  const { db, storageDir } = deps
  const local = (relative: string) => join(storageDir, relative)
  const read = async (relative: string) =>
    (await readStored(db, relative)) ?? new Uint8Array(await readFile(local(relative)))
  return {
    write: async (relative, bytes) => {
      if ((await storageOf(db)) === 'database') return writeStoredFile(db, relative, bytes, new Date())
      await mkdir(dirname(local(relative)), { recursive: true })
      await writeFile(local(relative), bytes)
    },
    read,
    stream: (relative) =>
      Readable.from(
        (async function* () {
          const stored = await readStored(db, relative)
          if (stored !== undefined) yield Buffer.from(stored)
          else yield* createReadStream(local(relative))
        })(),
      ),
    remove: async (relative) => {
      await db.delete(storedFiles).where(eq(storedFiles.path, relative))
      await rm(local(relative), { force: true })
    },
    settle: async (relative) => {
      if ((await storageOf(db)) !== 'database') return
      await writeStoredFile(db, relative, new Uint8Array(await readFile(local(relative))), new Date())
      await rm(local(relative), { force: true })
    },
  }
}
