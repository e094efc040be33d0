import { type Actor, can } from '@procura/core/auth'
import { isoDateIn } from '@procura/core/calendar'
import { type DomainError, formError, parseWith } from '@procura/core/errors'
import {
  CurrencyInputSchema,
  checkLanguageActive,
  currencyIssues,
  LanguageInputSchema,
  rateOn,
} from '@procura/core/locale'
import { err, ok, type Result } from '@procura/core/result'
import { and, asc, count, desc, eq, ne } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Clock } from '../clock'
import type { Db, DbOrTx } from '../db'
import { first } from '../db/first'
import { cachedReference } from '../db/reference-cache'
import {
  companies,
  currencies,
  currencyRates,
  expenses,
  languages,
  paymentGroups,
  purchaseOrders,
  supplierInvoices,
  suppliers,
  users,
} from '../db/schema'
import { loadSettings } from './settings'
import { writeTrace } from './trace'

type Deps = { db: Db; clock: Clock }
type Refusal<T> = Promise<Result<T, DomainError>>

/**
 * The rate of a currency to the default currency on a day (core/locale rateOn over its history):
 * what a document dated that day keeps. "1" for an unknown code (refused elsewhere).
 */
export const rateOf = async (db: DbOrTx, code: string, day: string): Promise<string> => {
  const { currency, history } = await cachedReference(db, `rates:${code}`, async () => ({
    currency: await db
      .select({ rate: currencies.rate })
      .from(currencies)
      .where(eq(currencies.code, code))
      .then(first),
    history: await db
      .select({ valid_from: currencyRates.valid_from, rate: currencyRates.rate })
      .from(currencyRates)
      .where(eq(currencyRates.currency_code, code)),
  }))
  return rateOn(history, day, currency?.rate ?? '1')
}

/** GET /bwapi/currencies: every currency with its rate history (newest first) and the module's state. */
export const listCurrencies = async (db: Db, actor: Actor) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as DomainError)
  const [rows, history, settings] = await Promise.all([
    db.select().from(currencies).orderBy(desc(currencies.is_default), asc(currencies.code)),
    db
      .select({
        code: currencyRates.currency_code,
        valid_from: currencyRates.valid_from,
        rate: currencyRates.rate,
      })
      .from(currencyRates)
      .orderBy(desc(currencyRates.valid_from)),
    loadSettings(db),
  ])
  return ok({
    data: rows.map((c) => ({
      ...c,
      rates: history.filter((h) => h.code === c.code).map(({ valid_from, rate }) => ({ valid_from, rate })),
    })),
    meta: { multi_currency: settings.modules.multi_currency },
  })
}

/**
 * POST /bwapi/currencies (code null) and PUT /bwapi/currencies/{code}: checked in core (the
 * default currency's rate is 1; a rate starts today or before); the rate joins the currency's
 * history from its day, and becomes the current one unless a later rate is already known. One
 * transaction, traced.
 */
export const saveCurrency = async (
  deps: Deps,
  actor: Actor,
  code: string | null,
  input: unknown,
): Refusal<{ data: { code: string } }> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  const parsed = parseWith(CurrencyInputSchema, input)
  if (!parsed.ok) return parsed
  const value = parsed.value
  const existing = await deps.db
    .select()
    .from(currencies)
    .where(eq(currencies.code, code ?? value.code))
    .then(first)
  if (code !== null && existing === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  if (code === null && existing !== undefined) return err(formError({ code: [{ code: 'NOT_UNIQUE' }] }))
  if (code !== null && value.code !== code) return err(formError({ code: [{ code: 'INVALID_VALUE' }] }))
  const now = deps.clock.now()
  const today = isoDateIn(now, (await loadSettings(deps.db)).formats.time_zone)
  const issues = currencyIssues(value, { isDefault: existing?.is_default === true, today })
  if (issues !== null) return err(formError(issues))
  const from = value.rate_from ?? today
  await deps.db.transaction(async (tx) => {
    const later = await tx
      .select({ valid_from: currencyRates.valid_from })
      .from(currencyRates)
      .where(eq(currencyRates.currency_code, value.code))
      .orderBy(desc(currencyRates.valid_from))
      .limit(1)
      .then(first)
    const current =
      later === undefined || later.valid_from <= from ? value.rate : (existing?.rate ?? value.rate)
    const fields = { label: value.label, symbol: value.symbol, position: value.position, rate: current }
    if (existing === undefined) await tx.insert(currencies).values({ code: value.code, ...fields })
    else await tx.update(currencies).set(fields).where(eq(currencies.code, value.code))
    if (existing === undefined || existing.rate !== value.rate || value.rate_from !== null)
      await tx
        .insert(currencyRates)
        .values({ currency_code: value.code, valid_from: from, rate: value.rate, created_at: now })
        .onConflictDoUpdate({
          target: [currencyRates.currency_code, currencyRates.valid_from],
          set: { rate: value.rate, created_at: now },
        })
    await writeTrace(tx, deps.clock, {
      action: existing === undefined ? 'create' : 'update',
      message: `Currency ${value.code}: rate ${value.rate} from ${from}`,
      model: 'currency',
      model_id: value.code,
      user_id: actor.id,
    })
  })
  return ok({ data: { code: value.code } })
}

/** Where a currency is named: a used currency stays (its documents keep their amounts in it). */
const CURRENCY_USES: readonly (() => SQLiteColumn)[] = [
  () => purchaseOrders.currency_code,
  () => supplierInvoices.currency_code,
  () => suppliers.currency_code,
  () => companies.currency_code,
  () => expenses.currency_code,
  () => paymentGroups.currency_code,
  () => users.currency_code,
]

/** DELETE /bwapi/currencies/{code}: never the default one, nor one a document, supplier or company names. */
export const deleteCurrency = async (
  deps: Deps,
  actor: Actor,
  code: string,
): Refusal<{ data: { code: string } }> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  const row = await deps.db.select().from(currencies).where(eq(currencies.code, code)).then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  let used = row.is_default ? 1 : 0
  for (const column of CURRENCY_USES) {
    const c = column()
    used += Number((await deps.db.select({ n: count() }).from(c.table).where(eq(c, code)))[0]?.n ?? 0)
  }
  if (used > 0)
    return err({ code: 'REFERENCE_IN_USE', params: { label: `${row.label} (${code})`, count: used } })
  await deps.db.transaction(async (tx) => {
    await tx.delete(currencyRates).where(eq(currencyRates.currency_code, code))
    await tx.delete(currencies).where(eq(currencies.code, code))
    await writeTrace(tx, deps.clock, {
      action: 'delete',
      message: `Currency ${code} deleted`,
      model: 'currency',
      model_id: code,
      user_id: actor.id,
    })
  })
  return ok({ data: { code } })
}

/** GET /bwapi/languages: the interface languages with their formats and active flag. */
export const listLanguages = async (db: Db, actor: Actor) => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' } as DomainError)
  return ok({ data: await db.select().from(languages).orderBy(asc(languages.code)) })
}

/**
 * PUT /bwapi/languages/{code}: its label, country, currency position, date and hour formats and
 * whether the selector offers it; the last active language stays active. Traced.
 */
export const saveLanguage = async (
  deps: Deps,
  actor: Actor,
  code: string,
  input: unknown,
): Refusal<{ data: { code: string } }> => {
  if (!can(actor, 'admin_menu')) return err({ code: 'FORBIDDEN' })
  const row = await deps.db.select().from(languages).where(eq(languages.code, code)).then(first)
  if (row === undefined) return err({ code: 'ITEM_NOT_FOUND' })
  const parsed = parseWith(LanguageInputSchema, input)
  if (!parsed.ok) return parsed
  const otherActive = Number(
    (
      await deps.db
        .select({ n: count() })
        .from(languages)
        .where(and(ne(languages.code, code), eq(languages.active, true)))
    )[0]?.n ?? 0,
  )
  const allowed = checkLanguageActive(parsed.value, { code, otherActive })
  if (!allowed.ok) return allowed
  await deps.db.transaction(async (tx) => {
    await tx.update(languages).set(parsed.value).where(eq(languages.code, code))
    await writeTrace(tx, deps.clock, {
      action: 'update',
      message: `Language ${code} updated`,
      model: 'language',
      model_id: code,
      user_id: actor.id,
    })
  })
  return ok({ data: { code } })
}
