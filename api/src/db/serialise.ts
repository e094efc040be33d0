import type { Client, Transaction } from '@libsql/client'
import { timed } from './statements'

/** A first-come first-served lock: `acquire` resolves to the function that releases it (once). */
export const createMutex = () => {
  let last: Promise<void> = Promise.resolve()
  return async (): Promise<() => void> => {
    let open!: () => void
    const released = new Promise<void>((resolve) => {
      open = resolve
    })
    const previous = last
    last = previous.then(() => released)
    await previous
    let done = false
    return () => {
      if (!done) {
        done = true
        open()
      }
    }
  }
}

const READ = /^\s*(select|pragma|explain)\b/i
const sqlOf = (statement: unknown): string =>
  typeof statement === 'string' ? statement : String((statement as { sql?: unknown }).sql ?? '')

/**
 * One writer at a time in this process. SQLite allows a single writer, and libSQL's local driver
 * waits for a busy database synchronously: a second write while a transaction is open on another
 * connection would block the event loop that must finish the first (then fail with SQLITE_BUSY).
 * So transactions and writing statements queue here; reads go straight through (WAL lets them
 * run beside a writer). Other processes (the CLI) still meet the busy timeout (each connection's
 * settings: statement-cache.ts).
 */
export const serialiseWrites = (client: Client): Client => {
  const acquire = createMutex()
  const locked =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const release = await acquire()
      try {
        return await work(...args)
      } finally {
        release()
      }
    }
  const wrapTransaction = (tx: Transaction, release: () => void): Transaction =>
    new Proxy(tx, {
      get(target, property) {
        const value = Reflect.get(target, property, target)
        if (typeof value !== 'function') return value
        if (property === 'commit' || property === 'rollback')
          return async () => {
            try {
              return await (value as () => Promise<void>).call(target)
            } finally {
              release()
            }
          }
        if (property === 'close')
          return () => {
            try {
              return (value as () => void).call(target)
            } finally {
              release()
            }
          }
        if (property === 'execute') {
          const execute = value.bind(target) as (...args: unknown[]) => Promise<unknown>
          return (...args: unknown[]) => timed(sqlOf(args[0]), () => execute(...args))
        }
        return value.bind(target)
      },
    })
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      const method = value.bind(target) as (...args: unknown[]) => Promise<unknown>
      if (property === 'execute')
        return (...args: unknown[]) =>
          timed(sqlOf(args[0]), () => (READ.test(sqlOf(args[0])) ? method(...args) : locked(method)(...args)))
      if (property === 'batch' || property === 'executeMultiple' || property === 'migrate')
        return locked(method)
      if (property === 'transaction')
        return async (...args: unknown[]) => {
          const release = await acquire()
          try {
            // A write transaction (BEGIN IMMEDIATE) unless asked otherwise: one that reads then
            // writes takes the lock first, so another process makes it wait (busy timeout) rather
            // than failing with SQLITE_BUSY at its first write (sqlite-two-processes.test.ts).
            const tx = (await method(...(args.length === 0 ? ['write'] : args))) as Transaction
            return wrapTransaction(tx, release)
          } catch (error) {
            release()
            throw error
          }
        }
      return method
    },
  })
}
