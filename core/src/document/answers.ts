import { z } from 'zod'

/** A document's discussion and files as the API declares them and the app reads them. */

const id = z.number().int()

/** GET …/comments: a comment of a document's discussion. */
export const CommentAnswerSchema = z.looseObject({
  id,
  author: z.string(),
  body: z.string(),
  created_at: z.string(),
})

/** GET …/attachments: a file of a document, as its panel lists it. */
export const AttachmentAnswerSchema = z.looseObject({
  id,
  name: z.string(),
  size: z.number().int(),
  author: z.string(),
  created_at: z.string(),
  /** Whether this reader may remove it (who added it). */
  removable: z.boolean(),
})
