import { z } from 'zod'
import { RefusedActionSchema } from '../policy/decisions'
import { EXPENSE_FIELD_KINDS } from './expense'

/** A field of an expense type, as the forms read it. */
const ExpenseFieldSchema = z.looseObject({
  key: z.string(),
  label: z.string(),
  kind: z.enum(EXPENSE_FIELD_KINDS),
  required: z.boolean(),
  options: z.array(z.string()),
})

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** GET /bwapi/expenses/{id}: an expense with its type's fields and its report. */
export const ExpenseAnswerSchema = z.looseObject({
  id: z.number().int(),
  expense_date: z.string(),
  expense_type_id: z.number().int(),
  type: z.string(),
  label: z.string(),
  allocation1: z.string().nullable(),
  currency_code: z.string(),
  amount_exctax: z.string(),
  amount_inctax: z.string(),
  vat: z.array(
    z.looseObject({
      rate: z.string(),
      amount: z.string(),
    }),
  ),
  values: z.record(z.string(), z.string()),
  fields: z.array(ExpenseFieldSchema),
  distance: z.string().nullable(),
  transport_mean: z.string().nullable(),
  fiscal_horsepower: z.number().int().nullable(),
  electric: z.boolean(),
  comment: z.string(),
  payment_status: z.string(),
  report: z.string().nullable(),
  expense_report_id: z.number().int().nullable(),
  editable: z.boolean(),
})
export type ExpenseAnswer = z.infer<typeof ExpenseAnswerSchema>

/** GET /bwapi/expenses/form-data: the expense form's types, currencies, vehicle and distance service. */
export const ExpenseFormChoicesAnswerSchema = z.looseObject({
  types: z.array(
    z.looseObject({
      id: z.number().int(),
      code: z.string(),
      label: z.string(),
      default_vat_rate: z.string(),
      fields: z.array(ExpenseFieldSchema),
    }),
  ),
  currencies: z.array(
    z.looseObject({
      code: z.string(),
      label: z.string(),
      is_default: z.boolean(),
    }),
  ),
  vehicle: z
    .looseObject({
      transport_mean: z.string().nullable(),
      fiscal_horsepower: z.number().int().nullable(),
      electric: z.boolean(),
    })
    .nullable(),
  distance_service: z.looseObject({
    configured: z.boolean(),
    message: z.string(),
  }),
})
export type ExpenseFormChoicesAnswer = z.infer<typeof ExpenseFormChoicesAnswerSchema>

/** POST and PUT /bwapi/expenses: the expense saved, with its amount including tax. */
export const ExpenseSavedAnswerSchema = z.looseObject({
  data: z.looseObject({
    id: z.number().int(),
    amount_inctax: z.string(),
  }),
})
export type ExpenseSavedAnswer = z.infer<typeof ExpenseSavedAnswerSchema>

/** An expense in no report yet, as a new report offers it. */
export const FreeExpenseAnswerSchema = z.looseObject({
  id: z.number().int(),
  expense_date: z.string(),
  type: z.string(),
  label: z.string(),
  currency_code: z.string(),
  amount_inctax: z.string(),
})
export type FreeExpenseAnswer = z.infer<typeof FreeExpenseAnswerSchema>

/** GET /bwapi/expense-reports/{id}: a report with its expenses, circuit and payment. */
export const ExpenseReportAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  user: z.string(),
  company: z.string(),
  status: z.string(),
  currency_code: z.string(),
  amount_exctax: z.string(),
  amount_inctax: z.string(),
  expense_count: z.number().int(),
  payment_date: z.string().nullable(),
  waiting_on: z.array(z.string()),
  names: z.record(z.string(), z.string()),
  actions: z.array(z.string()),
  /** The actions its status allows that this reader may not take, with the reason. */
  refused_actions: z.array(RefusedActionSchema),
  editable: z.boolean(),
  expenses: z.array(
    FreeExpenseAnswerSchema.extend({
      distance: z.string().nullable(),
      amount_exctax: z.string(),
    }),
  ),
  payments: z.array(
    z.looseObject({
      id: z.number().int(),
      status: z.string(),
      group: z.string(),
      group_id: z.number().int(),
    }),
  ),
  /** Whether the reader may put it in a payment now (core expenseReportPayable). */
  payable: z.boolean(),
})
export type ExpenseReportAnswer = z.infer<typeof ExpenseReportAnswerSchema>

/** A row of the expenses list. */
export const ExpenseRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  expense_date: z.string(),
  type: z.string(),
  label: z.string(),
  payment_status: z.string(),
  report: z.string().nullable(),
})
export type ExpenseRowAnswer = z.infer<typeof ExpenseRowAnswerSchema>

/** A row of the expense reports list. */
export const ExpenseReportRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  status: z.string(),
})
export type ExpenseReportRowAnswer = z.infer<typeof ExpenseReportRowAnswerSchema>
