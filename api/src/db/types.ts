import type { Client } from '@libsql/client'
import type { LibSQLDatabase } from 'drizzle-orm/libsql'

/**
 * No relational query builder (`db.query.*`): drizzle would build one per table again for every
 * transaction, and the services write their queries with the SQL-like builder.
 */
export type Db = LibSQLDatabase & { $client: Client }
/** What a service receives: the database or an open transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/** A database's raw side: raw statements with libSQL's shape on both engines, and which engine. */
export type RawDatabase = { client: Client; engine: 'sqlite' | 'postgresql' }
