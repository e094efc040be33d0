import type { DomainError } from '../errors/domain-error'
import type { Language } from '../i18n/language'
import { allowedOf, type Decisions, decideEach, firstRefusal, refusalOf } from '../policy/decisions'
import { notAllowed } from '../policy/lifecycle'
import { err, ok, type Result } from '../result'
import type { PermissionCode } from '../user/user.schema'

/** What the rules need to know about the person acting. */
export type Actor = {
  id: number
  active: boolean
  permissions: readonly PermissionCode[]
  /** Set while this actor is someone else acting as this user. */
  real_user_id: number | null
  /** The role's code ('supplier' for a supplier's contact); absent where no rule needs it. */
  role?: string | null
  /** A buyer (the user's flag); absent where no rule needs it. */
  buyer?: boolean
  /** A supplier's contact: the suppliers it speaks for; absent where no rule needs it. */
  supplier_ids?: readonly number[]
}

export const can = (actor: Actor, permission: PermissionCode): boolean =>
  actor.permissions.includes(permission)

/** Listing users needs "manage_users"; the refusal is the spec's "cantIndex". */
export const checkCanListUsers = (actor: Actor): Result<void, DomainError> =>
  can(actor, 'manage_users') ? ok(undefined) : err({ code: 'CANT_INDEX' })

export const checkCanManageUsers = (actor: Actor): Result<void, DomainError> =>
  can(actor, 'manage_users') ? ok(undefined) : err({ code: 'FORBIDDEN' })

/** A user reads and edits their own profile, preferences and password; managers edit anyone's. */
export const checkCanEditUser = (actor: Actor, targetId: number): Result<void, DomainError> =>
  actor.id === targetId || can(actor, 'manage_users') ? ok(undefined) : err({ code: 'FORBIDDEN' })

/** Changing one's own password asks for the current one; a manager resetting another's does not. */
export const requiresCurrentPassword = (actor: Actor, targetId: number): boolean => actor.id === targetId

/** Nobody deactivates their own account (an instance could lose its last administrator). */
export const checkSelfDeactivation = (
  actor: Actor,
  targetId: number,
  active: boolean,
): Result<void, DomainError> =>
  targetId === actor.id && !active ? err({ code: 'IMPOSSIBLE_ACTION' }) : ok(undefined)

export type ImpersonationTarget = { id: number; active: boolean; permissions: readonly PermissionCode[] }

/**
 * Acting as another user: needs the "impersonate" permission, never while already acting as
 * someone, never as oneself, an inactive user, or a user who may impersonate too (no climbing).
 */
export const checkCanImpersonate = (actor: Actor, target: ImpersonationTarget): Result<void, DomainError> => {
  if (!can(actor, 'impersonate') || actor.real_user_id !== null) return err({ code: 'FORBIDDEN' })
  if (actor.id === target.id || target.permissions.includes('impersonate')) return err({ code: 'FORBIDDEN' })
  if (!target.active) return err({ code: 'ITEM_DISABLED' })
  return ok(undefined)
}

export type UserRowAction =
  | 'profile'
  | 'permissions'
  | 'preferences'
  | 'password'
  | 'impersonate'
  | 'activate'
  | 'deactivate'

/** Everything a person may do to a user account (the users list's contextual menu, the account's pages). */
export const USER_POLICY_ACTIONS = [
  'profile',
  'preferences',
  'password',
  'permissions',
  'activate',
  'deactivate',
  'impersonate',
] as const satisfies readonly UserRowAction[]

/**
 * A user account's actions policy: its person and who manages users edit its profile, preferences
 * and password; who manages users changes its permissions and (de)activates it — never their own
 * deactivation (IMPOSSIBLE_ACTION); acting as it follows checkCanImpersonate. Activating is open
 * on an inactive account, deactivating on an active one.
 */
export const allowedUserActions = (actor: Actor, target: ImpersonationTarget): Decisions<UserRowAction> =>
  decideEach(
    USER_POLICY_ACTIONS,
    (action) => {
      switch (action) {
        case 'profile':
        case 'preferences':
        case 'password':
          return refusalOf(checkCanEditUser(actor, target.id))
        case 'permissions':
        case 'activate':
          return refusalOf(checkCanManageUsers(actor))
        case 'deactivate':
          return firstRefusal(
            refusalOf(checkCanManageUsers(actor)),
            refusalOf(checkSelfDeactivation(actor, target.id, false)),
          )
        case 'impersonate':
          return refusalOf(checkCanImpersonate(actor, target))
      }
    },
    (action) =>
      (action === 'activate' && target.active) || (action === 'deactivate' && !target.active)
        ? notAllowed(action, target.active ? 'active' : 'inactive')
        : undefined,
  )

/** The actions of a row of the users list for this actor (its contextual menu): the policy's allowed ones. */
export const userRowActions = (actor: Actor, target: ImpersonationTarget): UserRowAction[] =>
  allowedOf(allowedUserActions(actor, target))

/** Bulk actions a manager may apply to users; deactivating oneself is refused. */
export const USER_BULK_ACTIONS = ['activate', 'deactivate'] as const
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number]

export const checkUserBulkAction = (
  actor: Actor,
  action: UserBulkAction,
  ids: readonly number[],
): Result<void, DomainError> => {
  if (!can(actor, 'manage_users')) return err({ code: 'FORBIDDEN' })
  if (ids.length === 0) return err({ code: 'SELECT_AT_LEAST_ONE' })
  if (action === 'deactivate' && ids.includes(actor.id)) return err({ code: 'IMPOSSIBLE_ACTION' })
  return ok(undefined)
}

const LABELS: Record<UserRowAction, Record<Language, string>> = {
  profile: { en: 'Profile', es: 'Perfil', fr: 'Profil' },
  permissions: { en: 'Permissions', es: 'Permisos', fr: 'Autorisations' },
  preferences: { en: 'Preferences', es: 'Preferencias', fr: 'Préférences' },
  password: { en: 'Password', es: 'Contraseña', fr: 'Mot de passe' },
  impersonate: {
    en: 'Act as this user',
    es: 'Actuar como este usuario',
    fr: 'Agir en tant que cet utilisateur',
  },
  activate: { en: 'Activate', es: 'Activar', fr: 'Activer' },
  deactivate: { en: 'Deactivate', es: 'Desactivar', fr: 'Désactiver' },
}

export const userActionLabel = (action: UserRowAction, language: Language): string => LABELS[action][language]
