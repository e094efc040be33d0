import { z } from 'zod'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** GET /bwapi/circuits/{type}: a row of a document type's validation chart. */
export const CircuitRowAnswerSchema = z.looseObject({
  min_amount: z.string(),
  max_amount: z.string().nullable(),
  weight: z.number().int().nullable(),
  criteria: z.record(z.string(), z.string()),
  validator_login: z.string().nullable(),
  validator_role: z.string().nullable(),
  validator_label: z.string().nullable().optional(),
})
export type CircuitRowAnswer = z.infer<typeof CircuitRowAnswerSchema>

/** POST /bwapi/circuits/{type}/test: who would validate a document with these attributes. */
export const CircuitSavedAnswerSchema = z.looseObject({
  data: z.looseObject({
    steps: z.array(
      z.looseObject({
        rank: z.number().int(),
        validators: z.array(z.string()),
      }),
    ),
    names: z.record(z.string(), z.string()),
  }),
})
export type CircuitSavedAnswer = z.infer<typeof CircuitSavedAnswerSchema>
