import { z } from 'zod'
import { isDecimalString } from '../money/decimal'
import { CRITERIA, DEFAULT_CRITERION } from './chart'

const amount = z.string().trim().refine(isDecimalString, 'NOT_A_NUMBER')

/** One chart row as the administration screen sends it: a login or a role validates. */
export const ChartRowInputSchema = z.object({
  min_amount: amount.default('0'),
  max_amount: amount.nullable().default(null),
  weight: z.number().int().min(1).max(99).nullable().default(null),
  criteria: z.partialRecord(z.enum([...CRITERIA, DEFAULT_CRITERION]), z.string().trim().max(50)),
  validator_login: z.string().trim().max(50).nullable().default(null),
  validator_role: z.string().trim().max(50).nullable().default(null),
})
export const ChartInputSchema = z.object({ rows: z.array(ChartRowInputSchema).max(500) })

/** The circuit test page: a document's attributes. */
export const CircuitTestSchema = z.object({
  amount,
  company: z.string().trim().nullable().default(null),
  department: z.string().trim().nullable().default(null),
  request_type: z.string().trim().nullable().default(null),
  purchase_family: z.string().trim().nullable().default(null),
})

/** A delegation a validator gives for a period. */
export const DelegationInputSchema = z
  .object({
    delegate_login: z.string().trim().min(1).max(50),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime(),
    default_limit: amount.nullable().default(null),
    tag_limits: z.record(z.string().trim().min(1).max(50), amount).default({}),
    notify_delegate: z.boolean().default(false),
  })
  .refine((d) => d.ends_at > d.starts_at, { message: 'DATE_AFTER_OR_EQUAL', path: ['ends_at'] })

/** Refusing a document: the reason is required (shown on the document, sent to its author). */
export const RefusalSchema = z.object({
  reason: z.string({ error: 'REFUSAL_REASON_REQUIRED' }).trim().min(3, 'REFUSAL_REASON_REQUIRED').max(1000),
})
