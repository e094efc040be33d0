import { parseWith } from '@procura/core/errors'
import { type Settings, SettingsSchema } from '@procura/core/settings'
import { eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { DbOrTx } from '../db'
import { first } from '../db/first'
import { cachedReference } from '../db/reference-cache'
import { settings } from '../db/schema'

/** Reads one JSON value of the settings table. */
export const readSetting = async (db: DbOrTx, key: string): Promise<unknown> => {
  const row = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1)
    .then(first)
  return row?.value
}

export const writeSetting = async (db: DbOrTx, clock: Clock, key: string, value: unknown): Promise<void> => {
  await db
    .insert(settings)
    .values({ key, value, updated_at: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: clock.now() } })
}

/**
 * The customer settings, parsed by the core schema so every missing key takes its default (kept
 * per process within a request, db/reference-cache.ts).
 * A stored value that no longer parses (an older version's) falls back to the defaults rather
 * than failing every request.
 */
export const loadSettings = (db: DbOrTx): Promise<Settings> =>
  cachedReference(db, 'settings', async () => {
    const parsed = parseWith(SettingsSchema, (await readSetting(db, 'settings')) ?? {})
    return parsed.ok ? parsed.value : SettingsSchema.parse({})
  })

/** The instance settings' mail server and sender, for the mailer (SMTP_URL, when set, wins). */
export const instanceMailRoute = async (db: DbOrTx) => {
  const { instance } = await loadSettings(db)
  return { smtpUrl: instance.smtp_url ?? undefined, from: instance.mail_from ?? undefined }
}
