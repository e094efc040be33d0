import { createRequire } from 'node:module'

/** How many prepared statements each SQLite connection keeps (the oldest go). */
export const KEPT_STATEMENTS = 300

/**
 * Settings SQLite keeps per connection: enforced foreign keys, a busy timeout (the CLI may write
 * while the server runs), and NORMAL sync, which with WAL syncs at checkpoints rather than at every
 * commit (never corrupt; SQLite's recommended setting for WAL).
 */
export const CONNECTION_PRAGMAS = [
  'PRAGMA foreign_keys = ON',
  'PRAGMA busy_timeout = 5000',
  'PRAGMA synchronous = NORMAL',
] as const

type Statement = { columns: () => unknown[]; raw: (on?: boolean) => Statement; all: () => unknown[] }
type Connection = { prepare: (sql: string) => Statement }

let installed = false

/**
 * Keeps each SQLite connection's prepared statements, by their SQL, so the order flow's and the
 * lists' statements are compiled once per connection rather than at every call: @libsql/client
 * prepares every statement it executes, asks its columns twice and, for a write, whether it
 * returns rows by catching an error. The statements stay
 * libsql's own (bound, run and reset by it; a statement is never shared between connections, and
 * every use runs to its end synchronously), so nothing but the compiling is saved. Installed once
 * per process, on the driver @libsql/client loads for local files.
 *
 * A connection's settings (CONNECTION_PRAGMAS) are applied here too, before its first statement:
 * libSQL's client opens connections as it needs them (a transaction holds one), and applying them
 * once per connection, rather than again after each transaction, keeps its prepared statements —
 * SQLite expires every prepared statement of a connection at each flag pragma, changed or not.
 */
export const keepPreparedStatements = () => {
  if (installed) return
  installed = true
  const Database = createRequire(import.meta.url)('libsql') as { prototype: Connection }
  const prepare = Database.prototype.prepare
  const kept = new WeakMap<Connection, Map<string, Statement>>()
  Database.prototype.prepare = function (this: Connection, sql: string) {
    let statements = kept.get(this)
    if (statements === undefined) {
      statements = new Map()
      kept.set(this, statements)
      for (const pragma of CONNECTION_PRAGMAS) prepare.call(this, pragma).all()
    }
    // A hit is one lookup (the SQL is compared once): the oldest prepared goes first when the
    // connection keeps too many, used lately or not (it is prepared again if it comes back).
    const known = statements.get(sql)
    if (known !== undefined) return known
    const statement = prepare.call(this, sql)
    // A prepared statement's columns do not change: asked once.
    const columns = statement.columns.bind(statement)
    let knownColumns: unknown[] | undefined
    statement.columns = () => {
      knownColumns ??= columns()
      return knownColumns
    }
    // A statement that returns no rows refuses raw mode, which @libsql/client asks at every use
    // to find out: the refusal is remembered and thrown again as it was (no new error to build).
    const raw = statement.raw.bind(statement)
    let refused: unknown
    statement.raw = (on?: boolean) => {
      if (refused !== undefined && on !== false) throw refused
      try {
        return raw(on)
      } catch (error) {
        refused = error
        throw error
      }
    }
    statements.set(sql, statement)
    if (statements.size > KEPT_STATEMENTS) {
      const oldest = statements.keys().next().value
      if (oldest !== undefined) statements.delete(oldest)
    }
    return statement
  }
}
