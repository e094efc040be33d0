import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DataTable } from './data-table'
import type { DataTableLabels } from './data-table-types'

type UserRow = { id: number; login: string; label: string; active: boolean }

export const englishLabels: DataTableLabels = {
  search: 'Search',
  actions: 'Actions',
  selectAll: 'Select all rows',
  selectRow: (row) => `Select ${row}`,
  page: (page, pages, total, exact) =>
    exact ? `Page ${page} of ${pages} (${total} rows)` : `Page ${page} (more than ${total} rows)`,
  perPage: 'Rows per page',
  previous: 'Previous',
  next: 'Next',
  noRows: 'Nothing to show.',
  bulkAction: 'Bulk action',
  apply: 'Apply',
  any: 'Any',
  removeFilter: (filter, value) => `Remove the filter ${filter}: ${value}`,
  clearFilters: 'Clear the filters',
  noMatch: 'Nothing matches.',
  loading: 'Loading…',
  filters: (chosen) => (chosen > 0 ? `Filters (${chosen})` : 'Filters'),
}

const rows: UserRow[] = [
  { id: 1, login: 'admin', label: 'Alice Admin', active: true },
  { id: 2, login: 'buyer', label: 'Bruno Buyer', active: true },
  { id: 3, login: 'requester', label: 'Rita Requester', active: false },
]

const meta = {
  title: 'Data/DataTable',
  // The labels are shared with other stories: not a story of their own.
  excludeStories: ['englishLabels'],
  component: DataTable<UserRow>,
  parameters: { layout: 'padded' },
  args: {
    caption: 'Users',
    columns: [
      { key: 'login', label: 'Login', sortable: true },
      { key: 'label', label: 'Name', sortable: true },
      { key: 'active', label: 'Active', render: (row: UserRow) => (row.active ? 'Yes' : 'No') },
    ],
    rows,
    rowLabel: (row: UserRow) => row.label,
    total: 42,
    page: 2,
    perPage: 3,
    sort: { key: 'login', direction: 'asc' },
    onSortChange: fn(),
    onPageChange: fn(),
    onPerPageChange: fn(),
    onSearchChange: fn(),
    filters: [
      {
        key: 'active',
        label: 'Active',
        options: [
          { value: '1', label: 'Yes' },
          { value: '0', label: 'No' },
        ],
      },
    ],
    onFilterChange: fn(),
    rowActions: (row: UserRow) =>
      row.id === 1
        ? [{ action: 'profile', label: 'Profile' }]
        : [
            { action: 'profile', label: 'Profile' },
            { action: 'impersonate', label: 'Act as this user' },
          ],
    onRowAction: fn(),
    bulkActions: [
      { action: 'activate', label: 'Activate' },
      { action: 'deactivate', label: 'Deactivate' },
    ],
    onBulkAction: fn(),
    labels: englishLabels,
  },
} satisfies Meta<typeof DataTable<UserRow>>

export default meta
type Story = StoryObj<typeof meta>

export const Users: Story = {}
export const Empty: Story = { args: { rows: [], total: 0, page: 1 } }
export const Loading: Story = { args: { loading: true } }

/** The server counted up to its cap (3 here) and more rows exist: Next stays available. */
export const MoreRowsThanCounted: Story = { args: { total: 3, totalExact: false, page: 1 } }

/** A row's main action is a button in the row; the others stay in its menu. */
export const PrimaryRowAction: Story = {
  args: {
    rowActions: () => [
      { action: 'open', label: 'Open', primary: true },
      { action: 'impersonate', label: 'Act as this user' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const [first] = canvas.getAllByRole('button', { name: 'Open' })
    await userEvent.click(first as HTMLElement)
    await expect(args.onRowAction).toHaveBeenCalledWith(args.rows[0], 'open')
    await expect(canvas.queryByRole('menuitem', { name: 'Open' })).toBeNull()
  },
}
