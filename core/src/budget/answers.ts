import { z } from 'zod'
import { NamedAnswerSchema } from '../answer'
import { RefusedActionSchema } from '../policy/decisions'
import { OVERRUN_ACTIONS } from './budget'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** GET /bwapi/allocations: an allocation code of one of the four levels. */
export const AllocationAnswerSchema = z.looseObject({
  id: z.number().int().int(),
  level: z.number().int().int(),
  code: z.string(),
  label: z.string(),
})

/** GET /bwapi/budgets/{id} (and a row of the budgets list): a budget and what holds it. */
export const BudgetAnswerSchema = z.looseObject({
  id: z.number().int(),
  key: z.string(),
  label: z.string().nullable(),
  fiscal_period_id: z.number().int(),
  fiscal_period: z.string().nullable(),
  company_id: z.number().int().nullable(),
  department_id: z.number().int().nullable(),
  allocation1: z.string().nullable(),
  allocation2: z.string().nullable(),
  allocation3: z.string().nullable(),
  allocation4: z.string().nullable(),
  amount: z.string(),
  reserved: z.string(),
  committed: z.string(),
  actual: z.string(),
  available: z.string(),
  overrun: z.boolean(),
  overrun_action: z.enum(OVERRUN_ACTIONS),
  tag: z.string().nullable(),
  owner_id: z.number().int().nullable(),
  owner: z.string().nullable(),
  currency_code: z.string(),
  /** What its reader may do to it (its page): its policy's allowed actions, and the refused ones with why. */
  actions: z.array(z.string()).optional(),
  refused_actions: z.array(RefusedActionSchema).optional(),
  documents: z
    .array(
      z.looseObject({
        model: z.string(),
        id: z.number().int(),
        code: z.string(),
        kind: z.string(),
        amount: z.string(),
        page: z.string(),
      }),
    )
    .optional(),
})
export type BudgetAnswer = z.infer<typeof BudgetAnswerSchema>

/** GET /bwapi/budgets/form-data: the choices of the budget form. */
export const BudgetFormDataAnswerSchema = z.looseObject({
  fiscal_periods: z.array(NamedAnswerSchema),
  companies: z.array(NamedAnswerSchema),
  departments: z.array(NamedAnswerSchema),
  allocations: z.array(
    z.looseObject({
      id: z.number().int(),
      level: z.number().int(),
      code: z.string(),
      label: z.string(),
    }),
  ),
})
export type BudgetFormDataAnswer = z.infer<typeof BudgetFormDataAnswerSchema>

/** A budget in the analysis: with what is paid and how much is consumed. */
export const BudgetAnalysisRowAnswerSchema = BudgetAnswerSchema.extend({
  paid: z.string(),
  consumed_percent: z.number().nullable(),
  link: z.string(),
})
export type BudgetAnalysisRowAnswer = z.infer<typeof BudgetAnalysisRowAnswerSchema>

/** GET /bwapi/budgets/analysis: a fiscal period's budgets against what is reserved, committed, invoiced and paid. */
export const BudgetAnalysisAnswerSchema = z.looseObject({
  with_tax: z.boolean().optional(),
  vat_rate: z.string().optional(),
  fiscal_period: z
    .looseObject({
      id: z.number().int(),
      label: z.string(),
    })
    .nullable(),
  fiscal_periods: z.array(NamedAnswerSchema),
  currency_code: z.string(),
  rows: z.array(BudgetAnalysisRowAnswerSchema),
  totals: z
    .record(z.enum(['amount', 'reserved', 'committed', 'actual', 'paid', 'available']), z.string())
    .nullable(),
})
export type BudgetAnalysisAnswer = z.infer<typeof BudgetAnalysisAnswerSchema>

/** POST /bwapi/budgets/generate: how many budgets were made, and the keys that already had one. */
export const BudgetsGeneratedAnswerSchema = z.looseObject({
  data: z.looseObject({
    created: z.number().int(),
    skipped: z.array(z.string()),
  }),
})
export type BudgetsGeneratedAnswer = z.infer<typeof BudgetsGeneratedAnswerSchema>

/** GET …/{id}/budgets (requests and orders): a budget the document's lines fall in, and what it takes. */
export const BudgetPanelRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  budget: z.string(),
  overrun_action: z.enum(['none', 'notify', 'block']),
  amount: z.string(),
  available: z.string(),
  takes: z.string(),
  holds: z.string(),
  after: z.string(),
  link: z.string(),
})
export type BudgetPanelRowAnswer = z.infer<typeof BudgetPanelRowAnswerSchema>
