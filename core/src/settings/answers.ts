import { z } from 'zod'
import { OptionAnswerSchema } from '../answer'
import { CurrentUserAnswerSchema } from '../user/answers'

/** The administration screens' answers as the API declares them and the app types them. */

/** Maintenance mode as the maintenance screen reads it. */
export const MaintenanceAnswerSchema = z.looseObject({
  enabled: z.boolean(),
  retry_after: z.number().int().nullable(),
  message: z.string().nullable(),
})

/** A server message as the maintenance screen lists it. */
export const ServerMessageAnswerSchema = z.looseObject({
  type: z.enum(['info', 'warning']),
  body: z.string(),
  until: z.string().nullable(),
})

/** How a setting is edited (core/settings fields). */
export const SettingFieldAnswerSchema = z.looseObject({
  key: z.string(),
  kind: z.enum(['flag', 'number', 'text', 'choice', 'list']),
  nullable: z.boolean(),
  integer: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.string()).optional(),
  numbers: z.boolean().optional(),
})

/** A scheduled job with its last and next run. */
export const MaintenanceJobAnswerSchema = z.looseObject({
  name: z.string(),
  last_run: z
    .looseObject({
      started_at: z.string(),
      finished_at: z.string(),
      changed: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  next_run_at: z.string(),
})
export type MaintenanceJobAnswer = z.infer<typeof MaintenanceJobAnswerSchema>

/** GET /bwapi/maintenance: maintenance mode, server messages and the jobs. */
export const MaintenanceScreenAnswerSchema = z.looseObject({
  mode: MaintenanceAnswerSchema,
  server_messages: z.array(ServerMessageAnswerSchema),
  jobs: z.array(MaintenanceJobAnswerSchema),
})
export type MaintenanceScreenAnswer = z.infer<typeof MaintenanceScreenAnswerSchema>

/** A total that does not agree, with what is kept and what is expected. */
export const DataCheckProblemAnswerSchema = z.looseObject({
  check: z.string(),
  subject: z.string(),
  link: z.string().nullable(),
  disagreements: z.array(
    z.looseObject({
      field: z.string(),
      kept: z.string(),
      expected: z.string(),
    }),
  ),
})
export type DataCheckProblemAnswer = z.infer<typeof DataCheckProblemAnswerSchema>

/** GET /bwapi/maintenance/data-check: what was checked, and what disagrees. */
export const DataCheckAnswerSchema = z.looseObject({
  checked: z.looseObject({
    orders: z.number(),
    budgets: z.number(),
  }),
  problems: z.array(DataCheckProblemAnswerSchema),
})
export type DataCheckAnswer = z.infer<typeof DataCheckAnswerSchema>

/** GET /bwapi/maintenance/backups: the scheduled backup's folder, whether it is on, its archives newest first. */
export const BackupsAnswerSchema = z.object({
  folder: z.string(),
  enabled: z.boolean(),
  archives: z.array(z.object({ name: z.string(), size: z.number().int(), written_at: z.string() })),
})
export type BackupsAnswer = z.infer<typeof BackupsAnswerSchema>

/** POST /bwapi/maintenance/backups/{name}/verify: what the check found wrong (nothing: it is sound). */
export const BackupVerificationAnswerSchema = z.object({ problems: z.array(z.string()) })

/** A group of settings with each field's kind and its values. */
export const SettingsGroupAnswerSchema = z.looseObject({
  group: z.string(),
  fields: z.array(SettingFieldAnswerSchema),
  values: z.record(z.string(), z.unknown()),
})
export type SettingsGroupAnswer = z.infer<typeof SettingsGroupAnswerSchema>

/** GET /bwapi/settings: the customer settings by group. */
export const SettingsGroupsAnswerSchema = z.looseObject({
  data: z.looseObject({
    groups: z.array(SettingsGroupAnswerSchema),
  }),
})
export type SettingsGroupsAnswer = z.infer<typeof SettingsGroupsAnswerSchema>

/** An API token (never its secret). */
export const ApiTokenAnswerSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
})
export type ApiTokenAnswer = z.infer<typeof ApiTokenAnswerSchema>

/** How the lifecycle statuses reach the e-invoicing platform, and what waits. */
export const EInvoiceOutboxAnswerSchema = z.looseObject({
  mode: z.enum(['collect', 'push']),
  push_url: z.string().nullable(),
  waiting: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
})
export type EInvoiceOutboxAnswer = z.infer<typeof EInvoiceOutboxAnswerSchema>

/** GET /bwapi/api-tokens: the tokens and the statuses' outbox. */
export const ApiTokensAnswerSchema = z.looseObject({
  data: z.array(ApiTokenAnswerSchema),
  meta: z.looseObject({
    outbox: EInvoiceOutboxAnswerSchema,
  }),
})
export type ApiTokensAnswer = z.infer<typeof ApiTokensAnswerSchema>

/** POST /bwapi/api-tokens: the new token, its secret answered once. */
export const ApiTokenMadeAnswerSchema = z.looseObject({
  data: z.looseObject({
    id: z.number().int().int(),
    token: z.string(),
  }),
})
export type ApiTokenMadeAnswer = z.infer<typeof ApiTokenMadeAnswerSchema>

/** GET /bwapi/setup: whether the first-run setup is open (no user yet) and its choices. */
export const FirstRunChoicesAnswerSchema = z.object({
  open: z.boolean(),
  currencies: z.array(OptionAnswerSchema),
  countries: z.array(OptionAnswerSchema),
  languages: z.array(OptionAnswerSchema),
})
export type FirstRunChoicesAnswer = z.infer<typeof FirstRunChoicesAnswerSchema>

/** POST /bwapi/setup: the administrator made — signed in (user), or invited by mail (user null). */
export const FirstRunDoneAnswerSchema = z.object({
  invited: z.boolean(),
  redirect: z.string(),
  user: CurrentUserAnswerSchema.nullable(),
})
export type FirstRunDoneAnswer = z.infer<typeof FirstRunDoneAnswerSchema>
