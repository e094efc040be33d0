import type { DbOrTx } from './types'

/** What drizzle's prepared queries run on: the session's connection, and its transaction (SQLite). */
type Session = { client: unknown; tx?: unknown }
type Internals = { dialect: object; session: Session }
type Preparable<P> = { prepare: () => P }

/**
 * A statement drizzle builds once — its SQL text, its values left as placeholders
 * (`sql.placeholder`), its row mapping — and runs on the database or on any of its transactions,
 * on either engine. Drizzle builds a query's SQL again at every call, which costs about what
 * SQLite takes to run it (docs/benchmarks.md): the statements every order or request sends are
 * built here once per engine. `execute(values)` answers what awaiting the query would: the rows of
 * a select (mapped as drizzle maps them), the driver's result of a write.
 *
 * The query is built from the first database it meets; each call binds a view of it to the
 * connection of the database or transaction given (drizzle's own prepared query is bound to the
 * session it was built on: inside a transaction it would run outside it).
 */
export const preparedStatement = <P extends object>(build: (db: DbOrTx) => Preparable<P>) => {
  // Per engine (its dialect's class): the table bindings a process uses are one engine's.
  const built = new Map<unknown, P>()
  return (db: DbOrTx): P => {
    const { dialect, session } = db as unknown as Internals
    let prepared = built.get(dialect.constructor)
    if (prepared === undefined) {
      prepared = build(db).prepare()
      built.set(dialect.constructor, prepared)
    }
    return Object.create(prepared, {
      client: { value: session.client },
      tx: { value: session.tx },
    }) as P
  }
}
