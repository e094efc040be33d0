import type { TraceSeverity } from '@procura/core/status'
import type { Clock } from '../clock'
import type { DbOrTx } from '../db'
import { traces } from '../db/schema'

export type TraceInput = {
  action: string
  message: string
  model: string
  model_id?: string | number | null
  severity?: TraceSeverity
  user_id?: number | null
}

/** Writes one trace: every lifecycle event calls this inside its own transaction. */
export const writeTrace = async (db: DbOrTx, clock: Clock, input: TraceInput): Promise<void> => {
  await db.insert(traces).values({
    action: input.action,
    message: input.message,
    model: input.model,
    model_id: input.model_id === undefined || input.model_id === null ? null : String(input.model_id),
    severity: input.severity ?? 'info',
    user_id: input.user_id ?? null,
    created_at: clock.now(),
  })
}
