import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { playStory } from '../testing/play'
import * as stories from './column-chooser.stories'

const { ThreeShown, LastColumnStays } = composeStories(stories)

test('the story’s play: a column added, another moved up, in the order shown', async () => {
  const { container } = render(<ThreeShown />)
  await playStory(ThreeShown, container)
})

test('the last column shown cannot be hidden, and cannot move', () => {
  render(<LastColumnStays />)
  fireEvent.click(screen.getByRole('button', { name: 'Columns' }))
  const dialog = screen.getByRole('dialog')
  expect(within(dialog).getByRole('checkbox', { name: 'Number' })).toBeDisabled()
  expect(within(dialog).getByRole('button', { name: 'Move Number up' })).toBeDisabled()
  expect(within(dialog).getByRole('button', { name: 'Move Number down' })).toBeDisabled()
})

test('Escape closes the dialog and gives the focus back to the button', () => {
  render(<LastColumnStays />)
  const button = screen.getByRole('button', { name: 'Columns' })
  fireEvent.click(button)
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
  expect(screen.queryByRole('dialog')).toBeNull()
})
