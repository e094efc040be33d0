import {
  BUDGET_CSV_COLUMNS,
  BudgetInputSchema,
  checkCanManageBudgets,
  fromUnits,
  keyText,
  toUnits,
} from '@procura/core/budget'
import { parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { checkImportHeader } from '@procura/core/import'
import { toAmountString } from '@procura/core/money'
import { stringify } from 'csv-stringify/sync'
import { asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db'
import type { RawTx } from '../../db/raw-transaction'
import { allocations, budgets, companies, departments, fiscalPeriods, users } from '../../db/schema'
import {
  type CodeColumn,
  codesOf,
  IMPORT_SEPARATOR,
  type ImportDefinition,
  type ImportRow,
  idOver,
  importerOf,
  issueMessages,
  type RowOutcome,
  sayer,
  writeImportedRow,
} from '../imports/engine'

type Codes = {
  /** `level|code` of the active allocation codes. */
  codes: Set<string>
}

const loadCodes = async (db: Db): Promise<Codes> => {
  const codeRows = await db
    .select({ level: allocations.level, code: allocations.code })
    .from(allocations)
    .where(eq(allocations.active, true))
  return { codes: new Set(codeRows.map((c) => `${c.level}|${c.code}`)) }
}

/** The file's columns that name records by code (the owner by login). */
const BUDGET_CODES = {
  fiscal_period: { kind: 'fiscal period', code: () => fiscalPeriods.code, id: () => fiscalPeriods.id },
  company: { kind: 'company', code: () => companies.code, id: () => companies.id },
  department: { kind: 'department', code: () => departments.code, id: () => departments.id },
  owner: { kind: 'user', code: () => users.login, id: () => users.id },
} satisfies Record<string, CodeColumn>

const WRITTEN = [
  'fiscal_period_id',
  'company_id',
  'department_id',
  'allocation1',
  'allocation2',
  'allocation3',
  'allocation4',
  'key',
  'label',
  'amount',
  'copied_forecast_amount',
  'last_validated_amount',
  'tag',
  'overrun_action',
  'owner_id',
] as const

/**
 * A batch of budgets: a blank id creates one, an id updates it (a blank cell keeps the value,
 * `#null` empties it); codes are read as the period's, company's and department's codes, the
 * allocation codes of their level and the owner's login; core's schema checks the rest. A key that
 * already has a budget in the period, in the database or earlier in the file, is refused on its
 * line (what the ledger holds is never imported).
 */
const writeBatch = async (
  tx: RawTx,
  rows: ImportRow[],
  codes: Codes & { seen: Map<string, number> },
  now: Date,
  language: Language,
): Promise<RowOutcome[]> => {
  const say = sayer(language)
  const outcomes: RowOutcome[] = []
  for (const row of rows) {
    const { current } = row
    const messages = [...row.messages]
    const cell = (column: string) => {
      const raw = (row.cells[column] ?? '').trim()
      return raw === '#null' ? null : raw === '' ? undefined : raw
    }
    const text = (column: string) => {
      const raw = cell(column)
      return raw === undefined ? ((current?.[column] as string | null | undefined) ?? null) : raw
    }
    const allocation = (level: 1 | 2 | 3 | 4) => {
      const value = text(`allocation${level}`)
      if (value !== null && !codes.codes.has(`${level}|${value}`))
        messages.push(say(`allocation${level}`, 'UNKNOWN_CODE', { kind: `allocation ${level}`, value }))
      return value
    }
    const amountCell = cell('amount')
    const input = {
      fiscal_period_id: idOver(row, 'fiscal_period', 'fiscal_period_id') ?? 0,
      company_id: idOver(row, 'company', 'company_id'),
      department_id: idOver(row, 'department', 'department_id'),
      allocation1: allocation(1),
      allocation2: allocation(2),
      allocation3: allocation(3),
      allocation4: allocation(4),
      label: text('label'),
      amount:
        amountCell === undefined || amountCell === null
          ? current === undefined
            ? ''
            : toAmountString(fromUnits(Number(current.amount)), 4)
          : amountCell,
      copied_forecast_amount: text('copied_forecast_amount'),
      last_validated_amount: text('last_validated_amount'),
      tag: text('tag'),
      overrun_action: text('overrun_action') ?? 'block',
      owner_id: idOver(row, 'owner', 'owner_id'),
    }
    const parsed = parseWith(BudgetInputSchema, input)
    if (!parsed.ok) messages.push(...issueMessages(say, parsed.error))
    if (messages.length > 0 || !parsed.ok) {
      outcomes.push({ messages })
      continue
    }
    const b = parsed.value
    const key = keyText(b)
    const slot = `${b.fiscal_period_id}|${key}`
    const ownId = current === undefined ? null : Number(current.id)
    const twin = (
      await tx.execute({
        sql: 'SELECT id FROM budgets WHERE fiscal_period_id = ? AND key = ?',
        args: [b.fiscal_period_id, key],
      })
    ).rows[0]
    const earlier = codes.seen.get(slot)
    if (
      (twin !== undefined && Number(twin.id) !== ownId) ||
      (earlier !== undefined && earlier !== row.line)
    ) {
      outcomes.push({ messages: [say('allocation1', 'BUDGET_ALREADY_EXISTS')] })
      continue
    }
    codes.seen.set(slot, row.line)
    const values = [
      b.fiscal_period_id,
      b.company_id,
      b.department_id,
      b.allocation1,
      b.allocation2,
      b.allocation3,
      b.allocation4,
      key,
      b.label,
      toUnits(b.amount),
      b.copied_forecast_amount,
      b.last_validated_amount,
      b.tag,
      b.overrun_action,
      b.owner_id,
    ]
    await writeImportedRow(
      tx,
      'budgets',
      WRITTEN,
      values,
      now,
      current === undefined ? undefined : Number(current.id),
    )
    outcomes.push({ created: current === undefined })
  }
  return outcomes
}

const BUDGET_IMPORT: ImportDefinition<Codes & { seen: Map<string, number> }> = {
  name: 'budget',
  may: checkCanManageBudgets,
  checkHeader: (header) => checkImportHeader(header, BUDGET_CSV_COLUMNS, ['id', 'fiscal_period', 'amount']),
  prepare: async (db) => ({ ...(await loadCodes(db)), seen: new Map() }),
  table: 'budgets',
  codes: BUDGET_CODES,
  writeBatch,
}

/** Budgets by CSV (`procura import budgets`, POST /bwapi/budgets/import): all or nothing. */
export const importBudgets = importerOf(BUDGET_IMPORT)

/**
 * The budgets as the import reads them (`procura export budgets`): the header, then every budget
 * (of one period when asked), read by pages of 500 and written as they come, with csv-stringify.
 */
export async function* exportBudgets(db: Db, options: { periodCode?: string } = {}) {
  const [periods, companyIds, departmentIds, owners] = await Promise.all([
    codesOf(db, BUDGET_CODES.fiscal_period),
    codesOf(db, BUDGET_CODES.company),
    codesOf(db, BUDGET_CODES.department),
    codesOf(db, BUDGET_CODES.owner),
  ])
  const nameOf = (map: Map<string, number>) => new Map([...map].map(([code, id]) => [id, code]))
  const periodCodes = nameOf(periods)
  const companyCodes = nameOf(companyIds)
  const departmentCodes = nameOf(departmentIds)
  const logins = nameOf(owners)
  const period = options.periodCode === undefined ? undefined : periods.get(options.periodCode)
  if (options.periodCode !== undefined && period === undefined)
    throw new Error(`Unknown fiscal period "${options.periodCode}"`)
  const write = (cells: (string | null)[][]) =>
    stringify(cells, { delimiter: IMPORT_SEPARATOR, record_delimiter: 'windows' })
  yield `\uFEFF${write([[...BUDGET_CSV_COLUMNS]])}`
  let lastId = 0
  for (;;) {
    const page = await db
      .select()
      .from(budgets)
      .where(gt(budgets.id, lastId))
      .orderBy(asc(budgets.id))
      .limit(500)
    if (page.length === 0) return
    lastId = page[page.length - 1]?.id ?? lastId
    yield write(
      page
        .filter((b) => period === undefined || b.fiscal_period_id === period)
        .map((b) => [
          String(b.id),
          periodCodes.get(b.fiscal_period_id) ?? '',
          b.company_id === null ? '' : (companyCodes.get(b.company_id) ?? ''),
          b.department_id === null ? '' : (departmentCodes.get(b.department_id) ?? ''),
          b.allocation1 ?? '',
          b.allocation2 ?? '',
          b.allocation3 ?? '',
          b.allocation4 ?? '',
          b.label ?? '',
          fromUnits(Number(b.amount)).toFixed(),
          b.copied_forecast_amount ?? '',
          b.last_validated_amount ?? '',
          b.tag ?? '',
          b.overrun_action,
          b.owner_id === null ? '' : (logins.get(b.owner_id) ?? ''),
        ]),
    )
  }
}

/** A fiscal period by its code (the command line names periods so). */
export const findFiscalPeriod = (db: Db, code: string) =>
  db
    .select()
    .from(fiscalPeriods)
    .where(eq(fiscalPeriods.code, code))
    .then((rows) => rows[0])
