import { z } from 'zod'

/**
 * The shapes every area's answers share, as the API declares them and the app reads them: one
 * schema for both sides (the API's tests check every answer against its route's schema, the app's
 * `useAnswer` and `apiRead` type what they read by it and check it in development).
 */

const id = z.number().int()

/** A read or a write's answer: `{ data: … }`. */
export const dataOf = <T extends z.ZodType>(value: T) => z.object({ data: value })

/** A list of rows without paging (reference tables, a document's panels): `{ data: [...] }`. */
export const rowsOf = <T extends z.ZodType>(row: T) => dataOf(z.array(row))

/** POST that creates: the new row's id (and, for numbered documents, its code). */
export const CreatedAnswerSchema = dataOf(z.looseObject({ id, code: z.string().optional() }))

/** POST that creates a numbered document: its id and its code (PO-2026-00001). */
export const NumberedAnswerSchema = dataOf(z.looseObject({ id, code: z.string() }))

/** A document's lifecycle answer: its new status. */
export const StatusChangeAnswerSchema = dataOf(z.looseObject({ id, status: z.string() }))

/** An answer that carries nothing the caller reads. */
export const OkAnswerSchema = z.looseObject({})

/** POST …/do-bulk-action: each row done or refused with its reason. */
export const BulkOutcomeSchema = dataOf(
  z.object({
    done: z.array(id),
    failed: z.array(z.object({ id, code: z.string(), message: z.string() })),
  }),
)
export type BulkOutcome = z.infer<typeof BulkOutcomeSchema>['data']

/** A choice of a form: a code and its label in the reader's language. */
export const OptionAnswerSchema = z.looseObject({ value: z.string(), label: z.string() })
export type OptionAnswer = z.infer<typeof OptionAnswerSchema>

/** A row of a reference table as a picker shows it: an id and its label. */
export const NamedAnswerSchema = z.looseObject({ id, label: z.string() })
export type NamedAnswer = z.infer<typeof NamedAnswerSchema>

/** A row of a reference table (GET /bwapi/<table>): its id, its label and its table's own fields. */
export const ReferenceRowAnswerSchema = z.looseObject({ id: id.optional(), label: z.string() })
export type ReferenceRowAnswer = z.infer<typeof ReferenceRowAnswerSchema>

/** The actions a row or a document carries: codes, or codes with their translated labels. */
export const ActionsAnswerSchema = z.array(
  z.union([z.string(), z.looseObject({ action: z.string(), label: z.string() })]),
)
