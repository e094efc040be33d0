/**
 * The first row of a query's answer, or undefined: `query.limit(1).then(first)` reads one row the
 * same way on SQLite and PostgreSQL (SQLite's `.get()` has no PostgreSQL twin).
 */
export const first = <T>(rows: readonly T[]): T | undefined => rows[0]
