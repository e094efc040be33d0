import { z } from 'zod'
import { LANGUAGES } from '../i18n/language'
import { PERMISSION_CODES, ROLE_CODES, UserInputSchema } from './user.schema'

/** POST /bwapi/users: a new user with a first password. */
export const UserCreateSchema = UserInputSchema.extend({
  password: z.string().min(1).max(1024),
  password_confirmation: z.string().min(1).max(1024),
})

/** POST /bwapi/users/{id}/profile. */
export const ProfileInputSchema = z.object({
  label: z.string().trim().min(1).max(150),
  email: z.email(),
})

/** POST /bwapi/users/{id}/preferences, and the layout's language, currency and price-display changes. */
export const PreferencesInputSchema = z.object({
  language: z.enum(LANGUAGES),
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/, 'INVALID_VALUE')
    .nullable(),
  price_display_inctax: z.boolean(),
  notifications: z.record(z.string(), z.boolean()).default({}),
})

export const AUTHORIZATION_DIMENSIONS = ['company', 'department', 'project', 'request_type'] as const
export type AuthorizationDimension = (typeof AUTHORIZATION_DIMENSIONS)[number]

/** POST /bwapi/users/{id}/permissions: role, flags, named permissions and authorizations ("All" = null). */
export const PermissionsInputSchema = z.object({
  role: z.enum(ROLE_CODES),
  active: z.boolean(),
  buyer: z.boolean(),
  can_view_other_po: z.boolean(),
  permissions: z.array(z.enum(PERMISSION_CODES)).default([]),
  authorizations: z
    .array(
      z.object({
        dimension: z.enum(AUTHORIZATION_DIMENSIONS),
        value_code: z.string().trim().min(1).max(30).nullable(),
        access: z.enum(['read', 'write']),
      }),
    )
    .default([]),
})

/** POST /bwapi/users/{id}/password. The current password is checked when a user changes their own. */
export const PasswordChangeSchema = z.object({
  current_password: z.string().max(1024).optional(),
  password: z.string().min(1).max(1024),
  password_confirmation: z.string().min(1).max(1024),
})

export const LanguageChangeSchema = z.object({ code: z.enum(LANGUAGES) })
export const CurrencyChangeSchema = z.object({ code: z.string().regex(/^[A-Z]{3}$/, 'INVALID_VALUE') })
export const PriceDisplaySchema = z.object({ price_display_inctax: z.boolean() })
export const BulkActionSchema = z.object({
  action: z.string().min(1),
  ids: z.array(z.number().int().positive()).max(1000),
})

export const RolePermissionsSchema = z.object({ permissions: z.array(z.string().max(50)).max(50) })
