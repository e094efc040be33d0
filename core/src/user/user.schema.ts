import { z } from 'zod'
import { LANGUAGES } from '../i18n/language'

/**
 * Roles named by the specification. "none" is the spec's "No role" value. The permission
 * matrix by role is designed in docs/domain/users.md.
 */
export const ROLE_CODES = [
  'none',
  'admin',
  'requester',
  'validator',
  'buyer',
  'family_buyer',
  'family_purveyor',
  'regional_family_buyer',
  'delegate',
  'creator',
  'supplier',
  'accounts_payable',
  'finance',
] as const
export type RoleCode = (typeof ROLE_CODES)[number]

/**
 * Named permissions: the admin menu and budget analyses come from the spec; the chain's steps have
 * their own so that ordering and paying can be given to different people (docs/domain/permissions.md).
 */
export const PERMISSION_CODES = [
  'admin_menu',
  'view_budget_analyses',
  'impersonate',
  'manage_users',
  'receive_goods',
  'handle_invoices',
  'prepare_payments',
  'export_sepa',
  'import_bank_answers',
  'export_accounting',
  'manage_bank_accounts',
  'manage_budgets',
] as const
export type PermissionCode = (typeof PERMISSION_CODES)[number]

export const UserInputSchema = z.object({
  login: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_.@-]+$/, 'INVALID_VALUE'),
  label: z.string().trim().min(1).max(150),
  email: z.email(),
  language: z.enum(LANGUAGES).default('en'),
  role: z.enum(ROLE_CODES).default('none'),
  active: z.boolean().default(true),
  buyer: z.boolean().default(false),
  can_view_other_po: z.boolean().default(false),
  price_display_inctax: z.boolean().default(false),
})
export type UserInput = z.output<typeof UserInputSchema>
