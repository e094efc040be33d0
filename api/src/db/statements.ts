import type { Logger } from 'drizzle-orm/logger'
import { noteStatement } from './reference-cache'

let statements = 0
/** PROCURA_LOG_STATEMENTS=1 prints each statement's SQL (to see what a call sends); read once. */
const logged = process.env.PROCURA_LOG_STATEMENTS === '1'

/**
 * Counts the statements the services send through drizzle, on both engines (the bench reads it
 * to count what an order's flow costs), and tells the reference cache of each (a write ends a
 * call's trust in it). A counter, no log: it costs one addition per statement.
 */
export const statementCounter: Logger = {
  logQuery: (query: string) => {
    statements += 1
    noteStatement(query)
    if (logged) console.log(`SQL ${query.slice(0, 160)}`)
  },
}

/** How many statements this process has sent so far (compare two readings). */
export const statementsSent = () => statements

/** Told of each statement's duration (seconds) and kind; the metrics listen when they are on. */
type DurationObserver = (seconds: number, kind: 'read' | 'write') => void
const observers = new Set<DurationObserver>()

export const onStatementDuration = (observer: DurationObserver): (() => void) => {
  observers.add(observer)
  return () => observers.delete(observer)
}

const READ_STATEMENT = /^\s*(select|pragma|explain|with)\b/i

/**
 * Runs one statement through the driver, timing it when someone listens (nothing otherwise): the
 * time from sending it to its answer, waiting for SQLite's one writer included.
 */
export const timed = <R>(sql: string, run: () => Promise<R>): Promise<R> => {
  if (observers.size === 0) return run()
  const start = process.hrtime.bigint()
  const done = () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9
    const kind = READ_STATEMENT.test(sql) ? 'read' : 'write'
    for (const observer of observers) observer(seconds, kind)
  }
  const running = run()
  running.then(done, done)
  return running
}
