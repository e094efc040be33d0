import { z } from 'zod'
import { OptionAnswerSchema } from '../answer'
import { NOTIFICATION_CHANNELS } from '../notification'
import { PERMISSION_CODES } from './user.schema'

/**
 * The users' answers as the API declares them and the app types them: the signed-in user (read by
 * the first page through a loader, so zod stays out of it), the pickers and the user's own page.
 */

const id = z.number().int()

/** GET /bwapi/users/current: the signed-in user (and the real user while impersonating). */
export const CurrentUserAnswerSchema = z.looseObject({
  id,
  login: z.string(),
  label: z.string(),
  email: z.string(),
  language: z.string(),
  currency: z.string().nullable(),
  price_display_inctax: z.boolean(),
  role: z.string().nullable(),
  buyer: z.boolean().optional(),
  permissions: z.array(z.enum(PERMISSION_CODES)),
  logout_url: z.string(),
  real_user: z.object({ label: z.string(), get_back_url: z.string() }).nullable(),
})
export type CurrentUserAnswer = z.infer<typeof CurrentUserAnswerSchema>

/** POST /login: where to go, and who signed in. */
export const SignedInAnswerSchema = z.looseObject({ redirect: z.string(), user: CurrentUserAnswerSchema })

/** GET /bwapi/users/search: at most 20 active people, for pickers. */
export const PickedUserAnswerSchema = z.object({ id, login: z.string(), label: z.string() })
export type PickedUserAnswer = z.infer<typeof PickedUserAnswerSchema>

/** GET /bwapi/buyers: the people a request may name as its buyer. */
export const BuyerAnswerSchema = z.object({ id, label: z.string(), buyer: z.boolean() })
export type BuyerAnswer = z.infer<typeof BuyerAnswerSchema>

/** GET /bwapi/users/create: what the user creation form offers. */
export const UserCreateFormAnswerSchema = z.looseObject({
  roles: z.array(OptionAnswerSchema),
  languages: z.array(OptionAnswerSchema),
})
export type UserCreateFormAnswer = z.infer<typeof UserCreateFormAnswerSchema>

/** GET /bwapi/users/{id}/profile */
export const UserProfileAnswerSchema = z.looseObject({
  id: z.number().int(),
  login: z.string(),
  label: z.string(),
  email: z.string(),
  signature: z.boolean(),
})
export type UserProfileAnswer = z.infer<typeof UserProfileAnswerSchema>

/** GET /bwapi/users/{id}/preferences: a user's preferences. */
export const UserPreferencesAnswerSchema = z.looseObject({
  language: z.string(),
  currency_code: z.string().nullable(),
  price_display_inctax: z.boolean(),
  notifications: z.record(z.string(), z.boolean()),
})
export type UserPreferencesAnswer = z.infer<typeof UserPreferencesAnswerSchema>

/** GET /bwapi/users/{id}/notifications: where a kind of notification reaches the user. */
export const NotificationChoiceAnswerSchema = z.looseObject({
  kind: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  default: z.string(),
})
export type NotificationChoiceAnswer = z.infer<typeof NotificationChoiceAnswerSchema>

/** GET /bwapi/users/{id}/permissions: a user's role, flags, permissions and authorizations. */
export const UserPermissionsAnswerSchema = z.looseObject({
  role: z.string(),
  active: z.boolean(),
  buyer: z.boolean(),
  can_view_other_po: z.boolean(),
  permissions: z.array(z.string()),
  authorizations: z.array(
    z.looseObject({
      dimension: z.string(),
      value_code: z.string().nullable(),
      access: z.string(),
    }),
  ),
})
export type UserPermissionsAnswer = z.infer<typeof UserPermissionsAnswerSchema>

/** A row of the users list. */
export const UserRowAnswerSchema = z.looseObject({
  id: z.number().int(),
  login: z.string(),
  label: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  role_label: z.string().nullable(),
  active: z.boolean(),
  actions: z.array(
    z.looseObject({
      action: z.string(),
      label: z.string(),
    }),
  ),
})
export type UserRowAnswer = z.infer<typeof UserRowAnswerSchema>

/** POST /bwapi/users/do-bulk-action: how many users changed. */
export const UsersUpdatedAnswerSchema = z.looseObject({
  updated: z.number().int(),
})
export type UsersUpdatedAnswer = z.infer<typeof UsersUpdatedAnswerSchema>

/** GET /bwapi/delegations: a delegation given or received. */
export const DelegationAnswerSchema = z.looseObject({
  id: z.number().int(),
  delegator: z.string(),
  delegate: z.string(),
  delegator_label: z.string().optional(),
  delegate_label: z.string().optional(),
  starts_at: z.string(),
  ends_at: z.string(),
  default_limit: z.string().nullable(),
})
export type DelegationAnswer = z.infer<typeof DelegationAnswerSchema>

/** GET /bwapi/roles: a role with what it allows (the validators' drop-downs read its code and label). */
export const RoleAnswerSchema = z.looseObject({
  id,
  code: z.string(),
  label: z.string(),
  permissions: z.array(z.object({ code: z.string(), label: z.string() })),
})
export type RoleAnswer = z.infer<typeof RoleAnswerSchema>
