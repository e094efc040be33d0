import type { Result } from '@procura/core/result'
import type { Db, Tx } from './index'

/** Carries a refusal out of a transaction, so that the transaction rolls back. */
class Refused {
  constructor(readonly result: unknown) {}
}

/**
 * Runs `work` in one transaction that commits when it answers ok and rolls back when it answers a
 * refusal (or throws): a refusal found halfway (a counter already advanced, a row already
 * written) leaves the database as it was.
 */
export const writeOrRefuse = async <T, E>(
  db: Db,
  work: (tx: Tx) => Promise<Result<T, E>>,
): Promise<Result<T, E>> => {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx)
      if (!result.ok) throw new Refused(result)
      return result
    })
  } catch (error) {
    if (error instanceof Refused) return error.result as Result<T, E>
    throw error
  }
}
