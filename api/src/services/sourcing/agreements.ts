import { isPurchasing } from '@procura/core/auth'
import { isoDateIn } from '@procura/core/calendar'
import type { DomainError } from '@procura/core/errors'
import type { OrderActor } from '@procura/core/purchase-order'
import type { Result } from '@procura/core/result'
import type { Clock } from '../../clock'
import type { Db } from '../../db'
import { loadSettings } from '../settings'

export type Deps = { db: Db; clock: Clock }

export type Answer<T> = Promise<Result<T, DomainError>>
/** The order rules' actor with its role (validators see and validate agreements). */
export type AgreementActor = OrderActor & { role?: string | null }

/** Buyers see and write agreements; validators and administrators see them too. */
export const maySee = (actor: AgreementActor) => isPurchasing(actor)

/** Today in the instance's time zone: what an agreement's end is compared with. */
export const todayOf = async (deps: Deps) =>
  isoDateIn(deps.clock.now(), (await loadSettings(deps.db)).formats.time_zone)
