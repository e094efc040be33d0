import {
  type Actor,
  allowedUserActions,
  checkCanManageUsers,
  checkUserBulkAction,
  requiresCurrentPassword,
  USER_BULK_ACTIONS,
  type UserBulkAction,
  userActionLabel,
  userRowActions,
} from '@procura/core/auth'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { guard } from '@procura/core/policy'
import { err, ok, type Result } from '@procura/core/result'
import { passwordPolicyOf } from '@procura/core/settings'
import {
  BulkActionSchema,
  PasswordChangeSchema,
  PermissionsInputSchema,
  PreferencesInputSchema,
  ProfileInputSchema,
  roleLabel,
  UserCreateSchema,
} from '@procura/core/user'
import {
  confirmationMatches,
  differsFromCurrent,
  passwordIssues,
  validateFields,
} from '@procura/core/validation'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '../../auth/password'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { first } from '../../db/first'
import {
  currencies,
  languages,
  permissions,
  roles,
  userAuthorizations,
  userPermissions,
  users,
} from '../../db/schema'
import { loadSessionUser, permissionsOf } from '../auth/session'
import { loadSettings } from '../settings'
import { writeTrace } from '../trace'
import { guardUser } from './user-policy'

type Refusal<T> = Promise<Result<T, DomainError>>
type Deps = { db: Db; clock: Clock }

/** Writes some fields of a user and the trace of the change, in one transaction. */
const saveUserFields = (
  { db, clock }: Deps,
  actorId: number,
  id: number,
  fields: Partial<typeof users.$inferInsert>,
  trace: { action: string; message: string; severity?: 'info' | 'warning' },
) =>
  db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...fields, updated_at: clock.now() })
      .where(eq(users.id, id))
    await writeTrace(tx, clock, { ...trace, model: 'user', model_id: id, user_id: actorId })
  })

const findUser = (db: DbOrTx, id: number) =>
  db.select().from(users).where(eq(users.id, id)).limit(1).then(first)

const roleId = async (db: DbOrTx, code: string): Promise<number | null> =>
  (await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code)).limit(1).then(first))?.id ?? null

const loginTaken = async (db: DbOrTx, login: string, exceptId: number | null) =>
  (await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptId === null
        ? sql`lower(${users.login}) = lower(${login})`
        : and(sql`lower(${users.login}) = lower(${login})`, ne(users.id, exceptId)),
    )
    .limit(1)
    .then(first)) !== undefined

/** GET /bwapi/users/create: the choices of the creation form. */
export const userCreateForm = async (db: Db, actor: Actor, language: Language) => {
  const allowed = checkCanManageUsers(actor)
  if (!allowed.ok) return allowed
  const [roleRows, languageRows, currencyRows] = await Promise.all([
    db.select({ value: roles.code, label: roles.label }).from(roles).orderBy(asc(roles.label)),
    db
      .select({ value: languages.code, label: languages.label })
      .from(languages)
      .where(eq(languages.active, true)),
    db.select({ value: currencies.code, label: currencies.label }).from(currencies),
  ])
  return ok({
    roles: roleRows.map((r) => ({ value: r.value, label: roleLabel(r.value, language, r.label) })),
    languages: languageRows,
    currencies: currencyRows,
  })
}

/** POST /bwapi/users: a manager creates a user with a first password meeting the policy. */
export const createUser = async (
  { db, clock }: Deps,
  actor: Actor,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = checkCanManageUsers(actor)
  if (!allowed.ok) return allowed
  const parsed = parseWith(UserCreateSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const settings = await loadSettings(db)
  const checked = validateFields({
    login: [(await loginTaken(db, value.login, null)) ? { code: 'NOT_UNIQUE' } : null],
    password: passwordIssues(value.password, passwordPolicyOf(settings)),
    password_confirmation: [confirmationMatches(value.password, value.password_confirmation)],
  })
  if (!checked.ok) return checked
  const password_hash = await hashPassword(value.password)
  const id = await db.transaction(async (tx) => {
    const now = clock.now()
    const { password: _p, password_confirmation: _c, role, ...fields } = value
    const inserted = await tx
      .insert(users)
      .values({ ...fields, role_id: await roleId(tx, role), password_hash, created_at: now, updated_at: now })
      .returning({ id: users.id })
    const newId = inserted[0]?.id
    if (newId === undefined) throw new Error('Insert returned no id')
    await writeTrace(tx, clock, {
      action: 'create',
      message: `User ${value.login} created`,
      model: 'user',
      model_id: newId,
      user_id: actor.id,
    })
    return newId
  })
  return ok({ data: { id } })
}

/** GET /bwapi/users/{id}/contextual-menu: the row's actions for this actor. */
export const userContextualMenu = async (
  db: Db,
  actor: Actor,
  id: number,
  language: Language,
): Refusal<unknown> => {
  const target = await loadSessionUser(db, id)
  if (target === null) return err({ code: 'ITEM_NOT_FOUND' })
  const actions = userRowActions(actor, target)
  if (actions.length === 0) return err({ code: 'FORBIDDEN' })
  return ok({ actions: actions.map((action) => ({ action, label: userActionLabel(action, language) })) })
}

/** POST /bwapi/users/do-bulk-action: activate or deactivate several users at once. */
export const userBulkAction = async (
  { db, clock }: Deps,
  actor: Actor,
  input: unknown,
): Refusal<{ updated: number }> => {
  const parsed = parseWith(BulkActionSchema, input)
  if (!parsed.ok) return parsed
  const action = parsed.value.action
  if (!(USER_BULK_ACTIONS as readonly string[]).includes(action)) {
    return err(formError({ action: [{ code: 'NOT_IN_LIST' }] }))
  }
  const ids = [...new Set(parsed.value.ids)]
  const allowed = checkUserBulkAction(actor, action as UserBulkAction, ids)
  if (!allowed.ok) return allowed
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))
  if (existing.length !== ids.length) return err({ code: 'ITEM_NOT_FOUND' })
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ active: action === 'activate', updated_at: clock.now() })
      .where(inArray(users.id, ids))
    await writeTrace(tx, clock, {
      action,
      message: `Users ${ids.join(', ')}: ${action}`,
      model: 'user',
      user_id: actor.id,
    })
  })
  return ok({ updated: ids.length })
}

/**
 * GET /bwapi/users/{id}/password: whether the password form asks for the current password (one's
 * own) — for oneself or a user manager, like the profile.
 */
export const getPasswordForm = async (db: Db, actor: Actor, id: number): Refusal<unknown> => {
  const allowed = await guardUser(db, actor, id, 'password')
  if (!allowed.ok) return allowed
  if ((await findUser(db, id)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return ok({ data: { own: actor.id === id, requires_current: requiresCurrentPassword(actor, id) } })
}

/** GET /bwapi/users/{id}/profile */
export const getProfile = async (db: Db, actor: Actor, id: number): Refusal<unknown> => {
  const allowed = await guardUser(db, actor, id, 'profile')
  if (!allowed.ok) return allowed
  const user = await findUser(db, id)
  if (user === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return ok({
    data: {
      id: user.id,
      login: user.login,
      label: user.label,
      email: user.email,
      signature: user.signature_path !== null,
    },
  })
}

/** POST /bwapi/users/{id}/profile */
export const updateProfile = async (
  { db, clock }: Deps,
  actor: Actor,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = await guardUser(db, actor, id, 'profile')
  if (!allowed.ok) return allowed
  const parsed = parseWith(ProfileInputSchema, input)
  if (!parsed.ok) return parsed
  if ((await findUser(db, id)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  await saveUserFields({ db, clock }, actor.id, id, parsed.value, {
    action: 'update_profile',
    message: 'Profile updated',
  })
  return ok({ data: { id } })
}

/** GET /bwapi/users/{id}/preferences */
export const getPreferences = async (db: Db, actor: Actor, id: number): Refusal<unknown> => {
  const allowed = await guardUser(db, actor, id, 'preferences')
  if (!allowed.ok) return allowed
  const user = await findUser(db, id)
  if (user === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  return ok({
    data: {
      language: user.language,
      currency_code: user.currency_code,
      price_display_inctax: user.price_display_inctax,
      notifications: user.notifications,
    },
  })
}

/** Writes preferences (the whole set) after checking the currency exists. */
export const savePreferences = async (
  { db, clock }: Deps,
  actor: Actor,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = await guardUser(db, actor, id, 'preferences')
  if (!allowed.ok) return allowed
  const parsed = parseWith(PreferencesInputSchema, input)
  if (!parsed.ok) return parsed
  const code = parsed.value.currency_code
  if (
    code !== null &&
    (await db.select().from(currencies).where(eq(currencies.code, code)).limit(1).then(first)) === undefined
  ) {
    return err(formError({ currency_code: [{ code: 'NOT_IN_LIST' }] }))
  }
  if ((await findUser(db, id)) === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  await saveUserFields({ db, clock }, actor.id, id, parsed.value, {
    action: 'update_preferences',
    message: 'Preferences updated',
  })
  return ok({ data: { id } })
}

/** Changes one preference of the current user (layout calls: language, currency, price display). */
export const changeOwnPreference = async (
  deps: Deps,
  actor: Actor,
  patch: Partial<Record<'language' | 'currency_code' | 'price_display_inctax', unknown>>,
) => {
  const current = await getPreferences(deps.db, actor, actor.id)
  if (!current.ok) return current
  const base = (current.value as { data: Record<string, unknown> }).data
  return savePreferences(deps, actor, actor.id, { ...base, ...patch })
}

/** GET /bwapi/users/{id}/permissions (managers only). */
export const getPermissions = async (db: Db, actor: Actor, id: number): Refusal<unknown> => {
  const allowed = checkCanManageUsers(actor)
  if (!allowed.ok) return allowed
  const user = await findUser(db, id)
  if (user === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const role =
    user.role_id === null
      ? null
      : await db
          .select({ code: roles.code })
          .from(roles)
          .where(eq(roles.id, user.role_id))
          .limit(1)
          .then(first)
  const own = await db
    .select({ code: permissions.code })
    .from(userPermissions)
    .innerJoin(permissions, eq(userPermissions.permission_id, permissions.id))
    .where(eq(userPermissions.user_id, id))
  const authorizations = await db
    .select({
      dimension: userAuthorizations.dimension,
      value_code: userAuthorizations.value_code,
      access: userAuthorizations.access,
    })
    .from(userAuthorizations)
    .where(eq(userAuthorizations.user_id, id))
  return ok({
    data: {
      role: role?.code ?? 'none',
      active: user.active,
      buyer: user.buyer,
      can_view_other_po: user.can_view_other_po,
      permissions: own.map((p) => p.code),
      effective_permissions: await permissionsOf(db, id, user.role_id),
      authorizations,
    },
  })
}

/** POST /bwapi/users/{id}/permissions: everything replaced in one transaction. */
export const updatePermissions = async (
  { db, clock }: Deps,
  actor: Actor,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const target = await loadSessionUser(db, id)
  const decisions = allowedUserActions(actor, target ?? { id, active: true, permissions: [] })
  const allowed = guard(decisions, 'permissions')
  if (!allowed.ok) return allowed
  const parsed = parseWith(PermissionsInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  // Deactivating an active account is its own action (never one's own).
  const deactivating = value.active
    ? allowed
    : guard(decisions, target?.active === false ? 'permissions' : 'deactivate')
  if (!deactivating.ok) return deactivating
  if (target === null) return err({ code: 'ITEM_NOT_FOUND' })
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        role_id: await roleId(tx, value.role),
        active: value.active,
        buyer: value.buyer,
        can_view_other_po: value.can_view_other_po,
        updated_at: clock.now(),
      })
      .where(eq(users.id, id))
    await tx.delete(userPermissions).where(eq(userPermissions.user_id, id))
    if (value.permissions.length > 0) {
      const rows = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.code, value.permissions))
      await tx.insert(userPermissions).values(rows.map((p) => ({ user_id: id, permission_id: p.id })))
    }
    await tx.delete(userAuthorizations).where(eq(userAuthorizations.user_id, id))
    if (value.authorizations.length > 0) {
      await tx.insert(userAuthorizations).values(value.authorizations.map((a) => ({ ...a, user_id: id })))
    }
    await writeTrace(tx, clock, {
      action: 'update_permissions',
      message: 'Permissions updated',
      model: 'user',
      model_id: id,
      user_id: actor.id,
      severity: 'warning',
    })
  })
  return ok({ data: { id } })
}

/**
 * POST /bwapi/users/{id}/password. A user changing their own password gives the current one; a
 * manager resetting someone else's does not. The new one meets the policy, differs from the
 * current one, and is confirmed.
 */
export const changePassword = async (
  { db, clock }: Deps,
  actor: Actor,
  id: number,
  input: unknown,
): Refusal<{ data: { id: number } }> => {
  const allowed = await guardUser(db, actor, id, 'password')
  if (!allowed.ok) return allowed
  const parsed = parseWith(PasswordChangeSchema, input)
  if (!parsed.ok) return parsed
  const user = await findUser(db, id)
  if (user === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const { current_password, password, password_confirmation } = parsed.value
  const own = requiresCurrentPassword(actor, id)
  const currentOk =
    !own ||
    (current_password !== undefined &&
      user.password_hash !== null &&
      (await verifyPassword(user.password_hash, current_password)))
  const settings = await loadSettings(db)
  const checked = validateFields({
    current_password: [
      own && !currentOk ? { code: current_password ? 'PASSWORD_CURRENT_MISMATCH' : 'FIELD_REQUIRED' } : null,
    ],
    password: [
      ...passwordIssues(password, passwordPolicyOf(settings)),
      own && current_password !== undefined ? differsFromCurrent(password, current_password) : null,
    ],
    password_confirmation: [confirmationMatches(password, password_confirmation)],
  })
  if (!checked.ok) return checked
  const password_hash = await hashPassword(password)
  await saveUserFields(
    { db, clock },
    actor.id,
    id,
    { password_hash },
    {
      action: 'change_password',
      message: 'Password changed',
      severity: 'warning',
    },
  )
  return ok({ data: { id } })
}
