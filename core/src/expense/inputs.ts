/** The inputs of expense requests the API reads, checked here so that the app checks them before it sends. */
import { z } from 'zod'

/** An expense report as its form sends it (POST/PUT /bwapi/expense-reports). */
export const ExpenseReportInputSchema = z.object({
  label: z.string().trim().max(200).default(''),
  company_id: z.number().int().positive().nullable().default(null),
  expense_ids: z.array(z.number().int().positive()).max(500),
})

export const ExpenseReportActionSchema = z.object({ reason: z.string().trim().max(2000).optional() })
