/**
 * Sign-in throttling, per login and address: after `max_attempts` failures within
 * `decay_seconds`, further tries are refused until the window ends ("retry in N seconds").
 * A success clears the count. State is data; the api stores it.
 */
export type ThrottlePolicy = { max_attempts: number; decay_seconds: number }
export const DEFAULT_THROTTLE: ThrottlePolicy = { max_attempts: 5, decay_seconds: 60 }

export type ThrottleState = { count: number; reset_at: number } | null

/** Seconds left before another try is allowed, or 0 when a try is allowed now. */
export const lockedFor = (
  state: ThrottleState,
  now: number,
  policy: ThrottlePolicy = DEFAULT_THROTTLE,
): number => {
  if (state === null || now >= state.reset_at || state.count < policy.max_attempts) return 0
  return Math.ceil((state.reset_at - now) / 1000)
}

/** The state after one more failure. */
export const afterFailure = (
  state: ThrottleState,
  now: number,
  policy: ThrottlePolicy = DEFAULT_THROTTLE,
): ThrottleState =>
  state === null || now >= state.reset_at
    ? { count: 1, reset_at: now + policy.decay_seconds * 1000 }
    : { count: state.count + 1, reset_at: state.reset_at }

/** The throttling key: the login, case-insensitively, and the client's address. */
export const throttleKey = (login: string, address: string): string =>
  `${login.trim().toLowerCase()}|${address}`
