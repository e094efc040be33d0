import type { z } from 'zod'
import { SettingsSchema } from './settings.schema'

/** The settings' groups (spec §2 customer settings: Allocations, API, Contract, Customer, Files, Formats, Misc, Prices; then accounting, the scheduled backup, the instance and the modules). */
export const SETTING_GROUPS = [
  'allocations',
  'api',
  'contract',
  'customer',
  'files',
  'formats',
  'misc',
  'prices',
  'accounting',
  'backups',
  'instance',
  'modules',
] as const
export type SettingGroup = (typeof SETTING_GROUPS)[number]

/** How a setting is edited: its kind, its bounds (numbers), its choices, whether it may be empty. */
export type SettingField = {
  key: string
  kind: 'flag' | 'number' | 'text' | 'choice' | 'list'
  nullable: boolean
  integer?: boolean
  min?: number
  max?: number
  options?: readonly string[]
  /** A list of numbers (weekdays) rather than texts. */
  numbers?: boolean
}

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; items?: z.ZodType[] }
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** A field's schema under its default and nullable wrappers, and whether it may be null. */
export const unwrap = (schema: z.ZodType) => {
  let current = schema
  let nullable = false
  for (;;) {
    const def = defOf(current)
    if ((def.type === 'default' || def.type === 'prefault') && def.innerType !== undefined)
      current = def.innerType
    else if (def.type === 'nullable' && def.innerType !== undefined) {
      nullable = true
      current = def.innerType
    } else return { schema: current, nullable }
  }
}

const bound = (n: unknown) =>
  typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e15 ? n : undefined

/**
 * The fields of a settings group, read from the one core schema (so a new setting appears on the
 * screen with its bounds and choices, checked by the same schema when it is saved).
 */
/** One group's schema (what PUT /bwapi/settings/{group} checks of it): its form checks with it before sending. */
export const settingsGroupSchema = (group: SettingGroup): z.ZodType =>
  unwrap((SettingsSchema.shape as Record<string, z.ZodType>)[group] as z.ZodType).schema

export const settingFields = (group: SettingGroup): SettingField[] => {
  const object = unwrap((SettingsSchema.shape as Record<string, z.ZodType>)[group] as z.ZodType).schema
  const shape = (object as unknown as { shape: Record<string, z.ZodType> }).shape
  return Object.entries(shape).map(([key, raw]) => {
    const { schema, nullable } = unwrap(raw)
    const def = defOf(schema)
    if (def.type === 'boolean') return { key, kind: 'flag', nullable }
    if (def.type === 'number') {
      const n = schema as unknown as { minValue: unknown; maxValue: unknown; isInt: boolean }
      const min = bound(n.minValue)
      const max = bound(n.maxValue)
      return {
        key,
        kind: 'number',
        nullable,
        integer: n.isInt,
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      }
    }
    if (def.type === 'enum')
      return { key, kind: 'choice', nullable, options: (schema as unknown as { options: string[] }).options }
    if (def.type === 'array' || def.type === 'tuple') {
      const element = def.element ?? def.items?.[0]
      const inner = element === undefined ? undefined : defOf(unwrap(element).schema)
      return { key, kind: 'list', nullable, numbers: inner?.type === 'number' }
    }
    return { key, kind: 'text', nullable }
  })
}
