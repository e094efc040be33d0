import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'

/**
 * One row of a lifecycle's transition table: from a status, an action leads to a status. When the
 * outcome depends on more than the status (a circuit with more steps, where the order was before
 * it was suspended), each outcome is its own row and `when` says which, in words the domain docs
 * repeat.
 */
export type Transition<S extends string, A extends string> = {
  readonly from: S
  readonly action: A
  readonly to: S
  readonly when?: string
}

/** Every lifecycle's table has this one shape: its rows (docs/domain shows them as tables). */
export type TransitionTable<S extends string, A extends string> = readonly Transition<S, A>[]

/** How a table is written: an action, the statuses it starts from, where it leads, and when. */
export type Move<S extends string, A extends string> = readonly [
  action: A,
  from: S | readonly S[],
  to: S,
  when?: string,
]

/** A table from its moves, one row per starting status. */
export const transitionTable = <S extends string, A extends string>(
  moves: readonly Move<S, A>[],
): TransitionTable<S, A> =>
  moves.flatMap(([action, from, to, when]) =>
    (typeof from === 'string' ? [from] : from).map((status) =>
      when === undefined ? { from: status, action, to } : { from: status, action, to, when },
    ),
  )

/** Whether `action` may start from `status`. */
export const startsFrom = <S extends string, A extends string>(
  table: TransitionTable<S, A>,
  action: A,
  status: S,
): boolean => table.some((t) => t.action === action && t.from === status)

/** The actions that may start from `status`, in the table's order. */
export const actionsFrom = <S extends string, A extends string>(
  table: TransitionTable<S, A>,
  status: S,
): A[] => [...new Set(table.filter((t) => t.from === status).map((t) => t.action))]

/** The refusal of an action its document's status does not allow. */
export const notAllowed = (action: string, status: string): DomainError => ({
  code: 'TRANSITION_NOT_ALLOWED',
  params: { action, status },
})

/** A policy's status check: the refusal when the status does not allow the action. */
export const statusRefusal = <S extends string, A extends string>(
  table: TransitionTable<S, A>,
  action: A,
  status: S,
): DomainError | undefined => (startsFrom(table, action, status) ? undefined : notAllowed(action, status))

/**
 * Where `action` leads from `status`: the row without a condition, or the one whose `when` is
 * given. TRANSITION_NOT_ALLOWED when the status does not allow the action.
 */
export const nextStatus = <S extends string, A extends string>(
  table: TransitionTable<S, A>,
  status: S,
  action: A,
  when?: string,
): Result<S, DomainError> => {
  const rows = table.filter((t) => t.action === action && t.from === status)
  if (rows.length === 0) return err(notAllowed(action, status))
  const row = rows.find((t) => t.when === when) ?? rows.find((t) => t.when === undefined)
  if (row === undefined) throw new Error(`No transition ${status} --${action}--> when "${when}"`)
  return ok(row.to)
}

/**
 * What a lifecycle's table test checks (each lifecycle has one): the table names only its
 * statuses and actions, every action appears, no two rows say the same thing, and the lifecycle's
 * function agrees with it for every status and action — allowed exactly where a row starts, to
 * one of the rows' outcomes. Answers the disagreements, in words (none when they agree).
 */
export const tableProblems = <S extends string, A extends string>(
  table: TransitionTable<S, A>,
  lifecycle: {
    statuses: readonly S[]
    actions: readonly A[]
    /** The lifecycle's function: the status an action leads to, or its refusal. */
    apply: (status: S, action: A) => Result<S, DomainError> | 'skip'
  },
): string[] => {
  const problems: string[] = []
  const seen = new Set<string>()
  for (const t of table) {
    const key = `${t.from} --${t.action}--> ${t.when ?? ''}`
    if (seen.has(key)) problems.push(`two rows for ${key}`)
    seen.add(key)
    if (!lifecycle.statuses.includes(t.from) || !lifecycle.statuses.includes(t.to))
      problems.push(`unknown status in ${t.from} --${t.action}--> ${t.to}`)
    if (!lifecycle.actions.includes(t.action)) problems.push(`unknown action ${t.action}`)
  }
  for (const action of lifecycle.actions) {
    if (!table.some((t) => t.action === action)) problems.push(`${action} has no row`)
    for (const status of lifecycle.statuses) {
      const applied = lifecycle.apply(status, action)
      if (applied === 'skip') continue
      const targets = table.filter((t) => t.action === action && t.from === status).map((t) => t.to)
      if (targets.length === 0 && applied.ok) problems.push(`${status} --${action}--> allowed without a row`)
      if (targets.length > 0 && applied.ok && !targets.includes(applied.value))
        problems.push(`${status} --${action}--> ${applied.value}, the table says ${targets.join(' or ')}`)
      if (targets.length > 0 && !applied.ok && applied.error.code === 'TRANSITION_NOT_ALLOWED')
        problems.push(`${status} --${action}--> refused, the table allows it`)
    }
  }
  return problems
}
