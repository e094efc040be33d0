import { isPurchasing } from '@procura/core/auth'
import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import { Dec, dec } from '@procura/core/money'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import { type CeilingKind, fromDrawUnits } from '@procura/core/sourcing'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { loadSettings } from '../settings'

export type Deps = { db: Db; clock: Clock }

/**
 * How much of an agreement was ordered, in percent of what it is worth: each line's ceiling and
 * draws valued in money (a quantity at its agreed price), a line counted up to its ceiling.
 */
export const usedPercent = (
  lines: readonly { ceiling_kind: string; ceiling: string; unit_price_exctax: string; drawn_units: number }[],
) => {
  let worth = dec(0)
  let used = dec(0)
  for (const line of lines) {
    const kind = line.ceiling_kind as CeilingKind
    const price = kind === 'quantity' ? dec(line.unit_price_exctax) : dec(1)
    const ceiling = dec(line.ceiling)
    const drawn = Dec.min(fromDrawUnits(kind, line.drawn_units), ceiling)
    worth = worth.plus(ceiling.times(price))
    used = used.plus(drawn.times(price))
  }
  return worth.isZero() ? 0 : used.div(worth).times(100).toDecimalPlaces(0).toNumber()
}
export type Answer<T> = Promise<Result<T, DomainError>>
/** The order rules' actor with its role (validators see and validate agreements). */
export type AgreementActor = OrderActor & { role?: string | null }

/** Buyers see and write agreements; validators and administrators see them too. */
export const maySee = (actor: AgreementActor) => isPurchasing(actor)

/** Today in the instance's time zone: what an agreement's end is compared with. */
export const todayOf = async (deps: Deps) =>
  isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)
