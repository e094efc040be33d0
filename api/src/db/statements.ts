import type { Logger } from 'drizzle-orm/logger'
import { noteStatement } from './reference-cache'

let statements = 0

/**
 * Counts the statements the services send through drizzle, on both engines (the bench reads it
 * to count what an order's flow costs), and tells the reference cache of each (a write ends a
 * call's trust in it). A counter, no log: it costs one addition per statement.
 */
export const statementCounter: Logger = {
  logQuery: (query: string) => {
    statements += 1
    noteStatement(query)
    if (process.env.PROCURA_LOG_STATEMENTS === '1') console.log(`SQL ${query.slice(0, 160)}`)
  },
}

/** How many statements this process has sent so far (compare two readings). */
export const statementsSent = () => statements
