import { type DomainError, parseWith } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import {
  MAINTENANCE_OFF,
  type Maintenance,
  MaintenanceSchema,
  type ServerMessage,
  ServerMessageSchema,
} from '@procura/core/settings'
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

/** The messages shown above every page (setting `header_messages`), those past their end left out. */
export const getServerMessages = async (db: DbOrTx, now: Date): Promise<ServerMessage[]> => {
  const stored = await readSetting(db, 'header_messages')
  return (Array.isArray(stored) ? stored : []).flatMap((m) => {
    const parsed = ServerMessageSchema.safeParse(m)
    return parsed.success && (parsed.data.until === null || new Date(parsed.data.until) > now)
      ? [parsed.data]
      : []
  })
}

/**
 * Puts a message up (input) or takes the one at `index` down, in one transaction with its trace;
 * messages past their end are dropped on the way.
 */
export const changeServerMessages = async (
  db: Db,
  clock: Clock,
  change: { add: unknown } | { remove: number },
  actorId: number,
): Promise<Result<ServerMessage[], DomainError>> => {
  const parsed = 'add' in change ? parseWith(ServerMessageSchema, change.add) : ok(null)
  if (!parsed.ok) return parsed
  return db.transaction(async (tx) => {
    const current = await getServerMessages(tx, clock.now())
    if ('remove' in change && current[change.remove] === undefined) return err({ code: 'ITEM_NOT_FOUND' })
    const removed = 'remove' in change ? current[change.remove] : undefined
    const next =
      parsed.value === null
        ? current.filter((_, i) => i !== ('remove' in change ? change.remove : -1))
        : [...current, parsed.value]
    await writeSetting(tx, clock, 'header_messages', next)
    await writeTrace(tx, clock, {
      action: parsed.value === null ? 'server_message_off' : 'server_message_on',
      message:
        parsed.value === null
          ? `Server message taken down: ${removed?.body ?? ''}`
          : `Server message: ${parsed.value.body}`,
      model: 'settings',
      model_id: 'header_messages',
      user_id: actorId,
    })
    return ok(next)
  })
}
