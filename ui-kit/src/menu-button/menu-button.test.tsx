import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
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

test('Escape and a click elsewhere close it', () => {
  render(<RowActions />)
  fireEvent.click(screen.getByRole('button'))
  fireEvent.keyDown(document, { key: 'Escape' })
  expect(screen.queryByRole('menu')).toBeNull()
  fireEvent.click(screen.getByRole('button'))
  fireEvent.mouseDown(document.body)
  expect(screen.queryByRole('menu')).toBeNull()
})

test('no item, no button', () => {
  const { container } = render(<Empty />)
  expect(container).toBeEmptyDOMElement()
})
