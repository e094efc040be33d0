import { z } from 'zod'

/** This area's answers as the API declares them and the app types them (one schema for both sides). */

/** A mail's text in one language. */
export const MailTemplateTextAnswerSchema = z.looseObject({
  language: z.string(),
  subject: z.string(),
  content: z.string(),
  rewritten: z.boolean(),
})
export type MailTemplateTextAnswer = z.infer<typeof MailTemplateTextAnswerSchema>

/** GET /bwapi/mail-templates: a mail Procura sends, its variables and its text per language. */
export const MailTemplateAnswerSchema = z.looseObject({
  key: z.string(),
  label: z.string(),
  variables: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string(),
    }),
  ),
  languages: z.array(MailTemplateTextAnswerSchema),
})
export type MailTemplateAnswer = z.infer<typeof MailTemplateAnswerSchema>

/** POST …/preview: the mail as a text would write it, with example values. */
export const MailPreviewAnswerSchema = z.looseObject({
  data: z.looseObject({
    subject: z.string(),
    text: z.string(),
  }),
})
export type MailPreviewAnswer = z.infer<typeof MailPreviewAnswerSchema>
