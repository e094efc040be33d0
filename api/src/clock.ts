/** Time comes in as a dependency, so tests can fix it. */
export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) })
