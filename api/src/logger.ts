import { Writable } from 'node:stream'
import pino from 'pino'
import pretty from 'pino-pretty'

/**
 * What the api logs through: a message, optional fields, and for errors the error itself. Every
 * line of a request's work carries its `request_id` (a child logger made by the request-id
 * middleware).
 */
export type Logger = {
  info: (message: string, fields?: Record<string, unknown>) => void
  warn: (message: string, fields?: Record<string, unknown>) => void
  error: (message: string, error?: unknown, fields?: Record<string, unknown>) => void
  child: (bindings: Record<string, unknown>) => Logger
}

/** Field names whose values never reach a log line, wherever they sit in the logged object. */
const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'current_password',
  'password_hash',
  'token',
  'token_hash',
  'csrf_token',
  'session',
  'session_id',
  'cookie',
  'set-cookie',
  'authorization',
  'x-xsrf-token',
]
const access = (key: string) => (/^\w+$/.test(key) ? `.${key}` : `["${key}"]`)
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [
  access(key).replace(/^\./, ''),
  `*${access(key)}`,
  `*.*${access(key)}`,
])

/** Values that look like secrets whatever their key: argon2 hashes, session-cookie values. */
const SECRET_VALUES = [/\$argon2(?:id|i|d)\$[^\s,'")]+/g, /procura_session=[^;\s]+/g]
export const scrub = (text: string): string =>
  SECRET_VALUES.reduce((out, pattern) => out.replace(pattern, '[Redacted]'), text)

/**
 * An error as a log line shows it. A database error keeps its SQL but never its bound values (a
 * failed insert of a user would otherwise log the password hash); any text is scrubbed of
 * hash-like values; causes are followed.
 */
export const serialiseError = (error: unknown, depth = 0): Record<string, unknown> => {
  if (!(error instanceof Error)) return { message: scrub(String(error)) }
  const query = (error as { query?: unknown }).query
  const message = typeof query === 'string' ? `Failed query: ${query}` : error.message
  const stackFrames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const out: Record<string, unknown> = {
    type: error.name,
    message: scrub(message),
    stack: scrub([`${error.name}: ${message}`, ...stackFrames].join('\n')),
  }
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') out.code = code
  if (error.cause !== undefined && depth < 3) out.cause = serialiseError(error.cause, depth + 1)
  return out
}

const wrap = (base: pino.Logger): Logger => ({
  info: (message, fields) => base.info(fields ?? {}, scrub(message)),
  warn: (message, fields) => base.warn(fields ?? {}, scrub(message)),
  error: (message, error, fields) =>
    base.error(
      { ...fields, ...(error === undefined ? {} : { error: serialiseError(error) }) },
      scrub(message),
    ),
  child: (bindings) => wrap(base.child(bindings)),
})

export type LogFormat = 'json' | 'pretty'

/**
 * The api's logger (pino): JSON lines in production, readable coloured lines in development;
 * secrets redacted by key and by look.
 */
export const createLogger = (
  options: { format?: LogFormat; level?: string; destination?: NodeJS.WritableStream } = {},
): Logger => {
  const destination = options.destination ?? process.stdout
  const stream =
    options.format === 'pretty'
      ? pretty({ destination, colorize: (destination as { isTTY?: boolean }).isTTY === true, sync: true })
      : destination
  return wrap(
    pino(
      {
        level: options.level ?? 'info',
        base: null,
        redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
        formatters: { level: (label) => ({ level: label }) },
      },
      stream,
    ),
  )
}

/** JSON in production (NODE_ENV=production or LOG_FORMAT=json), readable lines otherwise. */
export const logFormatOf = (env: Readonly<Record<string, string | undefined>>): LogFormat =>
  env.LOG_FORMAT === 'json' || (env.LOG_FORMAT !== 'pretty' && env.NODE_ENV === 'production')
    ? 'json'
    : 'pretty'

/** A logger that keeps its JSON lines, for tests that check what was logged (and what was not). */
export const memoryLogger = (): Logger & { lines: string[]; entries: () => Record<string, unknown>[] } => {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const logger = createLogger({ format: 'json', destination, level: 'debug' })
  return {
    ...logger,
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  }
}
