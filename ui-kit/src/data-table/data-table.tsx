import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { MenuButton } from '../menu-button/menu-button'
import type { ColumnKind, DataTableProps } from './data-table-types'
import { FilterCombobox } from './filter-combobox'

const NOWRAP: ReadonlySet<ColumnKind> = new Set(['code', 'date', 'datetime', 'amount', 'number'])
const columnClass = (kind: ColumnKind | undefined) =>
  kind === undefined
    ? undefined
    : [
        `pc-col--${kind}`,
        NOWRAP.has(kind) ? 'pc-col--nowrap' : '',
        kind === 'amount' || kind === 'number' ? 'pc-col--end' : '',
      ]
        .filter(Boolean)
        .join(' ')

/** Up and down arrows move between the rows' first control (a link, a checkbox), Home and End to the ends. */
const moveBetweenRows = (event: KeyboardEvent<HTMLTableSectionElement>) => {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return
  const target = event.target as HTMLElement
  if (target.closest('input, select, textarea, [role="menu"]') && target.tagName !== 'A') {
    if (!(target instanceof HTMLInputElement && target.type === 'checkbox')) return
  }
  const rows = [...event.currentTarget.querySelectorAll<HTMLTableRowElement>('tr')]
  const current = rows.findIndex((r) => r.contains(target))
  if (current < 0) return
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? rows.length - 1
        : current + (event.key === 'ArrowDown' ? 1 : -1)
  const focusable = rows[next]?.querySelector<HTMLElement>('a[href], input, button')
  if (focusable) {
    event.preventDefault()
    focusable.focus()
  }
}

/**
 * The list of every screen: server-side paging, sorting, search and filters (the server answers
 * one page), row selection with bulk actions, and each row's contextual menu.
 */
export const DataTable = <Row extends { id: number | string }>(props: DataTableProps<Row>) => {
  const { labels, rows, columns, sort } = props
  const [selection, setSelection] = useState<RowSelectionState>({})
  const [bulk, setBulk] = useState('')
  const [searchText, setSearchText] = useState(props.search ?? '')
  // On a phone the filters fold away behind one button, so the rows come first.
  const [filtersOpen, setFiltersOpen] = useState(() => !globalThis.matchMedia?.('(max-width: 640px)').matches)
  useEffect(() => setSearchText(props.search ?? ''), [props.search])
  const selectable = (props.bulkActions?.length ?? 0) > 0

  // The renderers read the latest props through a ref, so the column definitions stay the same
  // objects from one render to the next.
  const latest = useRef(props)
  latest.current = props
  const hasRowActions = props.rowActions !== undefined
  const shape = columns.map((c) => `${c.key}\u0001${c.label}`).join('\u0002')
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the columns' keys or labels change (shape)
  const columnDefs = useMemo<ColumnDef<Row>[]>(() => {
    const defs: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.key,
      header: column.label,
      cell: ({ row }) => {
        const render = latest.current.columns.find((c) => c.key === column.key)?.render
        return render?.(row.original) ?? String((row.original as Record<string, unknown>)[column.key] ?? '')
      },
    }))
    if (selectable) {
      defs.unshift({
        id: '_select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={latest.current.labels.selectAll}
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={latest.current.labels.selectRow(latest.current.rowLabel(row.original))}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      })
    }
    if (hasRowActions) {
      defs.push({
        id: '_actions',
        header: () => <span className="pc-visually-hidden">{latest.current.labels.actions}</span>,
        cell: ({ row }) => {
          const { labels, rowLabel, onRowAction } = latest.current
          const actions = latest.current.rowActions?.(row.original) ?? []
          const others = actions.filter((a) => a.primary !== true)
          return (
            <span className="pc-table__row-actions">
              {actions
                .filter((a) => a.primary === true)
                .map((a) => (
                  <button
                    key={a.action}
                    type="button"
                    className="pc-button pc-button--secondary pc-button--small"
                    onClick={() => onRowAction?.(row.original, a.action)}
                  >
                    {a.label}
                  </button>
                ))}
              {others.length > 0 ? (
                <MenuButton
                  label={`${labels.actions}: ${rowLabel(row.original)}`}
                  items={others.map((a) => ({
                    key: a.action,
                    label: a.label,
                    onSelect: () => onRowAction?.(row.original, a.action),
                  }))}
                >
                  ⋯
                </MenuButton>
              ) : null}
            </span>
          )
        },
      })
    }
    return defs
    // Rebuilt only when the columns themselves change: a cell renderer that changed identity on
    // every render would be a new component each time, remounting every cell (an open row menu
    // torn from the page by a background refresh, focus lost).
  }, [shape, selectable, hasRowActions])

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
  const chosen = (props.filters ?? []).filter((f) => f.value !== undefined && f.value !== '')
  const classOf = (id: string) => columnClass(columns.find((c) => c.key === id)?.kind)

  return (
    <div className="pc-table" aria-busy={props.loading || props.initialLoading || undefined}>
      <div className="pc-table__toolbar">
        {props.onSearchChange ? (
          <input
            type="search"
            aria-label={labels.search}
            placeholder={labels.search}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value)
              props.onSearchChange?.(e.target.value)
            }}
          />
        ) : null}
        {(props.filters?.length ?? 0) > 0 ? (
          <button
            type="button"
            className="pc-button pc-button--secondary pc-button--small pc-table__filters-toggle"
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            {labels.filters(chosen.length)}
          </button>
        ) : null}
        {filtersOpen
          ? props.filters?.map((filter) =>
              filter.control === null ? null : filter.control !== undefined ? (
                <div key={filter.key} className="pc-table__filter">
                  {filter.control}
                </div>
              ) : filter.onSearch ? (
                <FilterCombobox
                  key={filter.key}
                  label={filter.label}
                  options={filter.options}
                  onSearch={filter.onSearch}
                  onSelect={(value) => props.onFilterChange?.(filter.key, value)}
                  emptyLabel={labels.noMatch}
                />
              ) : (
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
              ),
            )
          : null}
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
        {props.toolbarEnd ? <div className="pc-table__tools">{props.toolbarEnd}</div> : null}
      </div>
      {chosen.length > 0 ? (
        <ul className="pc-chips" aria-label={labels.clearFilters}>
          {chosen.map((filter) => {
            const text =
              filter.options.find((o) => o.value === filter.value)?.label ??
              filter.valueLabel ??
              filter.value ??
              ''
            return (
              <li key={filter.key} className="pc-chip">
                <span>
                  {filter.label}: <strong>{text}</strong>
                </span>
                <button
                  type="button"
                  className="pc-chip__remove"
                  aria-label={labels.removeFilter(filter.label, text)}
                  onClick={() => props.onFilterChange?.(filter.key, undefined)}
                >
                  ×
                </button>
              </li>
            )
          })}
          {chosen.length > 1 ? (
            <li>
              <button
                type="button"
                className="pc-button pc-button--ghost pc-button--small"
                onClick={() => {
                  for (const filter of chosen) props.onFilterChange?.(filter.key, undefined)
                }}
              >
                {labels.clearFilters}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {props.initialLoading ? (
        // Placeholder lines while the first page loads; the table says it is busy.
        <div className="pc-table__skeleton" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((n) => (
            <span key={n} className="pc-skeleton" />
          ))}
        </div>
      ) : null}
      {/* A table wider than the page scrolls on its own; the page does not. */}
      <div className="pc-table__scroll">
        <table>
          <caption className="pc-visually-hidden">{props.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const key = header.column.id
                  const active = sort?.key === key
                  const ariaSort = active
                    ? sort?.direction === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                  return (
                    <th
                      key={header.id}
                      className={classOf(key)}
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
          <tbody onKeyDown={moveBetweenRows}>
            {props.initialLoading ? null : rows.length === 0 ? (
              <tr>
                <td colSpan={columnDefs.length} className="pc-table__empty">
                  {props.empty ?? labels.noRows}
                  {chosen.length > 0 || (props.search ?? '') !== '' ? (
                    <>
                      {' '}
                      <button
                        type="button"
                        className="pc-button pc-button--secondary pc-button--small"
                        onClick={() => {
                          for (const filter of chosen) props.onFilterChange?.(filter.key, undefined)
                          if ((props.search ?? '') !== '') props.onSearchChange?.('')
                        }}
                      >
                        {labels.clearFilters}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={classOf(cell.column.id)}
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
          {props.totals && props.totals.length > 0 && rows.length > 0 ? (
            <tfoot>
              {props.totals.map((line) => {
                // The label spans the columns before the first one the line has a sum for.
                const span = Math.max(
                  1,
                  columnDefs.findIndex((c) => line.cells[String(c.id)] !== undefined),
                )
                return (
                  <tr key={line.label}>
                    <td colSpan={span}>
                      <strong>{line.label}</strong>
                    </td>
                    {columnDefs.slice(span).map((c) => (
                      <td
                        key={c.id}
                        className={classOf(String(c.id))}
                        data-label={typeof c.header === 'string' ? c.header : undefined}
                      >
                        {line.cells[String(c.id)] ?? null}
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tfoot>
          ) : null}
        </table>
      </div>
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

export type {
  ColumnKind,
  DataColumn,
  DataTableLabels,
  DataTableProps,
  FilterDefinition,
  FilterOption,
  RowAction,
  SortState,
  TotalsRow,
} from './data-table-types'
