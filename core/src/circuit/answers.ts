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

/**
 * GET /bwapi/decision-links/{token}: what a validation mail's link decides, on which document as
 * it stands, for whom; `problem` says (in the reader's language) why it can no longer decide.
 */
export const EmailDecisionAnswerSchema = z.looseObject({
  data: z.looseObject({
    model: z.enum(['purchase_order', 'need', 'expense_report', 'payment_group', 'framework_agreement']),
    id: z.number().int(),
    decision: z.enum(['validate', 'refuse']),
    code: z.string(),
    title: z.string().nullable(),
    status: z.string(),
    amount: z.string(),
    currency_code: z.string(),
    party: z.string().nullable(),
    author: z.string().nullable(),
    /** The step the link was written for (1-based) and how many the circuit has. */
    step: z.number().int(),
    steps: z.number().int(),
    reader: z.string(),
    language: z.enum(['en', 'es', 'fr']),
    expires_at: z.string(),
    /** The document's page in the app. */
    page: z.string().nullable(),
    problem: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
  }),
})
export type EmailDecisionAnswer = z.infer<typeof EmailDecisionAnswerSchema>

/** POST /bwapi/decision-links/{token}: decided; where the document stands now. */
export const EmailDecisionDoneAnswerSchema = z.looseObject({
  data: z.looseObject({ id: z.number().int(), code: z.string(), status: z.string() }),
})
export type EmailDecisionDoneAnswer = z.infer<typeof EmailDecisionDoneAnswerSchema>

/** The body of POST /bwapi/decision-links/{token}: a refusal's reason; confirm answers a budget warning. */
export const EmailDecisionInputSchema = z.object({
  reason: z.string().max(2000).optional(),
  confirm: z.boolean().optional(),
})
