import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database, Db } from '../../db'
import { migrationLevel } from '../../db/migration-level'
import { getMaintenance } from '../maintenance'

/** Why a server is not ready, check by check (the load balancer's answer and the people's). */
export type Readiness = {
  ready: boolean
  checks: {
    database: 'ok' | 'unreachable'
    migrations: 'ok' | 'behind' | 'ahead' | 'unknown'
    storage: 'ok' | 'not_writable'
    maintenance: 'off' | 'on'
  }
  migrations?: { applied: number; shipped: number }
}

/** The maintenance mode as the database says it, or null when the database does not answer. */
const maintenanceOrNull = async (db: Db) => {
  try {
    return await getMaintenance(db)
  } catch {
    return null
  }
}

/** How long a storage folder that took a file is trusted to take the next (a balancer polls every few seconds). */
const TRUSTED_MS = 30_000
const tookAFile = new Map<string, number>()

/** The storage folder takes a file: written, then removed — probed again once the last success is 30 s old. */
const storageWritable = async (storageDir: string) => {
  const last = tookAFile.get(storageDir)
  if (last !== undefined && Date.now() - last < TRUSTED_MS) return true
  const probe = join(storageDir, `.ready-${randomUUID()}`)
  try {
    await mkdir(storageDir, { recursive: true })
    await writeFile(probe, 'ready')
    await rm(probe)
    tookAFile.set(storageDir, Date.now())
    return true
  } catch {
    tookAFile.delete(storageDir)
    return false
  }
}

/**
 * GET /ready: whether this server should take traffic — its database answers, every migration
 * the release ships is applied (a server of a newer release than its database waits for
 * `procura db migrate`; one older than its database is refused too), the storage folder takes a
 * file, and the instance is not in maintenance.
 */
export const readiness = async (deps: {
  db: Db
  storageDir: string
  database?: Pick<Database, 'client' | 'engine'>
}): Promise<Readiness> => {
  const read = await maintenanceOrNull(deps.db)
  const reachable = read !== null
  const level = reachable && deps.database !== undefined ? await migrationLevel(deps.database) : undefined
  const migrations =
    level === undefined
      ? 'unknown'
      : level.applied === level.shipped
        ? 'ok'
        : level.applied < level.shipped
          ? 'behind'
          : 'ahead'
  const storage = (await storageWritable(deps.storageDir)) ? 'ok' : 'not_writable'
  const maintenance = read?.enabled === true ? 'on' : 'off'
  const checks = {
    database: reachable ? ('ok' as const) : ('unreachable' as const),
    migrations,
    storage,
    maintenance,
  } as const
  return {
    ready:
      reachable &&
      migrations !== 'behind' &&
      migrations !== 'ahead' &&
      storage === 'ok' &&
      maintenance === 'off',
    checks,
    ...(level === undefined ? {} : { migrations: level }),
  }
}
