import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/**
 * Writes uploaded bytes under the storage folder, in `folder`, under a name nobody can guess
 * (`prefix` + 16 random hex digits + `.extension`); answers the path relative to the storage folder,
 * which is what rows keep.
 */
export const storeFile = async (
  storageDir: string,
  folder: string,
  extension: string,
  bytes: Uint8Array,
  prefix = '',
): Promise<string> => {
  const relative = join(folder, `${prefix}${randomBytes(8).toString('hex')}.${extension}`)
  const target = join(storageDir, relative)
  await mkdir(dirname(target), { recursive: true })
  await writeFile(target, bytes)
  return relative
}

/** Runs the write that records a stored file; when it fails, the file goes too (no orphan). */
export const keepingFile = async <T>(
  storageDir: string,
  relative: string,
  write: () => Promise<T>,
): Promise<T> => {
  try {
    return await write()
  } catch (error) {
    await rm(join(storageDir, relative), { force: true })
    throw error
  }
}
