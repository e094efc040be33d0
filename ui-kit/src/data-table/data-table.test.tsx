import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { playStory } from '../testing/play'
import * as stories from './data-table.stories'

const { Users, Empty, MoreRowsThanCounted, PrimaryRowAction } = composeStories(stories)

test('rows and headers render, with the sort state told to assistive technology', () => {
  render(<Users />)
  expect(screen.getAllByRole('row')).toHaveLength(4)
  expect(screen.getByRole('columnheader', { name: /Login/ })).toHaveAttribute('aria-sort', 'ascending')
  expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none')
  expect(screen.getByRole('cell', { name: 'Rita Requester' })).toBeInTheDocument()
})

test('sorting asks the server: same column flips the direction, another starts ascending', () => {
  render(<Users />)
  fireEvent.click(screen.getByRole('button', { name: /Login/ }))
  expect(Users.args.onSortChange).toHaveBeenLastCalledWith({ key: 'login', direction: 'desc' })
  fireEvent.click(screen.getByRole('button', { name: /Name/ }))
  expect(Users.args.onSortChange).toHaveBeenLastCalledWith({ key: 'label', direction: 'asc' })
})

test('paging: previous, next and rows per page', () => {
  render(<Users />)
  expect(screen.getByText('Page 2 of 14 (42 rows)')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(Users.args.onPageChange).toHaveBeenLastCalledWith(3)
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
  expect(Users.args.onPageChange).toHaveBeenLastCalledWith(1)
  fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } })
  expect(Users.args.onPerPageChange).toHaveBeenLastCalledWith(50)
})

test('search and filters report their values', () => {
  render(<Users />)
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'rita' } })
  expect(Users.args.onSearchChange).toHaveBeenLastCalledWith('rita')
  fireEvent.change(screen.getByRole('combobox', { name: 'Active' }), { target: { value: '0' } })
  expect(Users.args.onFilterChange).toHaveBeenLastCalledWith('active', '0')
  fireEvent.change(screen.getByRole('combobox', { name: 'Active' }), { target: { value: '' } })
  expect(Users.args.onFilterChange).toHaveBeenLastCalledWith('active', undefined)
})

test('each row offers only its own actions', () => {
  render(<Users />)
  fireEvent.click(screen.getByRole('button', { name: 'Actions: Alice Admin' }))
  expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Profile'])
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' })
  fireEvent.click(screen.getByRole('button', { name: 'Actions: Bruno Buyer' }))
  fireEvent.click(screen.getByRole('menuitem', { name: 'Act as this user' }))
  expect(Users.args.onRowAction).toHaveBeenLastCalledWith(
    expect.objectContaining({ login: 'buyer' }),
    'impersonate',
  )
})

test('a re-render with new callbacks (a background refresh) keeps the cells and an open row menu in place', () => {
  const props = () => ({
    ...Users.args,
    // New functions and columns on every render, as a screen writes them inline.
    columns: (Users.args.columns ?? []).map((c) => ({ ...c })),
    rowLabel: (row: { label: string }) => row.label,
    rowActions: () => [{ action: 'profile', label: 'Profile' }],
  })
  const { rerender } = render(<Users {...props()} />)
  const cell = screen.getByRole('cell', { name: 'Rita Requester' })
  fireEvent.click(screen.getByRole('button', { name: 'Actions: Rita Requester' }))
  const item = screen.getByRole('menuitem', { name: 'Profile' })
  rerender(<Users {...props()} />)
  // While the menu is open the rest of the page is hidden from assistive technology.
  expect(screen.getByRole('cell', { name: 'Rita Requester', hidden: true })).toBe(cell)
  expect(item.isConnected).toBe(true)
  expect(screen.getByRole('menuitem', { name: 'Profile' })).toBe(item)
})

test('bulk actions apply to the selected rows only, and need a selection', () => {
  render(<Users />)
  const apply = screen.getByRole('button', { name: /Apply/ })
  expect(apply).toBeDisabled()
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bruno Buyer' }))
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rita Requester' }))
  fireEvent.change(screen.getByRole('combobox', { name: 'Bulk action' }), { target: { value: 'deactivate' } })
  expect(apply).toHaveTextContent('Apply (2)')
  fireEvent.click(apply)
  expect(Users.args.onBulkAction).toHaveBeenLastCalledWith('deactivate', [2, 3])
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }))
  expect(within(screen.getByRole('table')).getAllByRole('checkbox', { checked: true })).toHaveLength(4)
})

test('an empty page says so', () => {
  render(<Empty />)
  expect(screen.getByText('Nothing to show.')).toBeInTheDocument()
  expect(screen.getByText('Page 1 of 1 (0 rows)')).toBeInTheDocument()
})

test('past a capped count the table says "more than" and Next stays available while pages are full', () => {
  render(<MoreRowsThanCounted />)
  expect(screen.getAllByText('Page 1 (more than 3 rows)')[0]).toBeInTheDocument()
  const next = screen.getByRole('button', { name: 'Next' })
  expect(next).toBeEnabled()
  fireEvent.click(next)
  expect(MoreRowsThanCounted.args.onPageChange).toHaveBeenCalledWith(2)
})

test('the primary row action story’s play: a button in the row, not in the menu', async () => {
  const { container } = render(<PrimaryRowAction />)
  await playStory(PrimaryRowAction, container)
})
