import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './reason-dialog.stories'

const { Empty, Refused } = composeStories(stories)

test('the reason typed is what is confirmed; cancelling confirms nothing', () => {
  render(<Empty />)
  const dialog = screen.getByRole('dialog', { name: 'Refuse PO-2026-00012?' })
  expect(dialog).toHaveTextContent('The buyer is told at once, with your reason.')
  fireEvent.change(screen.getByRole('textbox', { name: /Why do you refuse\?/ }), {
    target: { value: 'Ask for a second quote.' },
  })
  fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement)
  expect(Empty.args.onCancel).toHaveBeenCalledTimes(1)
  expect(Empty.args.onConfirm).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('button', { name: 'Refuse' }))
  expect(Empty.args.onConfirm).toHaveBeenCalledWith('Ask for a second quote.')
})

test('the rule’s message shows under the box', () => {
  render(<Refused />)
  expect(
    screen.getByText('Say why you refuse (at least 3 characters): the author reads it.'),
  ).toBeInTheDocument()
})
