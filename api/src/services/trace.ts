import type { TraceSeverity } from '@procura/core/status'
import { sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { DbOrTx } from '../db'
import { preparedStatement } from '../db/prepared'
import { traces } from '../db/schema'

export type TraceInput = {
  action: string
  message: string
  model: string
  model_id?: string | number | null
  severity?: TraceSeverity
  user_id?: number | null
}

const insertTrace = preparedStatement((db) =>
  db.insert(traces).values({
    action: sql.placeholder('action'),
    message: sql.placeholder('message'),
    model: sql.placeholder('model'),
    model_id: sql.placeholder('model_id'),
    severity: sql.placeholder('severity'),
    user_id: sql.placeholder('user_id'),
    created_at: sql.placeholder('created_at'),
  }),
)

/** Writes one trace: every lifecycle event calls this inside its own transaction. */
export const writeTrace = async (db: DbOrTx, clock: Clock, input: TraceInput): Promise<void> => {
  await insertTrace(db).execute({
    action: input.action,
    message: input.message,
    model: input.model,
    model_id: input.model_id === undefined || input.model_id === null ? null : String(input.model_id),
    severity: input.severity ?? 'info',
    user_id: input.user_id ?? null,
    created_at: clock.now(),
  })
}
