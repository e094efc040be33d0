import type { DomainError } from '@procura/core/errors'
import type { Result } from '@procura/core/result'

export const DAY = 86_400_000

/** A clock the history moves: each story happens at its own date. */
export const storyClock = (now: Date) => {
  let current = now
  return {
    now: () => current,
    at: (daysAgo: number, hours = 0) => {
      current = new Date(now.getTime() - daysAgo * DAY + hours * 3_600_000)
    },
  }
}

/** A step of the story that the rules refused: the plan is wrong, not the data. */
export const must = <T>(result: Result<T, DomainError>, what: string): T => {
  if (!result.ok) throw new Error(`Demo history: ${what} was refused (${JSON.stringify(result.error)}).`)
  return result.value
}

export type StoryClock = ReturnType<typeof storyClock>

/**
 * A step of the demo's year at its date (days ago): the orders', requests', agreements' and RFQs'
 * stories are played together in date order, so that the numbers they take follow their dates.
 */
export type TimedStory = { at: number; play: () => Promise<void> }
