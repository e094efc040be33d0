import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { userEvent } from 'storybook/test'
import { expect, test, vi } from 'vitest'
import { Modal } from './modal'
import * as stories from './modal.stories'

const { Open, Closed } = composeStories(stories)

test('the dialog is labelled by its title and hides the page behind it', () => {
  render(
    <>
      <p>Behind</p>
      <Open />
    </>,
  )
  expect(screen.getByRole('dialog', { name: 'Purchase order PO-2026-00042' })).toBeInTheDocument()
  expect(screen.getByText('Behind').closest('[aria-hidden="true"]')).not.toBeNull()
})

test('Escape, the close button and the backdrop close it', async () => {
  const user = userEvent.setup()
  render(<Open />)
  // Escape reaches the dialog once the focus is in it (moved there as it opens).
  await waitFor(() =>
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
  )
  await user.keyboard('{Escape}')
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  expect(Open.args.onClose).toHaveBeenCalledTimes(2)
})

const Opener = ({ onClose }: { onClose: () => void }) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the order
      </button>
      <Modal
        title="Order"
        open={open}
        closeLabel="Close"
        onClose={() => {
          setOpen(false)
          onClose()
        }}
      >
        <label>
          Reason <input />
        </label>
        <button type="button">Save</button>
      </Modal>
    </>
  )
}

test('the focus goes to the first field, stays inside while open, and returns to the opener', async () => {
  const user = userEvent.setup()
  const onClose = vi.fn()
  render(<Opener onClose={onClose} />)
  const opener = screen.getByRole('button', { name: 'Open the order' })
  await user.click(opener)
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus())
  for (let i = 0; i < 5; i += 1) {
    await user.tab()
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true)
  }
  await user.keyboard('{Escape}')
  expect(onClose).toHaveBeenCalled()
  expect(screen.queryByRole('dialog')).toBeNull()
  await waitFor(() => expect(opener).toHaveFocus())
})

test('a closed modal renders nothing', () => {
  render(<Closed />)
  expect(screen.queryByRole('dialog')).toBeNull()
})
