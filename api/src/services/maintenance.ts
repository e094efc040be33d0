import { type DomainError, parseWith } from '@procura/core/errors'
import type { Result } from '@procura/core/result'
import { MAINTENANCE_OFF, type Maintenance, MaintenanceSchema } from '@procura/core/settings'
import type { Clock } from '../clock'
import type { Db, DbOrTx } from '../db'
import { readSetting, writeSetting } from './settings'
import { writeTrace } from './trace'

export const getMaintenance = async (db: DbOrTx): Promise<Maintenance> => {
  const parsed = MaintenanceSchema.safeParse(await readSetting(db, 'maintenance'))
  return parsed.success ? parsed.data : MAINTENANCE_OFF
}

/** Turns maintenance mode on or off, in one transaction with its trace. */
export const setMaintenance = async (
  db: Db,
  clock: Clock,
  input: unknown,
  actorId: number | null = null,
): Promise<Result<Maintenance, DomainError>> => {
  const parsed = parseWith(MaintenanceSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  await db.transaction(async (tx) => {
    await writeSetting(tx, clock, 'maintenance', value)
    await writeTrace(tx, clock, {
      action: value.enabled ? 'maintenance_on' : 'maintenance_off',
      message: value.enabled
        ? `Maintenance mode on${value.message ? `: ${value.message}` : ''}`
        : 'Maintenance mode off',
      model: 'settings',
      model_id: 'maintenance',
      severity: 'warning',
      user_id: actorId,
    })
  })
  return parsed
}
