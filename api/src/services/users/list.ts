import { type Actor, USER_BULK_ACTIONS, userActionLabel, userRowActions } from '@procura/core/auth'
import type { Language } from '@procura/core/i18n'
import {
  columnsOf,
  filterOf,
  listFilter,
  PER_PAGE_OPTIONS,
  parseListQuery,
  parseSearchQuery,
} from '@procura/core/list'
import { ok } from '@procura/core/result'
import { PERMISSION_CODES, type PermissionCode, roleLabel, USER_LIST } from '@procura/core/user'
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { everyWord, likeCi } from '../../db/portable-sql'
import { languages, permissions, rolePermissions, roles, userPermissions, users } from '../../db/schema'
import { inSlice, readPage } from '../list-page'

export const USER_SORTS = ['login', 'label', 'email', 'role', 'active', 'created_at'] as const
/** The users list's filters, each with the kind of value it takes. */
export const USER_FILTER_KINDS = {
  role: listFilter.code(),
  active: listFilter.flag(),
  buyer: listFilter.flag(),
  language: listFilter.code(),
}
type UserFilter = keyof typeof USER_FILTER_KINDS
export const USER_FILTERS = Object.keys(USER_FILTER_KINDS) as UserFilter[]

const t = (en: string, es: string, fr: string) => ({ en, es, fr })
const FILTER_LABELS: Record<UserFilter, Record<Language, string>> = {
  role: t('Role', 'Rol', 'Rôle'),
  active: t('Active', 'Activo', 'Actif'),
  buyer: t('Buyer', 'Comprador', 'Acheteur'),
  language: t('Language', 'Idioma', 'Langue'),
}
const YES_NO = { yes: t('Yes', 'Sí', 'Oui'), no: t('No', 'No', 'Non') }
const TITLE = t('Users', 'Usuarios', 'Utilisateurs')

/** GET /bwapi/users/index: what the list screen needs to draw itself. */
export const usersIndex = (language: Language) => ({
  title: TITLE[language],
  columns: columnsOf(USER_LIST, language),
  filters: USER_FILTERS.map((key) => filterOf(key, FILTER_LABELS[key][language])),
  bulk_actions: USER_BULK_ACTIONS.map((action) => ({ action, label: userActionLabel(action, language) })),
  per_page_options: PER_PAGE_OPTIONS,
  default_sort: { sort: 'login', direction: 'asc' },
})

/** GET /bwapi/users/filter-list/{field}?search=: the options of one filter. */
export const userFilterOptions = async (db: Db, field: string, search: string, language: Language) => {
  const matches = (label: string, value: string) =>
    search === '' || `${label} ${value}`.toLowerCase().includes(search.toLowerCase())
  if (field === 'role') {
    const rows = await db.select({ value: roles.code, label: roles.label }).from(roles)
    return rows
      .map((r) => ({ value: r.value, label: roleLabel(r.value, language, r.label) }))
      .sort((a, b) => a.label.localeCompare(b.label, language))
      .filter((r) => matches(r.label, r.value))
  }
  if (field === 'language') {
    const rows = await db.select({ value: languages.code, label: languages.label }).from(languages)
    return rows.filter((r) => matches(r.label, r.value))
  }
  if (field === 'active' || field === 'buyer') {
    return [
      { value: '1', label: YES_NO.yes[language] },
      { value: '0', label: YES_NO.no[language] },
    ].filter((r) => matches(r.label, r.value))
  }
  return null
}

const SORT_COLUMNS = {
  login: users.login,
  label: users.label,
  email: users.email,
  role: roles.label,
  active: users.active,
  created_at: users.created_at,
} as const

const isPermission = (code: string): code is PermissionCode =>
  (PERMISSION_CODES as readonly string[]).includes(code)

/** Permissions of several users at once (role's and own), for the rows' actions. */
const permissionsByUser = async (db: Db, rows: { id: number; role_id: number | null }[]) => {
  const ids = rows.map((r) => r.id)
  const roleIds = [...new Set(rows.map((r) => r.role_id).filter((id): id is number => id !== null))]
  const fromRoles =
    roleIds.length === 0
      ? []
      : await db
          .select({ role_id: rolePermissions.role_id, code: permissions.code })
          .from(rolePermissions)
          .innerJoin(permissions, eq(rolePermissions.permission_id, permissions.id))
          .where(inArray(rolePermissions.role_id, roleIds))
  const own =
    ids.length === 0
      ? []
      : await db
          .select({ user_id: userPermissions.user_id, code: permissions.code })
          .from(userPermissions)
          .innerJoin(permissions, eq(userPermissions.permission_id, permissions.id))
          .where(inArray(userPermissions.user_id, ids))
  return new Map(
    rows.map((r) => [
      r.id,
      [
        ...new Set([
          ...fromRoles.filter((p) => p.role_id === r.role_id).map((p) => p.code),
          ...own.filter((p) => p.user_id === r.id).map((p) => p.code),
        ]),
      ].filter(isPermission),
    ]),
  )
}

/** GET /bwapi/users?{query}: one page, each row with the actions this actor may apply. */
export const listUsers = async (
  db: Db,
  actor: Actor,
  query: Record<string, string | undefined>,
  language: Language,
) => {
  const parsed = parseListQuery(query, {
    sortable: USER_SORTS,
    defaultSort: 'login',
    filters: USER_FILTER_KINDS,
  })
  if (!parsed.ok) return parsed
  const q = parsed.value
  const where: SQL[] = []
  const search = everyWord(q.search, (pattern) =>
    or(likeCi(users.login, pattern), likeCi(users.label, pattern), likeCi(users.email, pattern)),
  )
  if (search !== undefined) where.push(search)
  if (q.filters.role !== undefined)
    where.push(
      inArray(users.role_id, db.select({ id: roles.id }).from(roles).where(eq(roles.code, q.filters.role))),
    )
  if (q.filters.active !== undefined) where.push(eq(users.active, q.filters.active))
  if (q.filters.buyer !== undefined) where.push(eq(users.buyer, q.filters.buyer))
  if (q.filters.language !== undefined) where.push(eq(users.language, q.filters.language))
  const page = await readPage(db, q, {
    table: users,
    id: users.id,
    idDirection: 'asc',
    where: and(...where),
    sort: { by: SORT_COLUMNS[q.sort] },
    rows: (slice) =>
      inSlice(
        db
          .select({
            id: users.id,
            login: users.login,
            label: users.label,
            email: users.email,
            role_id: users.role_id,
            role: roles.code,
            role_label: roles.label,
            active: users.active,
            buyer: users.buyer,
            language: users.language,
            created_at: users.created_at,
          })
          .from(users)
          .leftJoin(roles, eq(users.role_id, roles.id))
          .$dynamic(),
        slice,
      ),
  })
  if (!page.ok) return page
  const rows = page.value.rows
  const perms = await permissionsByUser(db, rows)
  const data = rows.map(({ role_id: _roleId, ...row }) => ({
    ...row,
    role_label: row.role === null ? null : roleLabel(row.role, language, row.role_label ?? row.role),
    created_at: row.created_at.toISOString(),
    actions: userRowActions(actor, {
      id: row.id,
      active: row.active,
      permissions: perms.get(row.id) ?? [],
    }).map((action) => ({ action, label: userActionLabel(action, language) })),
  }))
  return ok({ data, meta: page.value.meta })
}

/**
 * GET /bwapi/users/search?search=: active users whose name or login holds the text (from 2
 * characters, 20 at most), for the organisation's pickers (delegate, validator). Names and
 * logins only.
 */
export const searchUsers = async (db: Db, query: Record<string, string | undefined>) => {
  const parsed = parseSearchQuery(query, {})
  if (!parsed.ok) return parsed
  const { search } = parsed.value
  if (search.length < 2) return ok({ data: [] })
  const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
  const rows = await db
    .select({ id: users.id, login: users.login, label: users.label })
    .from(users)
    .where(and(eq(users.active, true), or(likeCi(users.label, pattern), likeCi(users.login, pattern))))
    .orderBy(asc(users.label))
    .limit(20)
  return ok({ data: rows })
}
