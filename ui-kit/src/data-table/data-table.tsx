import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table'
import { type ReactNode, useMemo, useState } from 'react'
import { MenuButton } from '../menu-button/menu-button'

export type DataColumn<Row> = {
  key: string
  label: string
  sortable?: boolean
  render?: (row: Row) => ReactNode
}
export type RowAction = { action: string; label: string }
export type FilterDefinition = {
  key: string
  label: string
  options: { value: string; label: string }[]
  value?: string
}
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
  labels: DataTableLabels
}

/**
 * The list of every screen: server-side paging, sorting, search and filters (the server answers
 * one page), row selection with bulk actions, and each row's contextual menu.
 */
export const DataTable = <Row extends { id: number | string }>(props: DataTableProps<Row>) => {
  const { labels, rows, columns, sort } = props
  const [selection, setSelection] = useState<RowSelectionState>({})
  const [bulk, setBulk] = useState('')
  const selectable = (props.bulkActions?.length ?? 0) > 0

  const columnDefs = useMemo<ColumnDef<Row>[]>(() => {
    const defs: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.key,
      header: column.label,
      cell: ({ row }) =>
        column.render?.(row.original) ?? String((row.original as Record<string, unknown>)[column.key] ?? ''),
    }))
    if (selectable) {
      defs.unshift({
        id: '_select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={labels.selectAll}
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={labels.selectRow(props.rowLabel(row.original))}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      })
    }
    if (props.rowActions) {
      const actionsOf = props.rowActions
      defs.push({
        id: '_actions',
        header: () => <span className="pc-visually-hidden">{labels.actions}</span>,
        cell: ({ row }) => (
          <MenuButton
            label={`${labels.actions}: ${props.rowLabel(row.original)}`}
            items={actionsOf(row.original).map((a) => ({
              key: a.action,
              label: a.label,
              onSelect: () => props.onRowAction?.(row.original, a.action),
            }))}
          >
            ⋯
          </MenuButton>
        ),
      })
    }
    return defs
  }, [columns, selectable, labels, props.rowActions, props.rowLabel, props.onRowAction])

  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: selectable,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  })

  const exact = props.totalExact !== false
  const counted = Math.max(1, Math.ceil(props.total / props.perPage))
  // Past a capped count the pages go on while pages come back full.
  const pages = exact ? counted : Math.max(counted, props.page + (rows.length === props.perPage ? 1 : 0))
  const selectedIds = rows.filter((r) => selection[String(r.id)]).map((r) => r.id)
  const sortable = new Map(columns.map((c) => [c.key, c.sortable === true]))

  return (
    <div className="pc-table" aria-busy={props.loading || undefined}>
      <div className="pc-table__toolbar">
        {props.onSearchChange ? (
          <input
            type="search"
            aria-label={labels.search}
            placeholder={labels.search}
            defaultValue={props.search ?? ''}
            onChange={(e) => props.onSearchChange?.(e.target.value)}
          />
        ) : null}
        {props.filters?.map((filter) => (
          <label key={filter.key}>
            {filter.label}{' '}
            <select
              value={filter.value ?? ''}
              onChange={(e) =>
                props.onFilterChange?.(filter.key, e.target.value === '' ? undefined : e.target.value)
              }
            >
              <option value="">{labels.any}</option>
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        {selectable ? (
          <form
            className="pc-table__bulk"
            onSubmit={(e) => {
              e.preventDefault()
              if (bulk !== '' && selectedIds.length > 0) props.onBulkAction?.(bulk, selectedIds)
            }}
          >
            <select aria-label={labels.bulkAction} value={bulk} onChange={(e) => setBulk(e.target.value)}>
              <option value="">{labels.bulkAction}</option>
              {props.bulkActions?.map((a) => (
                <option key={a.action} value={a.action}>
                  {a.label}
                </option>
              ))}
            </select>
            <button
              type="submit"
              className="pc-button pc-button--secondary pc-button--small"
              disabled={bulk === '' || selectedIds.length === 0}
            >
              {labels.apply} ({selectedIds.length})
            </button>
          </form>
        ) : null}
      </div>
      <table>
        <caption className="pc-visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const key = header.column.id
                const active = sort?.key === key
                const ariaSort = active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined
                return (
                  <th
                    key={header.id}
                    aria-sort={sortable.get(key) ? (ariaSort ?? 'none') : undefined}
                    scope="col"
                  >
                    {sortable.get(key) ? (
                      <button
                        type="button"
                        className="pc-table__sort"
                        onClick={() =>
                          props.onSortChange({
                            key,
                            direction: active && sort?.direction === 'asc' ? 'desc' : 'asc',
                          })
                        }
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">
                          {active ? (sort?.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnDefs.length}>{labels.noRows}</td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={
                      typeof cell.column.columnDef.header === 'string'
                        ? cell.column.columnDef.header
                        : undefined
                    }
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <nav className="pc-table__pager" aria-label={labels.page(props.page, pages, props.total, exact)}>
        <button
          type="button"
          className="pc-button pc-button--secondary pc-button--small"
          disabled={props.page <= 1}
          onClick={() => props.onPageChange(props.page - 1)}
        >
          {labels.previous}
        </button>
        <span>{labels.page(props.page, pages, props.total, exact)}</span>
        <button
          type="button"
          className="pc-button pc-button--secondary pc-button--small"
          disabled={props.page >= pages}
          onClick={() => props.onPageChange(props.page + 1)}
        >
          {labels.next}
        </button>
        <label>
          {labels.perPage}{' '}
          <select value={props.perPage} onChange={(e) => props.onPerPageChange(Number(e.target.value))}>
            {(props.perPageOptions ?? [10, 25, 50, 100]).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  )
}
