import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './modal.stories'

const { Open, Closed } = composeStories(stories)

test('the dialog is labelled by its title and focuses its first control', () => {
  render(<Open />)
  const dialog = screen.getByRole('dialog', { name: 'Purchase order PO-2026-00042' })
  expect(dialog).toHaveAttribute('aria-modal', 'true')
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
})

test('Escape, the close button and the backdrop close it', () => {
  render(<Open />)
  fireEvent.keyDown(document, { key: 'Escape' })
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  fireEvent.mouseDown(screen.getByRole('dialog').parentElement as HTMLElement)
  expect(Open.args.onClose).toHaveBeenCalledTimes(3)
})

test('a closed modal renders nothing', () => {
  render(<Closed />)
  expect(screen.queryByRole('dialog')).toBeNull()
})
