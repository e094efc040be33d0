import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { FileStore } from './file-store'

/**
 * Keeps uploaded bytes (in the storage folder or the database, file-store.ts), in `folder`, under a
 * name nobody can guess (`prefix` + 16 random hex digits + `.extension`); answers the path relative
 * to the storage folder, which is what rows keep.
 */
export const storeFile = async (
  files: FileStore,
  folder: string,
  extension: string,
  bytes: Uint8Array,
  prefix = '',
): Promise<string> => {
  const relative = join(folder, `${prefix}${randomBytes(8).toString('hex')}.${extension}`)
  await files.write(relative, bytes)
  return relative
}

/** Runs the write that records a stored file; when it fails, the file goes too (no orphan). */
export const keepingFile = async <T>(
  files: FileStore,
  relative: string,
  write: () => Promise<T>,
): Promise<T> => {
  try {
    return await write()
  } catch (error) {
    await files.remove(relative)
    throw error
  }
}
