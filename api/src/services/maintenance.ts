import { type DomainError, parseWith } from '@procura/core/errors'
import { ok, type Result } from '@procura/core/result'
import {
  MAINTENANCE_OFF,
  type Maintenance,
  MaintenanceSchema,
  type ServerMessage,
  ServerMessageSchema,
} from '@procura/core/settings'
import { eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db, DbOrTx } from '../db'
import { settings } from '../db/schema'
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

/** The header's server message, unless none is set or its end has passed. */
export const getServerMessage = async (db: DbOrTx, now: Date): Promise<ServerMessage | null> => {
  const parsed = ServerMessageSchema.safeParse(await readSetting(db, 'server_message'))
  if (!parsed.success) return null
  return parsed.data.until !== null && new Date(parsed.data.until) <= now ? null : parsed.data
}

/** Puts up (input) or takes down (null) the server message, traced. */
export const setServerMessage = async (
  db: Db,
  clock: Clock,
  input: unknown,
  actorId: number,
): Promise<Result<ServerMessage | null, DomainError>> => {
  const parsed = input === null ? ok(null) : parseWith(ServerMessageSchema, input)
  if (!parsed.ok) return parsed
  await db.transaction(async (tx) => {
    if (parsed.value === null) await tx.delete(settings).where(eq(settings.key, 'server_message'))
    else await writeSetting(tx, clock, 'server_message', parsed.value)
    await writeTrace(tx, clock, {
      action: parsed.value === null ? 'server_message_off' : 'server_message_on',
      message: parsed.value === null ? 'Server message taken down' : `Server message: ${parsed.value.text}`,
      model: 'settings',
      model_id: 'server_message',
      user_id: actorId,
    })
  })
  return parsed
}
