import { type Actor, can } from '@procura/core/auth'
import { type DomainError, type FieldIssues, formError, parseWith } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import {
  checkModulesChange,
  SETTING_GROUPS,
  type SettingGroup,
  SettingsSchema,
  settingFields,
} from '@procura/core/settings'
import { count, eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db'
import { companies } from '../db/schema'
import { loadSettings, readSetting, writeSetting } from './settings'
import { writeTrace } from './trace'

/** The groups edited on the settings screen; accounting has its own (its prefix locks once exported). */
export const EDITABLE_GROUPS = SETTING_GROUPS.filter((g) => g !== 'accounting')

/** GET /bwapi/settings: every group's values and fields (kinds, bounds, choices), for administrators. */
export const getSettings = async (db: Db, actor: Actor) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as DomainError)
  const values = await loadSettings(db)
  return ok({
    data: {
      groups: EDITABLE_GROUPS.map((group) => ({
        group,
        fields: settingFields(group),
        values: values[group],
      })),
    },
  })
}

/**
 * PUT /bwapi/settings/{group}: the group's new values, checked by the one core schema with its
 * bounds (a refusal names each field and changes nothing), written and traced; every request reads
 * the settings, so the change applies at once (amount decimals, delimiters, limits).
 */
export const saveSettingsGroup = async (
  deps: { db: Db; clock: Clock },
  actor: Actor,
  group: string,
  input: unknown,
): Promise<Result<{ data: { group: SettingGroup } }, DomainError>> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  if (!(EDITABLE_GROUPS as readonly string[]).includes(group)) return err({ code: 'NOT_FOUND' })
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return err(formError({ [group]: [{ code: 'INVALID_VALUE' }] }))
  const stored = ((await readSetting(deps.db, 'settings')) ?? {}) as Record<string, unknown>
  const next = { ...stored, [group]: input }
  const valid = parseWith(SettingsSchema, next)
  if (!valid.ok) {
    // The form's fields are the group's keys.
    const fields: Record<string, FieldIssues[string]> = {}
    for (const [path, issues] of Object.entries(valid.error.fields ?? {}))
      fields[path.startsWith(`${group}.`) ? path.slice(group.length + 1) : path] = issues
    return err(Object.keys(fields).length > 0 ? formError(fields) : valid.error)
  }
  if (group === 'modules') {
    const [active] = await deps.db.select({ n: count() }).from(companies).where(eq(companies.active, true))
    const allowed = checkModulesChange(valid.value.modules, { activeCompanies: Number(active?.n ?? 0) })
    if (!allowed.ok) return allowed
  }
  await deps.db.transaction(async (tx) => {
    await writeSetting(tx, deps.clock, 'settings', next)
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Settings ${group} changed`,
      model: 'settings',
      model_id: 0,
      user_id: actor.id,
    })
  })
  return ok({ data: { group: group as SettingGroup } })
}
