import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { systemClock } from '@procura/api/clock'
import { loadConfig } from '@procura/api/config'
import type { Db } from '@procura/api/db'
import { REFERENCE_FILES } from '@procura/api/services/admin-lists'
import { commandLineActor } from '@procura/api/services/auth/session'
import { importBudgets } from '@procura/api/services/budgets/budget-csv'
import { importArticles } from '@procura/api/services/catalogue/article-csv'
import { importReferenceFile } from '@procura/api/services/imports/reference-files'
import { createPendingInvoice } from '@procura/api/services/invoices/pending'
import { importBankAccounts } from '@procura/api/services/payments/bank-account-import'
import { importCircuits } from '@procura/api/services/purchase-orders/circuit-import'
import { importContacts } from '@procura/api/services/suppliers/contact-import'
import { importSuppliers } from '@procura/api/services/suppliers/supplier-import'
import { importUsers } from '@procura/api/services/users/user-import'
import { translate } from '@procura/core/errors'
import { countOf } from '@procura/core/format'
import type { Command } from 'commander'
import { DATABASE_OPTION, databaseUrl, withDatabase } from '../database'
import { EXIT, type Io } from '../io'

/** What can be imported, each through the one import engine (all or nothing). */
const KINDS = {
  articles: importArticles,
  suppliers: importSuppliers,
  'supplier-contacts': importContacts,
  'bank-accounts': importBankAccounts,
  budgets: importBudgets,
  users: importUsers,
  circuits: importCircuits,
  // The reference lists (services/admin-lists REFERENCE_FILES), each through its declaration.
  ...Object.fromEntries(
    REFERENCE_FILES.map((file) => [
      file.kind,
      ((deps, actor, source, language, options) =>
        importReferenceFile(deps, file, actor, source, language, options)) as typeof importBudgets,
    ]),
  ),
} as const
type Kind = keyof typeof KINDS

type Options = { dryRun?: boolean; json?: boolean; as?: string; database?: string }

/** "[########------------] 40 % · 2,000 rows" from the bytes read of the file. */
export const progressBar = (read: number, size: number, rows: number) => {
  const share = size === 0 ? 1 : Math.min(read / size, 1)
  const filled = Math.round(share * 20)
  return `[${'#'.repeat(filled)}${'-'.repeat(20 - filled)}] ${Math.floor(share * 100)} % · ${rows.toLocaleString('en')} rows`
}

const runOne = async (io: Io, db: Db, kind: Kind, file: string, options: Options): Promise<number> => {
  const actor = await commandLineActor(db, options.as)
  if (actor === null) {
    io.err(
      options.as === undefined
        ? 'No active administrator to act as: name one with --as LOGIN.'
        : `No active user "${options.as}": check the login given to --as.`,
    )
    return EXIT.failure
  }
  const size = (await stat(file)).size
  // Read as the import engine asks (a listener here would start the file flowing before the
  // engine reads it, and lose what it read meanwhile); the progress reads the bytes read so far.
  const source = createReadStream(file)
  const result = await KINDS[kind]({ db, clock: systemClock }, actor, source, 'en', {
    dryRun: options.dryRun === true,
    onProgress:
      options.json === true ? undefined : (rows) => io.progress(progressBar(source.bytesRead, size, rows)),
  })
  if (!result.ok) {
    const issues = Object.values(result.error.fields ?? {}).flat()
    const text =
      issues.length > 0
        ? issues.map((i) => translate(i.code, i.params, 'en')).join(' ')
        : translate(result.error.code, result.error.params, 'en')
    if (options.json === true) io.out(JSON.stringify({ ok: false, code: result.error.code, message: text }))
    else io.err(text)
    return EXIT.failure
  }
  const summary = result.value.data
  if (options.json === true) io.out(JSON.stringify({ ok: summary.failed === 0, ...summary }))
  else {
    io.progress(progressBar(size, size, summary.checked))
    io.err('')
    for (const error of summary.errors) io.err(`line ${error.line}: ${error.messages.join(' ')}`)
    if (summary.errors.length < summary.failed) io.err(`… and ${summary.failed - summary.errors.length} more`)
    io.out(summary.message)
  }
  return summary.failed === 0 ? EXIT.ok : EXIT.failure
}

/**
 * procura import e-invoices DIR: each Factur-X PDF, CII or UBL XML a platform's connector dropped
 * there is queued as a pending invoice (read, prefilled, matched by its references), one by one;
 * a file that is no e-invoice is named and left. Exit 0 when every file was queued.
 */
const importEInvoices = async (io: Io, db: Db, dir: string, options: Options): Promise<number> => {
  const actor = await commandLineActor(db, options.as)
  if (actor === null) {
    io.err('No active administrator to act as: name one with --as LOGIN.')
    return EXIT.failure
  }
  const names = (await readdir(dir)).filter((n) => /\.(xml|pdf)$/i.test(n)).sort()
  const deps = { db, clock: systemClock, storageDir: loadConfig(io.env).storageDir }
  let queued = 0
  const refused: string[] = []
  for (const name of names) {
    const bytes = new Uint8Array(await readFile(join(dir, name)))
    if (options.dryRun === true) continue
    const result = await createPendingInvoice(
      deps,
      actor,
      { comment: `Imported from ${name}` },
      { name, size: bytes.length, bytes },
      'en',
    )
    if (result.ok) queued += 1
    else {
      const issues = Object.values(result.error.fields ?? {}).flat() as {
        code: Parameters<typeof translate>[0]
        params?: Parameters<typeof translate>[1]
      }[]
      refused.push(
        `${name}: ${issues.length > 0 ? issues.map((i) => translate(i.code, i.params, 'en')).join(' ') : translate(result.error.code, result.error.params, 'en')}`,
      )
    }
  }
  if (options.json === true)
    io.out(JSON.stringify({ ok: refused.length === 0, files: names.length, queued, refused }))
  else {
    for (const line of refused) io.err(line)
    io.out(`${countOf(queued, 'e-invoice')} of ${countOf(names.length, 'file')} queued.`)
  }
  return refused.length === 0 ? EXIT.ok : EXIT.failure
}

/** procura import articles|suppliers|supplier-contacts|bank-accounts|budgets|<reference list> FILE [--dry-run] [--json] [--as LOGIN] */
export const registerImport = (program: Command, io: Io, setExit: (code: number) => void) => {
  program
    .command('import')
    .description('Import a CSV file (semicolons): all or nothing; exit 0 imported, 1 refused, 2 usage')
    .argument('<kind>', `what the file holds: ${Object.keys(KINDS).join(', ')}, or e-invoices (a folder)`)
    .argument('<file>', 'the CSV file (for e-invoices: the folder of Factur-X PDFs, CII and UBL XMLs)')
    .option('--dry-run', 'check the whole file and write nothing')
    .option('--json', 'print the summary as JSON (for scripts), no progress')
    .option('--as <login>', 'who imports (default: the first active administrator)')
    .option(...DATABASE_OPTION)
    .action(async (kind: string, file: string, options: Options) => {
      if (kind === 'e-invoices') {
        const folder = await stat(file).catch(() => null)
        if (folder === null || !folder.isDirectory()) {
          io.err(`No folder ${file}: give the folder the platform's connector drops e-invoices in.`)
          return setExit(EXIT.usage)
        }
        return setExit(
          await withDatabase(databaseUrl(io, options.database), (db) =>
            importEInvoices(io, db, file, options),
          ),
        )
      }
      if (!(kind in KINDS)) {
        io.err(`Unknown import: ${kind}. Imports: ${[...Object.keys(KINDS), 'e-invoices'].join(', ')}.`)
        return setExit(EXIT.usage)
      }
      const exists = await stat(file).catch(() => null)
      if (exists === null || !exists.isFile()) {
        io.err(`No file ${file}: give the path of a CSV file.`)
        return setExit(EXIT.usage)
      }
      setExit(
        await withDatabase(databaseUrl(io, options.database), (db) =>
          runOne(io, db, kind as Kind, file, options),
        ),
      )
    })
}
