/** How many prepared statements each SQLite connection keeps (the oldest go). */
export declare const KEPT_STATEMENTS = 300
/**
 * Settings SQLite keeps per connection: enforced foreign keys, a busy timeout (the CLI may write
 * while the server runs), and NORMAL sync, which with WAL syncs at checkpoints rather than at every
 * commit (never corrupt; SQLite's recommended setting for WAL).
 */
export declare const CONNECTION_PRAGMAS: readonly [
  'PRAGMA foreign_keys = ON',
  'PRAGMA busy_timeout = 5000',
  'PRAGMA synchronous = NORMAL',
]
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
export declare const keepPreparedStatements: () => void
