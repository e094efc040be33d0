import { z } from 'zod'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** A trace (a row of the traces list, and GET /bwapi/traces/{id}). */
export const TraceRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  created_at: z.string(),
  severity: z.enum(['debug', 'info', 'warning', 'error', 'danger']),
  action: z.string(),
  model: z.string(),
  model_id: z.string().nullable(),
  message: z.string(),
  /** Its line in its document's history, in the reader's language. */
  summary: z.string(),
  user_id: z.number().int().nullable(),
  user: z.string().nullable(),
  page: z.string().nullable(),
})
export type TraceRowAnswer = z.infer<typeof TraceRowAnswerSchema>
