import type { AccountingExportInputSchema, VatAccount } from '@procura/core/accounting'
import type { DomainError } from '@procura/core/errors'
import type { VatType } from '@procura/core/invoice'
import { rateOn } from '@procura/core/locale'
import type { Result } from '@procura/core/result'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Clock } from '../../clock'
import type { Db, DbOrTx } from '../../db'
import { accountingEntries, accountingVatEntries, currencies, currencyRates } from '../../db/schema'

export type ExportDeps = { db: Db; clock: Clock; storageDir: string }
export type Answer<T> = Promise<Result<T, DomainError>>

/** Invoices read and written per round: what the export holds in memory at once. */
export const BATCH = 500
/** A running export not heard of for this long was abandoned (a crash): its invoices are released. */
export const ABANDONED_MS = 30 * 60_000
/** At most this many invoices or suppliers are named in a refusal. */
export const NAMED = 20

export type ExportInput = z.output<typeof AccountingExportInputSchema>

/** The accounting references: active entries and VAT accounts. */
export const loadAccounts = async (db: DbOrTx) => {
  const entries = await db.select().from(accountingEntries)
  const vat = await db.select().from(accountingVatEntries).where(eq(accountingVatEntries.active, true))
  const history = await db.select().from(currencyRates)
  const current = await db.select({ code: currencies.code, rate: currencies.rate }).from(currencies)
  return {
    /** A currency's rate to the default one on a day (an invoice booked in its company's currency). */
    rateOn: (code: string, day: string) =>
      rateOn(
        history.filter((h) => h.currency_code === code),
        day,
        current.find((c) => c.code === code)?.rate ?? '1',
      ),
    entries,
    vat: vat.map(
      (v): VatAccount => ({
        vat_rate: v.vat_rate,
        vat_type: v.vat_type as VatType,
        code: v.code,
        self_assessed_code: v.self_assessed_code,
        label: v.label,
      }),
    ),
    /** Each expense account's name by its number (the FEC's CompteLib). */
    labels: new Map(entries.map((e) => [e.code, e.label])),
  }
}
export type Accounts = Awaited<ReturnType<typeof loadAccounts>>
