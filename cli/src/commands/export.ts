import { createWriteStream } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { systemClock } from '@procura/api/clock'
import { loadConfig } from '@procura/api/config'
import type { Db } from '@procura/api/db'
import { accountingExportFile, findCompany } from '@procura/api/services/accounting/export-actions'
import { runAccountingExport } from '@procura/api/services/accounting/export-run'
import { REFERENCE_FILES } from '@procura/api/services/admin-lists'
import { commandLineActor } from '@procura/api/services/auth/session'
import { exportBudgets, findFiscalPeriod } from '@procura/api/services/budgets/budget-csv'
import { exportArticles } from '@procura/api/services/catalogue/article-csv'
import { exportReferenceFile, type ReferenceFile } from '@procura/api/services/imports/reference-files'
import { exportBankAccounts } from '@procura/api/services/payments/bank-account-import'
import { exportSepa, findPaymentGroup, sepaExportFile } from '@procura/api/services/payments/sepa-export'
import { exportCircuits } from '@procura/api/services/purchase-orders/circuit-import'
import { exportContacts } from '@procura/api/services/suppliers/contact-import'
import { exportSuppliers } from '@procura/api/services/suppliers/supplier-import'
import { exportUsers } from '@procura/api/services/users/user-import'
import { ACCOUNTING_FORMATS, type AccountingFormat } from '@procura/core/accounting'
import { checkCanManageCatalogue } from '@procura/core/article'
import { canManageBudgets } from '@procura/core/budget'
import { translate } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import { canManageBankAccounts, isSepaFormat, SEPA_FORMATS } from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import { checkCanManageSuppliers } from '@procura/core/supplier'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

type SepaOptions = {
  group: string
  format: string
  output?: string
  as?: string
  again?: boolean
  database?: string
}

/** Writes the file, or prints it when no output file is given (for a pipe). */
const deliver = async (io: Io, output: string | undefined, file: string, summary: string) => {
  if (output === undefined || output === '-') io.out(file.trimEnd())
  else {
    await writeFile(output, file, 'utf8')
    io.err(`${summary} → ${output}`)
  }
}

/** Who acts, or the reason no one can (printed, exit 1). */
const actingAs = async (io: Io, db: Db, login: string | undefined) => {
  const actor = await commandLineActor(db, login)
  if (actor === null)
    io.err(
      login === undefined
        ? 'No active administrator to act as: name one with --as LOGIN.'
        : `No active user "${login}": check the login given to --as.`,
    )
  return actor
}

const sepa = async (io: Io, db: Db, options: SepaOptions): Promise<number> => {
  const actor = await actingAs(io, db, options.as)
  if (actor === null) return EXIT.failure
  const group = await findPaymentGroup(db, options.group)
  if (group === undefined) {
    io.err(`No payment group "${options.group}": give its number (PAY-…) or its id.`)
    return EXIT.failure
  }
  const deps = { db, clock: systemClock }
  if (options.again === true) {
    const latest = group.latest_export
    const file = latest === null ? null : await sepaExportFile(deps, actor, group.id, latest)
    if (file === null || !file.ok) {
      io.err(`Payment group ${group.code} has no SEPA file yet: run without --again to make one.`)
      return EXIT.failure
    }
    await deliver(io, options.output, file.value.file, `${file.value.name}`)
    return EXIT.ok
  }
  const made = await exportSepa(deps, actor, group.id, { format: options.format })
  if (!made.ok) {
    io.err(translate(made.error.code, made.error.params, 'en'))
    return EXIT.failure
  }
  const file = await sepaExportFile(deps, actor, group.id, made.value.data.id)
  if (!file.ok) return EXIT.failure
  const { message_id, line_count, control_sum } = made.value.data
  await deliver(
    io,
    options.output,
    file.value.file,
    `${message_id}: ${countOf(line_count, 'transfer')}, ${control_sum} ${group.currency_code}, pain.001.001.${options.format}`,
  )
  return EXIT.ok
}

type AccountingOptions = {
  company: string
  to?: string
  format: string
  output?: string
  as?: string
  database?: string
}

const accounting = async (io: Io, db: Db, options: AccountingOptions): Promise<number> => {
  const actor = await actingAs(io, db, options.as)
  if (actor === null) return EXIT.failure
  const company = await findCompany(db, options.company)
  if (company === undefined) {
    io.err(`No company "${options.company}": give its code.`)
    return EXIT.failure
  }
  const deps = { db, clock: systemClock, storageDir: loadConfig(io.env).storageDir }
  const who = {
    id: actor.id,
    active: true,
    permissions: actor.permissions ?? [],
    real_user_id: null,
    buyer: actor.buyer,
  }
  const made = await runAccountingExport(deps, who, {
    company_id: company.id,
    up_to: options.to ?? null,
    format: options.format as AccountingFormat,
  })
  if (!made.ok) {
    io.err(translate(made.error.code, made.error.params, 'en'))
    return EXIT.failure
  }
  const file = await accountingExportFile(deps, who, made.value.data.id)
  if (!file.ok) return EXIT.failure
  const { invoice_count, debit_total, credit_total } = made.value.data
  const summary = `Export ${made.value.data.id} of ${company.label}: ${countOf(invoice_count, 'invoice')}, debit ${debit_total} = credit ${credit_total}`
  if (options.output === undefined || options.output === '-') {
    for await (const chunk of file.value.open()) io.out(String(chunk).replace(/\r?\n$/, ''))
    io.err(summary)
  } else {
    await pipeline(file.value.open(), createWriteStream(options.output))
    io.err(`${summary} → ${options.output}`)
  }
  return EXIT.ok
}

type BudgetsOptions = { period?: string; output?: string; as?: string; database?: string }

/** Every budget (of one period) as the import reads it, to a file or standard output. */
const budgetsFile = async (io: Io, db: Db, options: BudgetsOptions): Promise<number> => {
  const actor = await actingAs(io, db, options.as)
  if (actor === null) return EXIT.failure
  if (!canManageBudgets(actor)) {
    io.err(`${actor.login} may not manage budgets: name another user with --as LOGIN.`)
    return EXIT.failure
  }
  if (options.period !== undefined && (await findFiscalPeriod(db, options.period)) === undefined) {
    io.err(`No fiscal period "${options.period}": give its code (FY2026).`)
    return EXIT.failure
  }
  const lines = exportBudgets(db, options.period === undefined ? {} : { periodCode: options.period })
  if (options.output === undefined || options.output === '-') {
    for await (const chunk of lines) if (chunk.length > 0) io.out(chunk.replace(/\r?\n$/, ''))
  } else {
    await pipeline(Readable.from(lines), createWriteStream(options.output))
    io.err(`Budgets → ${options.output}`)
  }
  return EXIT.ok
}

type ListOptions = { output?: string; as?: string; database?: string }

/** A list (a reference list, the users) as its import reads it, to a file or standard output. */
const listFile = async (
  io: Io,
  db: Db,
  file: {
    kind: string
    may: (actor: NonNullable<Awaited<ReturnType<typeof actingAs>>>) => boolean
    lines: () => AsyncGenerator<string>
  },
  options: ListOptions,
): Promise<number> => {
  const actor = await actingAs(io, db, options.as)
  if (actor === null) return EXIT.failure
  if (!file.may(actor)) {
    io.err(`${actor.login} may not administer ${file.kind}: name another user with --as LOGIN.`)
    return EXIT.failure
  }
  const lines = file.lines()
  if (options.output === undefined || options.output === '-') {
    for await (const chunk of lines) if (chunk.length > 0) io.out(chunk.replace(/\r?\n$/, ''))
  } else {
    await pipeline(Readable.from(lines), createWriteStream(options.output))
    io.err(`${file.kind} → ${options.output}`)
  }
  return EXIT.ok
}

export const registerExport = (program: Command, io: Io, setExit: (code: number) => void) => {
  const exportCommand = program
    .command('export')
    .description('Files for the bank and accounting, and every list as its import reads it')
  exportCommand
    .command('budgets')
    .description(
      'Every budget (of one period) as `procura import budgets` reads it: edit it and import it again',
    )
    .option('--period <code>', 'only the budgets of this fiscal period (its code)')
    .option('-o, --output <file>', 'write the file here (default: standard output)')
    .option('--as <login>', 'act as this user (default: the first active administrator)')
    .option(...DATABASE_OPTION)
    .action(async (options: BudgetsOptions) => {
      setExit(await withDatabase(databaseUrl(io, options.database), (db) => budgetsFile(io, db, options)))
    })
  const lists = (db: Db) => [
    {
      kind: 'articles',
      may: (actor: OrderActor) => checkCanManageCatalogue(actor).ok,
      lines: async function* () {
        const decoder = new TextDecoder()
        for await (const chunk of await exportArticles(db)) yield decoder.decode(chunk, { stream: true })
      },
    },
    {
      kind: 'suppliers',
      may: (actor: OrderActor) => checkCanManageSuppliers(actor).ok,
      lines: () => exportSuppliers(db),
    },
    {
      kind: 'supplier-contacts',
      may: (actor: OrderActor) => checkCanManageSuppliers(actor).ok,
      lines: () => exportContacts(db),
    },
    { kind: 'bank-accounts', may: canManageBankAccounts, lines: () => exportBankAccounts(db) },
    ...REFERENCE_FILES.map((file) => ({
      kind: file.kind,
      may: (actor: Parameters<ReferenceFile['spec']['may']>[0]) => file.spec.may(actor),
      lines: () => exportReferenceFile(db, file),
    })),
    {
      kind: 'circuits',
      may: (actor: { administrator?: boolean; permissions?: readonly string[] }) =>
        actor.administrator === true || actor.permissions?.includes('admin_menu') === true,
      lines: () => exportCircuits(db),
    },
    {
      kind: 'users',
      may: (actor: { administrator?: boolean; permissions?: readonly string[] }) =>
        actor.administrator === true || actor.permissions?.includes('manage_users') === true,
      lines: () => exportUsers(db),
    },
  ]
  const kinds = ['articles', 'suppliers', 'supplier-contacts', 'bank-accounts', 'users', 'circuits']
  for (const kind of [...kinds, ...REFERENCE_FILES.map((f) => f.kind)])
    exportCommand
      .command(kind)
      .description(`Every row of the ${kind} list as \`procura import ${kind}\` reads it`)
      .option('-o, --output <file>', 'write the file here (default: standard output)')
      .option('--as <login>', 'act as this user (default: the first active administrator)')
      .option(...DATABASE_OPTION)
      .action(async (options: ListOptions) => {
        setExit(
          await withDatabase(databaseUrl(io, options.database), (db) =>
            listFile(
              io,
              db,
              lists(db).find((l) => l.kind === kind) as ReturnType<typeof lists>[number],
              options,
            ),
          ),
        )
      })
  exportCommand
    .command('sepa')
    .description(
      "A payment group's validated payments as a SEPA credit-transfer file (checked against the official schema; its lines become planified)",
    )
    .requiredOption('--group <id>', 'the payment group: its number (PAY-…) or its id')
    .option('--format <version>', `pain.001.001 version: ${SEPA_FORMATS.join(' or ')}`, '09')
    .option('-o, --output <file>', 'write the file here (default: standard output)')
    .option('--as <login>', 'act as this user (default: the first active administrator)')
    .option('--again', 'write the latest file made for the group again, without a new export')
    .option(...DATABASE_OPTION)
    .action(async (options: SepaOptions) => {
      if (!isSepaFormat(options.format)) {
        io.err(`Unknown format "${options.format}": use ${SEPA_FORMATS.join(' or ')}.`)
        return setExit(EXIT.usage)
      }
      setExit(await withDatabase(databaseUrl(io, options.database), (db) => sepa(io, db, options)))
    })
  exportCommand
    .command('accounting')
    .description(
      "A company's validated invoices not yet exported, as balanced journal entries (for cron hosts): checked, written to the file, marked exported",
    )
    .requiredOption('--company <code>', 'the company, by its code')
    .option('--to <date>', 'only the invoices dated up to this day (YYYY-MM-DD)')
    .option('--format <format>', `file format: ${ACCOUNTING_FORMATS.join(' or ')}`, 'csv')
    .option('-o, --output <file>', 'write the file here (default: standard output)')
    .option('--as <login>', 'act as this user (default: the first active administrator)')
    .option(...DATABASE_OPTION)
    .action(async (options: AccountingOptions) => {
      if (!(ACCOUNTING_FORMATS as readonly string[]).includes(options.format)) {
        io.err(`Unknown format "${options.format}": use ${ACCOUNTING_FORMATS.join(' or ')}.`)
        return setExit(EXIT.usage)
      }
      if (options.to !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.to)) {
        io.err(`"${options.to}" is not a date: use YYYY-MM-DD.`)
        return setExit(EXIT.usage)
      }
      setExit(await withDatabase(databaseUrl(io, options.database), (db) => accounting(io, db, options)))
    })
}
