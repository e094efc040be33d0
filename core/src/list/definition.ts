import { type DomainError, formError } from '../errors/domain-error'
import type { MessageTexts } from '../errors/message-table'
import type { Language } from '../i18n/language'
import type { Result } from '../result'
import { PER_PAGE_OPTIONS } from './query'

/**
 * What a column holds, which decides how every screen and export shows it: codes, dates and
 * amounts never wrap; amounts are right-aligned, summed in the totals row and exported as numbers.
 */
export const COLUMN_KINDS = ['code', 'text', 'date', 'datetime', 'amount', 'number', 'status'] as const
export type ColumnKind = (typeof COLUMN_KINDS)[number]

export type ListColumn = {
  /** The column's name in URLs, sorts and saved views; the row field it shows unless `field` says. */
  key: string
  /** The row field it shows when not `key` (a role's label for the role column). */
  field?: string
  kind: ColumnKind
  label: MessageTexts
  sortable?: boolean
  /** Shown until the reader chooses their columns (default true). */
  visible?: boolean
  /** Amounts: the row field naming the currency. */
  currency?: string
  /** Statuses: the label of each value. */
  labels?: Readonly<Record<string, MessageTexts>>
}

/**
 * A list's contract, declared once by its area in core: the api's index, export and saved
 * views and the app's list page are built from it.
 */
export type ListDefinition = {
  /** The list's name in URLs and saved views ("purchase-orders"). */
  name: string
  title: MessageTexts
  columns: readonly ListColumn[]
  defaultSort: { key: string; direction: 'asc' | 'desc' }
  /** Date and amount columns filtered by a range: the query keys of its two bounds (either may be left open). */
  ranges?: readonly { column: string; from: string; to: string }[]
  /** The filters its screen offers as choices (query key and label); ranges are drawn from `ranges`. */
  filters?: readonly { key: string; label: MessageTexts }[]
}

/** GET …/index `ranges`: each range filter with its column's label and kind, in the reader's language. */
export const rangesOf = (list: ListDefinition, language: Language) =>
  (list.ranges ?? []).flatMap((range) => {
    const column = list.columns.find((c) => c.key === range.column)
    return column === undefined
      ? []
      : [
          {
            key: range.column,
            label: column.label[language],
            kind: column.kind,
            from: range.from,
            to: range.to,
          },
        ]
  })

/** The column the reader sees in their language (the index's `columns`). */
export const columnsOf = (list: ListDefinition, language: Language) =>
  list.columns.map((c) => ({
    key: c.key,
    label: c.label[language],
    kind: c.kind,
    sortable: c.sortable === true,
    visible: c.visible !== false,
    ...(c.currency === undefined ? {} : { currency: c.currency }),
    ...(c.field === undefined ? {} : { field: c.field }),
    ...(c.labels === undefined
      ? {}
      : {
          labels: Object.fromEntries(
            Object.entries(c.labels).map(([value, texts]) => [value, texts[language]]),
          ),
        }),
  }))

/**
 * GET …/index of a list declared whole in core (its filters included): what its screen needs to
 * draw itself, in the reader's language, with the bulk actions this reader may apply.
 */
export const indexOf = (
  list: ListDefinition,
  language: Language,
  bulkActions: readonly { action: string; label: string }[] = [],
) => ({
  title: list.title[language],
  columns: columnsOf(list, language),
  ranges: rangesOf(list, language),
  filters: (list.filters ?? []).map((f) => filterOf(f.key, f.label[language])),
  bulk_actions: bulkActions,
  per_page_options: PER_PAGE_OPTIONS,
  default_sort: { sort: list.defaultSort.key, direction: list.defaultSort.direction },
})

/** The columns shown until the reader chooses. */
export const defaultColumns = (list: ListDefinition) =>
  list.columns.filter((c) => c.visible !== false).map((c) => c.key)

/**
 * Reads a chosen set of columns ("code,supplier,status", in the order shown): known columns, each
 * once, at least one. Empty or absent: the default columns. Otherwise a form error on `columns`.
 */
export const parseColumns = (
  list: ListDefinition,
  text: string | readonly string[] | undefined,
): Result<string[], DomainError> => {
  const keys = (typeof text === 'string' ? text.split(',') : (text ?? []))
    .map((k) => k.trim())
    .filter((k) => k !== '')
  if (keys.length === 0) return { ok: true, value: defaultColumns(list) }
  const known = new Set(list.columns.map((c) => c.key))
  const unknown = keys.filter((k) => !known.has(k))
  if (unknown.length > 0)
    return {
      ok: false,
      error: formError({ columns: [{ code: 'NOT_IN_LIST' }] }),
    }
  if (new Set(keys).size !== keys.length)
    return { ok: false, error: formError({ columns: [{ code: 'INVALID_VALUE' }] }) }
  return { ok: true, value: keys }
}

/** A row's field by its name, or its path into a nested value ("stock.available"). */
export const fieldOf = (row: Readonly<Record<string, unknown>>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      row,
    )

/**
 * One cell as an export writes it: amounts and numbers as decimal strings (the writer turns them
 * into the reader's numbers), dates as Dates, statuses as their label, the rest as text.
 */
export const exportValue = (
  column: ListColumn,
  row: Readonly<Record<string, unknown>>,
  language: Language,
): string | Date | null => {
  const value = fieldOf(row, column.field ?? column.key)
  if (value === null || value === undefined || value === '') return null
  if (column.kind === 'status') return column.labels?.[String(value)]?.[language] ?? String(value)
  if ((column.kind === 'date' || column.kind === 'datetime') && typeof value === 'string') {
    const at = new Date(column.kind === 'date' && value.length === 10 ? `${value}T00:00:00Z` : value)
    return Number.isNaN(at.getTime()) ? value : at
  }
  if (Array.isArray(value)) return value.join(', ')
  return String(value)
}

/** Filters over rows that run to thousands: chosen by typing, in a combobox that asks the API. */
export const SEARCHED_FILTERS: ReadonlySet<string> = new Set([
  'supplier_id',
  'buyer_id',
  'requester_id',
  'article_id',
])

/** A filter as a list's index declares it: its key, its label, and whether it is chosen by typing. */
export const filterOf = (key: string, label: string) => ({
  key,
  label,
  ...(SEARCHED_FILTERS.has(key) ? { searchable: true } : {}),
})

export type FilterOption = { value: string; label: string }

/** The options whose label or value holds what the reader typed (all when nothing is typed). */
export const optionsMatching = (options: readonly FilterOption[], search: string): FilterOption[] => {
  const needle = search.trim().toLocaleLowerCase()
  return options.filter((o) => needle === '' || `${o.label} ${o.value}`.toLocaleLowerCase().includes(needle))
}

/**
 * A filter's options when its column carries its values' labels (a status, a format): one per
 * value, in the reader's language; null when the list has no such column.
 */
export const labelledOptions = (list: ListDefinition, key: string, language: Language) => {
  const labels = list.columns.find((c) => c.key === key)?.labels
  return labels === undefined
    ? null
    : Object.entries(labels).map(([value, texts]) => ({ value, label: texts[language] }))
}
