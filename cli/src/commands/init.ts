import { systemClock } from '@procura/api/clock'
import { loadConfig } from '@procura/api/config'
import { createMailer } from '@procura/api/mail/mailer'
import { completeFirstRun, firstRunChoices } from '@procura/api/services/operations/first-run'
import { seedReference } from '@procura/api/services/seed'
import { instanceMailRoute } from '@procura/api/services/settings'
import { type DomainError, toFieldIssue, translate } from '@procura/core/errors'
import { FILE_STORAGES, FirstRunSchema } from '@procura/core/settings'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

/** One answer of the first run: its option, its environment variable, its question. */
type Question = {
  field: keyof typeof FirstRunSchema.shape
  flag: string
  env: string
  message: string
  kind: 'text' | 'secret' | 'choice' | 'optional'
  fallback?: string
}

const QUESTIONS: readonly Question[] = [
  {
    field: 'login',
    flag: 'adminLogin',
    env: 'PROCURA_ADMIN_LOGIN',
    message: 'Administrator’s login',
    kind: 'text',
    fallback: 'admin',
  },
  {
    field: 'label',
    flag: 'adminName',
    env: 'PROCURA_ADMIN_NAME',
    message: 'Administrator’s full name',
    kind: 'text',
  },
  {
    field: 'email',
    flag: 'adminEmail',
    env: 'PROCURA_ADMIN_EMAIL',
    message: 'Administrator’s e-mail',
    kind: 'text',
  },
  {
    field: 'language',
    flag: 'language',
    env: 'PROCURA_LANGUAGE',
    message: 'Administrator’s language',
    kind: 'choice',
    fallback: 'en',
  },
  {
    field: 'company_code',
    flag: 'companyCode',
    env: 'PROCURA_COMPANY_CODE',
    message: 'Company code (short, e.g. ACME)',
    kind: 'text',
  },
  {
    field: 'company_label',
    flag: 'companyName',
    env: 'PROCURA_COMPANY_NAME',
    message: 'Company name',
    kind: 'text',
  },
  {
    field: 'currency_code',
    flag: 'currency',
    env: 'PROCURA_CURRENCY',
    message: 'Company currency',
    kind: 'choice',
    fallback: 'EUR',
  },
  {
    field: 'country_code',
    flag: 'country',
    env: 'PROCURA_COUNTRY',
    message: 'Company country',
    kind: 'choice',
    fallback: 'FR',
  },
  {
    field: 'public_url',
    flag: 'publicUrl',
    env: 'PROCURA_PUBLIC_URL',
    message: 'Public address people open (empty: none yet)',
    kind: 'optional',
  },
  {
    field: 'smtp_url',
    flag: 'smtpUrl',
    env: 'SMTP_URL',
    message: 'Mail server, smtp://user:password@host:587 (empty: mails go to the outbox folder)',
    kind: 'optional',
  },
  {
    field: 'mail_from',
    flag: 'mailFrom',
    env: 'PROCURA_MAIL_FROM',
    message: 'Sender of the mails (empty: Procura <no-reply@procura.local>)',
    kind: 'optional',
  },
  {
    field: 'file_storage',
    flag: 'storage',
    env: 'PROCURA_FILE_STORAGE',
    message: 'Where uploaded files are kept',
    kind: 'choice',
    fallback: 'folder',
  },
]

type Options = Record<string, string | boolean | undefined> & {
  database?: string
  invite?: boolean
  input: boolean
}

/** A field's answer checked by the core schema: true, or its message. */
const checkField = (field: Question['field'], value: unknown): true | string => {
  const parsed = FirstRunSchema.shape[field].safeParse(value)
  if (parsed.success) return true
  const issue = parsed.error.issues[0]
  return issue === undefined ? true : translate(toFieldIssue(issue).code, toFieldIssue(issue).params, 'en')
}

/** A refusal as lines a person reads: the message, then each field's. */
const refusalLines = (error: DomainError): string[] =>
  error.code === 'FORM_ERRORS'
    ? Object.entries(error.fields ?? {}).flatMap(([field, issues]) =>
        issues.map((issue) => `  ${field}: ${translate(issue.code, issue.params, 'en')}`),
      )
    : [translate(error.code, error.params, 'en')]

export const registerInit = (program: Command, io: Io, setExit: (code: number) => void) => {
  const command = program
    .command('init')
    .description(
      'Set up a new installation: the first administrator, the company, the mail server, the storage and the public address',
    )
    .option(...DATABASE_OPTION)
  for (const q of QUESTIONS)
    command.option(
      `--${q.flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} <value>`,
      `${q.message} (env ${q.env})`,
    )
  command
    .option('--admin-password <password>', 'the administrator’s password (env PROCURA_ADMIN_PASSWORD)')
    .option('--invite', 'mail the administrator a link to choose a password (needs the mail server)')
    .option('--no-input', 'ask nothing: every answer comes from the options and the environment')
    .addHelpText(
      'after',
      `\nAsks what the options and the environment do not say (on a terminal). Only while the database has
no user: afterwards it changes nothing. A mail server is tested by mailing the administrator first.
File storage: ${FILE_STORAGES.join(' or ')}.`,
    )
    .action(async (options: Options) => {
      const url = databaseUrl(io, options.database)
      const config = loadConfig(io.env)
      const code = await withDatabase(url, async (db) => {
        await seedReference(db)
        const choices = await firstRunChoices(db, 'en')
        if (!choices.open) {
          io.err('This installation is already set up (its database has users): nothing was changed.')
          return EXIT.failure
        }
        const ask = options.input && io.interactive
        const lists: Record<string, readonly { value: string; name: string }[]> = {
          language: choices.languages.map((c) => ({ value: c.value, name: c.label })),
          currency_code: choices.currencies.map((c) => ({ value: c.value, name: c.label })),
          country_code: choices.countries.map((c) => ({ value: c.value, name: c.label })),
          file_storage: FILE_STORAGES.map((s) => ({ value: s, name: s })),
        }
        const answers: Record<string, unknown> = {}
        const missing: string[] = []
        for (const q of QUESTIONS) {
          const given = (options[q.flag] as string | undefined) ?? io.env[q.env]
          if (q.field === 'mail_from' && answers.smtp_url === null && given === undefined) {
            answers.mail_from = null
            continue
          }
          if (given !== undefined || !ask) {
            const value = given ?? q.fallback
            if (value === undefined && q.kind !== 'optional')
              missing.push(`--${q.flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} (${q.env})`)
            answers[q.field] = q.kind === 'optional' && (value ?? '') === '' ? null : value
            continue
          }
          if (q.kind === 'choice') {
            answers[q.field] = await io.ask.choose({
              message: q.message,
              choices: lists[q.field] ?? [],
              default: q.fallback,
            })
          } else {
            const optional = q.kind === 'optional'
            const typed = await io.ask.text({
              message: q.message,
              ...(q.fallback === undefined ? {} : { default: q.fallback }),
              validate: (v) => (optional && v.trim() === '' ? true : checkField(q.field, v.trim())),
            })
            answers[q.field] = optional && typed.trim() === '' ? null : typed.trim()
          }
        }
        const password = (options.adminPassword as string | undefined) ?? io.env.PROCURA_ADMIN_PASSWORD
        answers.invite =
          options.invite === true ||
          (password === undefined &&
            ask &&
            answers.smtp_url !== null &&
            (await io.ask.yesNo({
              message: 'Mail the administrator a link to choose their password (instead of choosing it now)?',
              default: false,
            })))
        if (answers.invite !== true) {
          if (password !== undefined) {
            answers.password = password
            answers.password_confirmation = password
          } else if (ask) {
            answers.password = await io.ask.secret({ message: 'Administrator’s password' })
            answers.password_confirmation = await io.ask.secret({ message: 'The same password again' })
          } else missing.push('--admin-password (PROCURA_ADMIN_PASSWORD) or --invite')
        }
        if (missing.length > 0) {
          io.err(`Missing answers (no terminal to ask on): ${missing.join(', ')}.`)
          return EXIT.usage
        }
        const mailer = createMailer({
          smtpUrl: config.smtpUrl,
          outboxDir: config.outboxDir,
          route: () => instanceMailRoute(db),
        })
        const origin = `http://localhost:${config.port}`
        const done = await completeFirstRun(
          { db, clock: systemClock, mailer, basePath: config.basePath },
          answers,
          origin,
        )
        if (!done.ok) {
          io.err('The installation was not set up (nothing was changed):')
          for (const line of refusalLines(done.error)) io.err(line)
          return EXIT.failure
        }
        const signIn = `${String(answers.public_url ?? origin).replace(/\/+$/, '')}${config.basePath}/login`
        io.out(
          done.value.invited
            ? `Set up. ${String(answers.login)} was mailed a link to choose a password; then sign in at ${signIn}.`
            : `Set up. Sign in as ${String(answers.login)} at ${signIn}.`,
        )
        return EXIT.ok
      })
      setExit(code)
    })
}
