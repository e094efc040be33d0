import type { Actor } from '@procura/core/auth'
import { type DomainError, formError } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { err, ok, type Result } from '@procura/core/result'
import { filePolicyOf } from '@procura/core/settings'
import { imageIssues, imageTypeOf } from '@procura/core/validation'
import { eq } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { first } from '../../db/first'
import { users } from '../../db/schema'
import { fileStore } from '../documents/file-store'
import { keepingFile, storeFile } from '../documents/stored-file'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { guardUser } from './user-policy'

export type UploadedFile = { name: string; size: number; bytes: Uint8Array }

/**
 * POST /bwapi/users/{id}/profile-signature: an image (extension, name, size from the settings,
 * and content really an image). Stored under the storage folder; the previous one is removed.
 */
export const saveSignature = async (
  deps: { db: Db; clock: Clock; storageDir: string },
  actor: Actor,
  id: number,
  file: UploadedFile | null,
  language: Language,
): Promise<Result<{ data: { id: number } }, DomainError>> => {
  const allowed = await guardUser(deps.db, actor, id, 'profile')
  if (!allowed.ok) return allowed
  if (file === null) return err(formError({ signature: [{ code: 'FIELD_REQUIRED' }] }))
  const issues = imageIssues(file, filePolicyOf(await loadSettings(deps.db)), language)
  if (issues.length > 0) return err(formError({ signature: issues }))
  const user = await deps.db.select().from(users).where(eq(users.id, id)).limit(1).then(first)
  if (user === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const relative = await storeFile(
    fileStore(deps),
    'signatures',
    imageTypeOf(file.bytes) ?? 'png',
    file.bytes,
    `${id}-`,
  )
  await keepingFile(fileStore(deps), relative, () =>
    deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ signature_path: relative, updated_at: deps.clock.now() })
        .where(eq(users.id, id))
      await writeTrace(tx, deps.clock, {
        action: 'update_signature',
        message: 'Signature uploaded',
        model: 'user',
        model_id: id,
        user_id: actor.id,
      })
    }),
  )
  if (user.signature_path !== null) await fileStore(deps).remove(user.signature_path)
  return ok({ data: { id } })
}

/** The stored signature image, for the profile page. */
export const readSignature = async (
  deps: { db: Db; storageDir: string },
  actor: Actor,
  id: number,
): Promise<Result<Uint8Array<ArrayBuffer>, DomainError>> => {
  const allowed = await guardUser(deps.db, actor, id, 'profile')
  if (!allowed.ok) return allowed
  const user = await deps.db
    .select({ path: users.signature_path })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then(first)
  if (user?.path === null || user?.path === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return ok(await fileStore(deps).read(user.path))
}
