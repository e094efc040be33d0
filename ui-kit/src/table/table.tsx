import type { ReactNode } from 'react'

/** One column of a table: its header and what each row shows in it. */
export type TableColumn<Row> = {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** The cell names its row (a line's label): a row header for screen readers. */
  rowHeader?: boolean
  /** The cell's class (`pc-nowrap` for a quantity with its unit). */
  className?: string
  /** An amount or a number: aligned to the end, in figures of one width. */
  numeric?: boolean
  /** Data attributes of a row's cell (a comparison marks its best offer: `data-best`). */
  data?: (row: Row) => Readonly<Record<`data-${string}`, string | undefined>>
  /** The column's name over each cell on a phone (where the header row is hidden): the header's text by default. */
  label?: string
}

export type TableProps<Row> = {
  /** What the table holds, read first by screen readers (its title on the page). */
  caption?: ReactNode
  /** Without a caption: the table's name (a heading beside it names it otherwise). */
  label?: string
  /** The columns; `false` or `null` leaves a column out (shown to some readers only). */
  columns: readonly (TableColumn<Row> | false | null | undefined)[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** What an empty table says, in one row across every column. */
  empty?: ReactNode
  /** The table's last rows (totals), under the body. */
  footer?: ReactNode
  /** A row's class (a line under its minimum, a best offer). */
  rowClassName?: (row: Row) => string | undefined
  /** More classes of the table (a comparison's). */
  className?: string
}

const classOf = <Row,>(column: TableColumn<Row>) =>
  [column.numeric === true ? 'pc-num' : undefined, column.className].filter(Boolean).join(' ') || undefined

const labelOf = <Row,>(column: TableColumn<Row>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined)

/**
 * A document's or a panel's table: a caption, one header row, a row per item, an optional empty
 * row and footer; on a phone each row is a card whose cells carry their column's name. The lists'
 * table, with paging, sort and selection, is DataTable.
 */
export const Table = <Row,>(props: TableProps<Row>) => {
  const columns = props.columns.filter(
    (c): c is TableColumn<Row> => c !== false && c !== null && c !== undefined,
  )
  return (
    <table
      className={props.className === undefined ? 'pc-table' : `pc-table ${props.className}`}
      {...(props.label === undefined ? {} : { 'aria-label': props.label })}
    >
      {props.caption === undefined ? null : <caption>{props.caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.numeric === true ? 'pc-num' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.length === 0 && props.empty !== undefined ? (
          <tr>
            <td colSpan={columns.length}>{props.empty}</td>
          </tr>
        ) : null}
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)} className={props.rowClassName?.(row)}>
            {columns.map((column) =>
              column.rowHeader === true ? (
                <th key={column.key} scope="row" className={classOf(column)} {...column.data?.(row)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.key} className={classOf(column)} {...column.data?.(row)}>
                  {labelOf(column) === undefined ? (
                    column.cell(row)
                  ) : (
                    <>
                      {/* The column's name over the cell on a phone, out of the cell's name and text. */}
                      <span className="pc-table__label" aria-hidden="true">
                        {labelOf(column)}
                      </span>
                      <span className="pc-table__value">{column.cell(row)}</span>
                    </>
                  )}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {props.footer === undefined ? null : <tfoot>{props.footer}</tfoot>}
    </table>
  )
}
