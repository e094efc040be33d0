import { AccountingSettingsSchema } from '@procura/core/accounting'
import { type Actor, can } from '@procura/core/auth'
import { type DomainError, parseWith } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import { SettingsSchema } from '@procura/core/settings'
import { ne } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { accountingExports } from '../../db/schema'
import { loadSettings, readSetting, writeSetting } from '../settings'
import { writeTrace } from '../trace'

const hasExported = async (db: Db) =>
  (
    await db
      .select({ id: accountingExports.id })
      .from(accountingExports)
      .where(ne(accountingExports.status, 'failed'))
      .limit(1)
  ).length > 0

/** GET /bwapi/accounting-settings: the accounting group, the Formats the files use, and whether the prefix is locked. */
export const getAccountingSettings = async (db: Db, actor: Actor) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as DomainError)
  const settings = await loadSettings(db)
  return ok({
    data: {
      accounting: settings.accounting,
      formats: {
        decimal_delimiter: settings.formats.decimal_delimiter,
        date_format: settings.formats.date_format,
      },
      prefix_locked: await hasExported(db),
    },
  })
}

/**
 * PUT /bwapi/accounting-settings: changes them (administrators); the export prefix cannot change
 * once an export exists (spec §3: its accounts are in the accounting software).
 */
export const saveAccountingSettings = async (
  deps: { db: Db; clock: Clock },
  actor: Actor,
  input: unknown,
): Promise<Result<{ data: { saved: true } }, DomainError>> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(AccountingSettingsSchema, input)
  if (!parsed.ok) return parsed
  const current = await loadSettings(deps.db)
  const prefix = parsed.value.accounting?.export_prefix
  if (prefix !== undefined && prefix !== current.accounting.export_prefix && (await hasExported(deps.db)))
    return err({ code: 'EXPORT_PREFIX_LOCKED' })
  const stored = ((await readSetting(deps.db, 'settings')) ?? {}) as Record<string, Record<string, unknown>>
  const next = {
    ...stored,
    accounting: { ...(stored.accounting ?? {}), ...(parsed.value.accounting ?? {}) },
    formats: { ...(stored.formats ?? {}), ...(parsed.value.formats ?? {}) },
  }
  const valid = parseWith(SettingsSchema, next)
  if (!valid.ok) return valid
  await deps.db.transaction(async (tx) => {
    await writeSetting(tx, deps.clock, 'settings', next)
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: 'Accounting export settings changed',
      model: 'settings',
      model_id: 0,
      user_id: actor.id,
    })
  })
  return ok({ data: { saved: true } })
}
