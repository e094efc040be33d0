import { z } from 'zod'
import type { DomainError, FieldIssue } from '../errors'
import { LANGUAGES } from '../i18n'
import { CompanySchema } from '../organisation/organisation.schema'
import { err, ok, type Result } from '../result'
import { UserInputSchema } from '../user/user.schema'
import { confirmationMatches, passwordIssues } from '../validation'
import { DEFAULT_SETTINGS, passwordPolicyOf, SettingsSchema } from './settings.schema'

const instance = SettingsSchema.shape.instance.unwrap().shape

/** The first-run's answers, each field by its own rule. */
const FirstRunFieldsSchema = z.object({
  login: UserInputSchema.shape.login,
  label: UserInputSchema.shape.label,
  email: UserInputSchema.shape.email,
  language: z.enum(LANGUAGES).default('en'),
  invite: z.boolean().default(false),
  password: z.string().max(1024).default(''),
  password_confirmation: z.string().max(1024).default(''),
  company_code: CompanySchema.shape.code,
  company_label: CompanySchema.shape.label,
  currency_code: CompanySchema.shape.currency_code,
  country_code: z.string().regex(/^[A-Z]{2}$/, 'INVALID_VALUE'),
  public_url: instance.public_url,
  smtp_url: instance.smtp_url,
  mail_from: instance.mail_from,
  file_storage: instance.file_storage,
})
type FirstRunFields = z.output<typeof FirstRunFieldsSchema>

/**
 * The first-run's rules across fields: a password meeting the default policy and its
 * confirmation, unless the administrator is invited by mail, which needs a mail server.
 */
export const firstRunIssues = (input: FirstRunFields): Record<string, FieldIssue[]> => {
  if (input.invite) return input.smtp_url === null ? { smtp_url: [{ code: 'INVITE_NEEDS_MAIL_SERVER' }] } : {}
  const confirmation = confirmationMatches(input.password, input.password_confirmation)
  return {
    password: passwordIssues(input.password, passwordPolicyOf(DEFAULT_SETTINGS)),
    password_confirmation: confirmation === null ? [] : [confirmation],
  }
}

/**
 * What the first start asks (`procura init` and the browser's setup page, docs/operations.md): the
 * first administrator, the company with its currency and country, and how the instance is reached.
 * The administrator gets a password now, or (`invite`) an e-mailed link to choose one. The form
 * checks the same rules before sending.
 */
export const FirstRunSchema = FirstRunFieldsSchema.superRefine((input, ctx) => {
  for (const [field, issues] of Object.entries(firstRunIssues(input)))
    for (const issue of issues)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: issue.code,
        ...(issue.params ? { params: issue.params } : {}),
      })
})
export type FirstRun = z.output<typeof FirstRunSchema>

/** The first-run setup is offered only while the database has no user: once, never afterwards. */
export const checkSetupOpen = (users: number): Result<void, DomainError> =>
  users === 0 ? ok(undefined) : err({ code: 'SETUP_DONE' })
