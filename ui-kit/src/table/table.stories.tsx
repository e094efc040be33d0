import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Table } from './table'

type Line = { id: number; label: string; quantity: string; amount: string }

const LINES: Line[] = [
  { id: 1, label: 'Laptop 14"', quantity: '2 units', amount: '€2,400.00' },
  { id: 2, label: 'Docking station', quantity: '2 units', amount: '€360.00' },
]
const COLUMNS = [
  { key: 'label', header: 'Label', cell: (l: Line) => l.label, rowHeader: true },
  { key: 'quantity', header: 'Quantity', cell: (l: Line) => l.quantity, className: 'pc-nowrap' },
  { key: 'amount', header: 'Amount excl. tax', cell: (l: Line) => l.amount },
]

const meta = {
  title: 'Data/Table',
  component: Table<Line>,
  args: { caption: 'Lines', columns: COLUMNS, rows: LINES, rowKey: (l: Line) => l.id, empty: 'No line yet.' },
} satisfies Meta<typeof Table<Line>>
export default meta
type Story = StoryObj<typeof meta>

/** A document's lines: each line named by its label, a header per column. */
export const Lines: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Lines' })
    await expect(within(table).getAllByRole('row')).toHaveLength(3)
    await expect(within(table).getByRole('rowheader', { name: 'Docking station' })).toBeInTheDocument()
  },
}

/** Nothing yet: one row says so across the table. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('cell', { name: 'No line yet.' })).toHaveAttribute(
      'colspan',
      '3',
    )
  },
}

/** Totals under the lines; a column left out for this reader. */
export const WithFooter: Story = {
  args: {
    columns: [...COLUMNS, false],
    footer: (
      <tr>
        <th scope="row" colSpan={2}>
          Total
        </th>
        <td>€2,760.00</td>
      </tr>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('columnheader')).toHaveLength(3)
    await expect(within(canvasElement).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument()
  },
}
