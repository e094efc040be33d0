import { type DomainError, formError } from '../errors'
import type { Result } from '../result'

/** A row's place in a sorted list: its sort value and its id (the tie-breaker). */
export type ListPlace = { value: string | number | Date; id: number }

/**
 * A page cursor (`after` in a list's query, `next_cursor` in its meta): the last row's sort value,
 * tagged with its kind (d: a date, n: a number, s: text), then `~` and the row's id, as in
 * `d2026-11-21T10:00:00.000Z~1234`. Paging by key reads the next rows from an index whatever the
 * depth, where OFFSET reads and drops every row before the page.
 */
export const encodeCursor = (place: ListPlace): string => {
  const { value, id } = place
  const text =
    value instanceof Date ? `d${value.toISOString()}` : typeof value === 'number' ? `n${value}` : `s${value}`
  return `${text}~${id}`
}

const refused = (): Result<never, DomainError> => ({
  ok: false,
  error: formError({ after: [{ code: 'INVALID_VALUE' }] }),
})

/** Reads a cursor made by encodeCursor; anything else is a form error on `after`. */
export const decodeCursor = (text: string): Result<ListPlace, DomainError> => {
  const cut = text.lastIndexOf('~')
  const [kind, raw, idText] = [text.slice(0, 1), text.slice(1, cut), text.slice(cut + 1)]
  if (cut < 1 || !/^[1-9]\d{0,15}$/.test(idText)) return refused()
  const id = Number(idText)
  if (!Number.isSafeInteger(id)) return refused()
  if (kind === 's') return { ok: true, value: { value: raw, id } }
  if (kind === 'n' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(raw))
    return { ok: true, value: { value: Number(raw), id } }
  if (kind === 'd' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(raw)) {
    const at = new Date(raw)
    if (!Number.isNaN(at.getTime())) return { ok: true, value: { value: at, id } }
  }
  return refused()
}
