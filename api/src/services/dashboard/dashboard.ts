import { isoDateIn } from '@procura/core/calendar'
import type { Dashboard } from '@procura/core/dashboard'
import type { DomainError } from '@procura/core/errors'
import { type Dec, dec, toAmountString } from '@procura/core/money'
import {
  type OrderActor,
  seesAllDocuments,
  seesInternals,
  VALIDATED_STATUSES,
} from '@procura/core/purchase-order'
import { err, ok, type Result } from '@procura/core/result'
import { and, eq, gte, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { readExactSum } from '../../db/capped-count'
import {
  circuitRows,
  currencies,
  delegations,
  orderSums,
  purchaseOrders,
  roles,
  users,
} from '../../db/schema'
import { visibleOrdersCondition } from '../purchase-orders/order-list'
import { loadSettings } from '../settings'

/** `sums: false` reads the orders even for who sees them all (what the tests compare the kept sums with). */
export type Deps = { db: Db; clock: Clock; sums?: boolean }

/** Validated orders not yet invoiced in full are committed (closed ones are done). */
export const OPEN_STATUSES = ['validated', 'sent', 'acknowledged_receipt', 'suspended'] as const
export const BILLED_IN_FULL = ['complete', 'complete_less', 'complete_more'] as const
export type Answer<T> = Promise<Result<{ data: T }, DomainError>>

/**
 * Amounts per currency turned into the default currency: each currency's exact sum divided by its
 * rate (units of that currency for one unit of the default one), then rounded once.
 */
export const converter = async (db: Db) => {
  const [rows, settings] = await Promise.all([db.select().from(currencies), loadSettings(db)])
  const base = rows.find((c) => c.is_default)?.code ?? rows[0]?.code ?? 'EUR'
  const rates = new Map(rows.map((c) => [c.code, dec(c.rate)]))
  const decimals = settings.formats.decimals
  const inBase = (currency: string, amount: Dec) => {
    const rate = rates.get(currency)
    return currency === base || rate === undefined || rate.isZero() ? amount : amount.div(rate)
  }
  return {
    base,
    settings,
    /** The sum of per-currency sums in the default currency, as the decimal string shown. */
    total: (sums: readonly { currency: string; sum: unknown }[]) =>
      toAmountString(
        sums.reduce((t, s) => t.plus(inBase(s.currency, readExactSum(s.sum as string))), dec(0)),
        decimals,
      ),
    /** An exact sum (`exactSum`) of one currency, in the default currency. */
    inBase: (currency: string, sum: unknown) => inBase(currency, readExactSum(sum as string)),
    convert: inBase,
    text: (amount: Dec) => toAmountString(amount, decimals),
  }
}

export const today = (deps: Deps) => isoDateIn(deps.clock.now())
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)
/** The orders this reader may see, obsolete versions left out. */
export const ordersSeen = (deps: Deps, actor: OrderActor, ...more: (SQL | undefined)[]) =>
  and(ne(purchaseOrders.status, 'obsolete'), visibleOrdersCondition(deps.db, actor), ...more)
/** Validated orders (sent, acknowledged, suspended or closed too) validated within [from, to). */
export const validatedWithin = (from: string, to: string) =>
  and(
    inArray(purchaseOrders.status, [...VALIDATED_STATUSES]),
    isNotNull(purchaseOrders.validated_at),
    gte(purchaseOrders.validated_at, dayStart(from)),
    lt(purchaseOrders.validated_at, dayStart(to)),
  )
export const internal = (actor: OrderActor) => seesInternals(actor)

/** Whether a validation chart names this user (by login or by role) or someone delegates to them now. */
export const validatesSomething = async (db: Db, actor: OrderActor): Promise<boolean> => {
  const role = db
    .select({ code: roles.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, actor.id))
  const named = await db
    .select({ id: circuitRows.id })
    .from(circuitRows)
    .where(or(eq(circuitRows.validator_login, actor.login), inArray(circuitRows.validator_role, role)))
    .limit(1)
  if (named.length > 0) return true
  const delegated = await db
    .select({ id: delegations.id })
    .from(delegations)
    .where(eq(delegations.delegate_id, actor.id))
    .limit(1)
  return delegated.length > 0
}
/**
 * Who sees every order reads the sums the database keeps (`order_sums`, exact by its triggers);
 * anyone else, the orders it may see, summed on demand (few, and only those).
 */
export const readsSums = (deps: Deps, actor: OrderActor) => deps.sums !== false && seesAllDocuments(actor)
export const sumOf = (column: unknown) => sql<string>`sum(${column})`
export const validatedSums = (months: readonly string[]) =>
  and(inArray(orderSums.month, [...months]), inArray(orderSums.status, [...VALIDATED_STATUSES]))
export const refused = () => err({ code: 'FORBIDDEN' } as DomainError)

/** GET /bwapi/dashboard: the frame — the default currency, today, and this reader's sections. */
export const dashboard = async (deps: Deps, actor: OrderActor): Answer<Dashboard> => {
  const { base } = await converter(deps.db)
  return ok({
    data: {
      currency_code: base,
      today: today(deps),
      // A supplier's contact sees its company's orders, nothing of the organisation's spend.
      sections: internal(actor) ? ['instance', 'distribution', 'comparison', 'global'] : ['instance'],
    },
  })
}
