import { parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { checkImportHeader, isYesCell } from '@procura/core/import'
import {
  BANK_ACCOUNT_CSV_COLUMNS,
  BankAccountInputSchema,
  canManageBankAccounts,
} from '@procura/core/payment'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { and, asc, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '../../db'
import type { RawTx } from '../../db/raw-transaction'
import { bankAccounts, suppliers } from '../../db/schema'
import {
  type ImportDefinition,
  type ImportRow,
  importerOf,
  importFileLines,
  issueMessages,
  marks,
  type RowOutcome,
  sayer,
} from '../imports/engine'

const REQUIRED = ['supplier_code', 'account_number', 'holder_name', 'holder_country_code']

/**
 * A batch of suppliers' bank accounts, each added as a new account that waits for a second
 * person's validation before it is paid (as one typed on the screen): IBAN and BIC checked by core,
 * the supplier found by its code, an account the supplier already has (or twice in the file)
 * refused. A main account takes the main flag from the supplier's others.
 */
const writeBatch = async (
  tx: RawTx,
  rows: ImportRow[],
  context: { actor: number },
  now: Date,
  language: Language,
): Promise<RowOutcome[]> => {
  const say = sayer(language)
  const ids = [
    ...new Set(rows.map((r) => r.ids.supplier_code).filter((id) => id !== undefined && id !== null)),
  ]
  const held = new Set<string>()
  if (ids.length > 0)
    for (const row of (
      await tx.execute({
        sql: `SELECT supplier_id, account_number FROM bank_accounts WHERE supplier_id IN (${marks(ids.length)})`,
        args: ids,
      })
    ).rows)
      held.add(`${Number(row.supplier_id)}:${String(row.account_number)}`)
  const outcomes: RowOutcome[] = []
  for (const row of rows) {
    const cell = (name: string) => (row.cells[name] ?? '').trim()
    const supplierId = row.ids.supplier_code ?? undefined
    const messages = [...row.messages]
    if (row.ids.supplier_code === null)
      messages.push(say('supplier_code', 'UNKNOWN_CODE', { kind: 'supplier', value: '' }))
    const parsed = parseWith(BankAccountInputSchema, {
      ...(cell('account_number_type') === '' ? {} : { account_number_type: cell('account_number_type') }),
      account_number: cell('account_number'),
      bic: cell('bic') === '' ? null : cell('bic'),
      holder_name: cell('holder_name'),
      ...(cell('holder_type') === '' ? {} : { holder_type: cell('holder_type') }),
      holder_country_code: cell('holder_country_code').toUpperCase(),
      main: isYesCell(cell('main')),
    })
    if (!parsed.ok) messages.push(...issueMessages(say, parsed.error))
    const key = parsed.ok && supplierId !== undefined ? `${supplierId}:${parsed.value.account_number}` : null
    if (key !== null && held.has(key)) messages.push(say('account_number', 'NOT_UNIQUE'))
    if (messages.length > 0 || !parsed.ok || supplierId === undefined || key === null) {
      outcomes.push({ messages })
      continue
    }
    held.add(key)
    const account = parsed.value
    if (account.main)
      await tx.execute({
        sql: 'UPDATE bank_accounts SET main = ? WHERE supplier_id = ?',
        args: [false, supplierId],
      })
    await tx.execute({
      sql: `INSERT INTO bank_accounts (owner, supplier_id, account_number_type, account_number, bic, holder_name,
        holder_type, holder_country_code, main, payment_option, status, changed_by, created_at, updated_at)
        VALUES (${marks(14)})`,
      args: [
        'supplier',
        supplierId,
        account.account_number_type,
        account.account_number,
        account.bic,
        account.holder_name,
        account.holder_type,
        account.holder_country_code,
        account.main,
        account.payment_option,
        'pending_validation',
        context.actor,
        now,
        now,
      ],
    })
    outcomes.push({ created: true })
  }
  return outcomes
}

const definitionFor = (actor: OrderActor): ImportDefinition<{ actor: number }> => ({
  name: 'bank_account',
  may: (who) => (canManageBankAccounts(who) ? ok(undefined) : err({ code: 'FORBIDDEN' })),
  checkHeader: (header) => checkImportHeader(header, BANK_ACCOUNT_CSV_COLUMNS, REQUIRED),
  prepare: async () => ({
    actor: actor.id,
  }),
  codes: { supplier_code: { kind: 'supplier', code: () => suppliers.code, id: () => suppliers.id } },
  writeBatch,
})

/** Suppliers' bank accounts by CSV (`procura import bank-accounts`): all or nothing, each to validate. */
export const importBankAccounts = importerOf(definitionFor)

/**
 * Every supplier's bank account but the refused ones, as `procura import bank-accounts` reads it
 * back (its supplier by code): imported elsewhere, each waits for a second person's validation.
 */
export const exportBankAccounts = (db: Db) =>
  importFileLines(
    BANK_ACCOUNT_CSV_COLUMNS,
    (async function* () {
      for (let last = 0; ; ) {
        const page = await db
          .select({ account: bankAccounts, supplier_code: suppliers.code })
          .from(bankAccounts)
          .innerJoin(suppliers, eq(suppliers.id, bankAccounts.supplier_id))
          .where(
            and(
              gt(bankAccounts.id, last),
              eq(bankAccounts.owner, 'supplier'),
              ne(bankAccounts.status, 'refused'),
            ),
          )
          .orderBy(asc(bankAccounts.id))
          .limit(1000)
        if (page.length === 0) return
        last = page[page.length - 1]?.account.id ?? last
        yield page.map(({ account, supplier_code }) =>
          BANK_ACCOUNT_CSV_COLUMNS.map((column) =>
            column === 'supplier_code' ? supplier_code : (account as Record<string, unknown>)[column],
          ),
        )
      }
    })(),
  )
