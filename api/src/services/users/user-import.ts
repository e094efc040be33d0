import { hasDuty } from '@procura/core/auth'
import { parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { checkImportHeader, isYesCell } from '@procura/core/import'
import { err, ok } from '@procura/core/result'
import { isProtectedUser, USER_CSV_COLUMNS, USER_CSV_FLAGS, UserInputSchema } from '@procura/core/user'
import { stringify } from 'csv-stringify/sync'
import { asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db'
import type { RawTx } from '../../db/raw-transaction'
import { roles, users } from '../../db/schema'
import {
  IMPORT_SEPARATOR,
  type ImportDefinition,
  type ImportRow,
  importerOf,
  issueMessages,
  type RowOutcome,
  sayer,
  writeImportedRow,
} from '../imports/engine'

type Context = {
  roles: Map<string, number>
  roleCodes: Map<number, string>
  logins: Set<string>
  importer: number
}

const FIELDS = ['login', 'label', 'email', 'language', 'role', ...USER_CSV_FLAGS] as const
const WRITTEN = ['login', 'label', 'email', 'language', 'role_id', ...USER_CSV_FLAGS] as const

/**
 * A batch of users: a blank id creates one (no password: they choose theirs through "forgotten
 * password"), an id updates that user over their record (a blank cell keeps the value); core's
 * schema checks each line; a login taken in the database or earlier in the file is refused, and a
 * protected user (core's isProtectedUser) is not changed.
 */
const writeBatch = async (
  tx: RawTx,
  rows: ImportRow[],
  context: Context,
  now: Date,
  language: Language,
): Promise<RowOutcome[]> => {
  const say = sayer(language)
  const outcomes: RowOutcome[] = []
  for (const row of rows) {
    if (row.messages.length > 0) {
      outcomes.push({ messages: row.messages })
      continue
    }
    // The user's role by its code, as the file writes it.
    const current: Record<string, unknown> | undefined =
      row.current === undefined
        ? undefined
        : { ...row.current, role: context.roleCodes.get(Number(row.current.role_id)) ?? null }
    if (
      current !== undefined &&
      isProtectedUser({ id: Number(current.id), role: (current.role as string) ?? null }, context.importer)
    ) {
      outcomes.push({ messages: [say('id', 'USER_PROTECTED', { login: String(current.login) })] })
      continue
    }
    const input: Record<string, unknown> = {}
    for (const field of FIELDS) {
      const raw = (row.cells[field] ?? '').trim()
      if (raw === '') {
        if (current !== undefined)
          input[field] = (USER_CSV_FLAGS as readonly string[]).includes(field)
            ? Boolean(Number(current[field]) || current[field] === true)
            : current[field]
        continue
      }
      input[field] = (USER_CSV_FLAGS as readonly string[]).includes(field) ? isYesCell(raw) : raw
    }
    const parsed = parseWith(UserInputSchema, input)
    if (!parsed.ok) {
      outcomes.push({ messages: issueMessages(say, parsed.error) })
      continue
    }
    const user = parsed.value
    const login = user.login.toLowerCase()
    const owner = (await tx.execute({ sql: 'SELECT id FROM users WHERE lower(login) = ?', args: [login] }))
      .rows[0]
    if ((owner !== undefined && Number(owner.id) !== Number(current?.id ?? 0)) || context.logins.has(login)) {
      outcomes.push({ messages: [say('login', 'NOT_UNIQUE')] })
      continue
    }
    context.logins.add(login)
    const values = [
      user.login,
      user.label,
      user.email,
      user.language,
      context.roles.get(user.role) ?? null,
      user.active,
      user.buyer,
      user.can_view_other_po,
      user.price_display_inctax,
    ]
    await writeImportedRow(
      tx,
      'users',
      WRITTEN,
      values,
      now,
      current === undefined ? undefined : Number(current.id),
    )
    outcomes.push({ created: current === undefined })
  }
  return outcomes
}

const definition = (importer: number): ImportDefinition<Context> => ({
  name: 'users',
  may: (actor) =>
    actor.administrator === true || hasDuty(actor, 'manage_users')
      ? ok(undefined)
      : err({ code: 'FORBIDDEN' }),
  checkHeader: (header) => checkImportHeader(header, USER_CSV_COLUMNS, ['id', 'login']),
  table: 'users',
  prepare: async (db) => {
    const known = await db.select({ code: roles.code, id: roles.id }).from(roles)
    return {
      roles: new Map(known.map((r) => [r.code, r.id])),
      roleCodes: new Map(known.map((r) => [r.id, r.code])),
      logins: new Set<string>(),
      importer,
    }
  },
  writeBatch,
})

/** Users by CSV (`procura import users`, POST /bwapi/users/import): all or nothing. */
export const importUsers = importerOf((actor) => definition(actor.id))

/** Every user as the import reads them (`procura export users`, GET /bwapi/users/file), by pages of 500. */
export async function* exportUsers(db: Db) {
  const write = (cells: string[][]) =>
    stringify(cells, { delimiter: IMPORT_SEPARATOR, record_delimiter: 'windows' })
  yield `\uFEFF${write([[...USER_CSV_COLUMNS]])}`
  let lastId = 0
  for (;;) {
    const page = await db
      .select({ user: users, role: roles.code })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.role_id))
      .where(gt(users.id, lastId))
      .orderBy(asc(users.id))
      .limit(500)
    if (page.length === 0) return
    lastId = page[page.length - 1]?.user.id ?? lastId
    yield write(
      page.map(({ user, role }) => [
        String(user.id),
        user.login,
        user.label,
        user.email,
        user.language,
        role ?? 'none',
        ...USER_CSV_FLAGS.map((f) => (user[f] ? '1' : '0')),
      ]),
    )
  }
}
