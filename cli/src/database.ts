import { type Db, migrateDatabase, openDatabase } from '@procura/api/db'
import type { Io } from './io'

/** --database, else PROCURA_DATABASE_URL, else the default file. */
export const databaseUrl = (io: Io, option: string | undefined): string =>
  option ?? io.env.PROCURA_DATABASE_URL ?? 'file:./data/procura.db'

export const DATABASE_OPTION = [
  '--database <url>',
  'database URL (env PROCURA_DATABASE_URL, default file:./data/procura.db)',
] as const

/** Opens and migrates the database, runs `work`, and always closes it. */
export const withDatabase = async <T>(url: string, work: (db: Db) => Promise<T>): Promise<T> => {
  const database = await openDatabase(url)
  try {
    await migrateDatabase(database.db)
    return await work(database.db)
  } finally {
    database.close()
  }
}
