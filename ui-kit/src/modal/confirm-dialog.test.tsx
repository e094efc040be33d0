import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './confirm-dialog.stories'

const { Destructive, Neutral } = composeStories(stories)

test('nothing happens unless confirmed', () => {
  render(<Destructive />)
  expect(screen.getByRole('dialog', { name: 'Deactivate 2 users?' })).toHaveTextContent(
    'They will not be able to sign in any more.',
  )
  fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement)
  expect(Destructive.args.onCancel).toHaveBeenCalledTimes(1)
  expect(Destructive.args.onConfirm).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }))
  expect(Destructive.args.onConfirm).toHaveBeenCalledTimes(1)
})

test('a destructive confirmation is red; a neutral one is not', () => {
  render(<Destructive />)
  expect(screen.getByRole('button', { name: 'Deactivate' })).toHaveClass('pc-button--danger')
  render(<Neutral />)
  expect(screen.getByRole('button', { name: 'Send' })).toHaveClass('pc-button--primary')
})
