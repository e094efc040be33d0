/** What the data table is given: its columns, filters, labels, row actions and totals. */
import type { ReactNode } from 'react'

/** What a column holds: codes, dates and amounts never wrap; amounts and numbers are right-aligned. */
export type ColumnKind = 'code' | 'text' | 'date' | 'datetime' | 'amount' | 'number' | 'status'

export type DataColumn<Row> = {
  key: string
  label: string
  kind?: ColumnKind
  sortable?: boolean
  render?: (row: Row) => ReactNode
}
/** An action on one row; a primary one is a button in the row, the others are in its menu. */
export type RowAction = { action: string; label: string; primary?: boolean }
export type FilterOption = { value: string; label: string }
export type FilterDefinition = {
  key: string
  label: string
  options: FilterOption[]
  value?: string
  /** The chosen value's label when the options do not hold it (a supplier found by typing). */
  valueLabel?: string
  /** Over many rows: a combobox that asks for the options matching the text typed. */
  onSearch?: (text: string) => void
  /** A control of its own (a range's bound: a date, an amount) instead of a list of options; null
   * when another filter's control sets it too (a date range's end, set by its start's picker). */
  control?: ReactNode | null
}
/** One line of the totals row: its label and a cell per column key. */
export type TotalsRow = { label: string; cells: Readonly<Record<string, ReactNode>> }
export type SortState = { key: string; direction: 'asc' | 'desc' }

export type DataTableLabels = {
  search: string
  actions: string
  selectAll: string
  selectRow: (row: string) => string
  /** "Page 2 of 8 (190 rows)"; `exact` false: there are more than `total` rows (the server stopped counting). */
  page: (page: number, pages: number, total: number, exact: boolean) => string
  perPage: string
  previous: string
  next: string
  noRows: string
  bulkAction: string
  apply: string
  any: string
  /** "Remove the filter Supplier: Acme". */
  removeFilter: (filter: string, value: string) => string
  clearFilters: string
  /** Shown in a filter's list when nothing matches the text typed. */
  noMatch: string
  loading: string
  /** The button that shows or hides the filters on a phone: "Filters (2)". */
  filters: (chosen: number) => string
}

export type DataTableProps<Row extends { id: number | string }> = {
  caption: string
  columns: DataColumn<Row>[]
  rows: Row[]
  /** The text naming a row for assistive technology ("Select Rita Requester"). */
  rowLabel: (row: Row) => string
  total: number
  /** False when the server counted only up to `total` (more rows exist): Next stays available. */
  totalExact?: boolean
  page: number
  perPage: number
  perPageOptions?: readonly number[]
  sort?: SortState
  onSortChange: (sort: SortState) => void
  onPageChange: (page: number) => void
  onPerPageChange: (perPage: number) => void
  search?: string
  onSearchChange?: (search: string) => void
  filters?: FilterDefinition[]
  onFilterChange?: (key: string, value: string | undefined) => void
  /** The actions the server allows on each row: the contextual menu. */
  rowActions?: (row: Row) => RowAction[]
  onRowAction?: (row: Row, action: string) => void
  bulkActions?: RowAction[]
  onBulkAction?: (action: string, ids: Row['id'][]) => void
  loading?: boolean
  /** Nothing to show yet: placeholder rows. */
  initialLoading?: boolean
  /** The sums of the filtered rows (all pages), under the rows. */
  totals?: TotalsRow[]
  /** Controls at the end of the toolbar (views, columns, export). */
  toolbarEnd?: ReactNode
  /** What the empty list says, and what to do next (the filters' reset is offered by the table). */
  empty?: ReactNode
  labels: DataTableLabels
}
