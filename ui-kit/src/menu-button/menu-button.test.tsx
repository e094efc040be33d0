import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { userEvent } from 'storybook/test'
import { expect, test } from 'vitest'
import * as stories from './menu-button.stories'

const { RowActions, Empty } = composeStories(stories)

test('opens on click, runs an item and closes', () => {
  render(<RowActions />)
  const button = screen.getByRole('button', { name: 'Actions: PO-2026-00042' })
  expect(button).toHaveAttribute('aria-expanded', 'false')
  fireEvent.click(button)
  fireEvent.click(screen.getByRole('menuitem', { name: 'Suspend' }))
  expect(RowActions.args.items?.[1]?.onSelect).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole('menu')).toBeNull()
})

test('the keyboard opens it, arrows move between the items, Enter runs one, the focus comes back', async () => {
  const user = userEvent.setup()
  render(<RowActions />)
  const button = screen.getByRole('button', { name: 'Actions: PO-2026-00042' })
  button.focus()
  await user.keyboard('{Enter}')
  const items = screen.getAllByRole('menuitem')
  await waitFor(() => expect(items[0]).toHaveFocus())
  await user.keyboard('{ArrowDown}')
  expect(items[1]).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(RowActions.args.items?.[1]?.onSelect).toHaveBeenCalled()
  expect(screen.queryByRole('menu')).toBeNull()
  await waitFor(() => expect(button).toHaveFocus())
})

test('Escape and a click elsewhere close it', async () => {
  const user = userEvent.setup()
  render(<RowActions />)
  await user.click(screen.getByRole('button'))
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('menu')).toBeNull()
  await user.click(screen.getByRole('button'))
  expect(screen.getByRole('menu')).toBeInTheDocument()
  await user.click(document.body)
  expect(screen.queryByRole('menu')).toBeNull()
})

test('no item, no button', () => {
  const { container } = render(<Empty />)
  expect(container).toBeEmptyDOMElement()
})
