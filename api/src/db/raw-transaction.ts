import type { Db } from './index'
import { numberPlaceholders, poolOf, type RawResult, type RawStatement } from './postgres'

/** A write transaction on the driver itself, for bulk paths that build their own SQL. */
export type RawTx = {
  execute: (statement: RawStatement) => Promise<RawResult>
  /** Runs statements in order, inside the transaction. */
  batch: (statements: RawStatement[]) => Promise<void>
}

const parts = (statement: RawStatement) =>
  typeof statement === 'string'
    ? { sql: statement, args: [] }
    : { sql: statement.sql, args: statement.args ?? [] }

/**
 * Runs `work` in one write transaction on the engine's driver (libSQL's write transaction, or a
 * PostgreSQL connection between BEGIN and COMMIT): committed when it returns, rolled back when it
 * throws. SQL uses "?" placeholders on both engines; Date and boolean values bind on both.
 */
export const rawWriteTransaction = async <T>(db: Db, work: (tx: RawTx) => Promise<T>): Promise<T> => {
  const pool = poolOf(db)
  if (pool !== undefined) {
    const client = await pool.connect()
    const execute = async (statement: RawStatement): Promise<RawResult> => {
      const { sql, args } = parts(statement)
      const result = await client.query(numberPlaceholders(sql), args as unknown[])
      return { rows: result.rows as Record<string, unknown>[] }
    }
    try {
      await client.query('BEGIN')
      const result = await work({
        execute,
        batch: async (statements) => {
          for (const statement of statements) await execute(statement)
        },
      })
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }
  const tx = await db.$client.transaction('write')
  try {
    const result = await work({
      execute: async (statement) => (await tx.execute(parts(statement) as never)) as unknown as RawResult,
      batch: async (statements) => {
        await tx.batch(statements.map(parts) as never)
      },
    })
    await tx.commit()
    return result
  } finally {
    tx.close()
  }
}
