import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import * as stories from './toasts.stories'

const { Toasts } = composeStories(stories)

test('toasts are announced and dismissed', () => {
  render(<Toasts />)
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  fireEvent.click(screen.getByRole('button', { name: 'Take out' }))
  const region = screen.getByRole('status')
  expect(region).toHaveTextContent('Preferences saved.')
  expect(region).toHaveTextContent('Stock exceeded by 3 unit(s)')
  fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0] as HTMLElement)
  expect(region).not.toHaveTextContent('Preferences saved.')
})
