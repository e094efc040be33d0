import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { toneOf } from './status-badge'
import * as stories from './status-badge.stories'

const { Draft, Awaiting, Validated, Suspended, Refused, French } = composeStories(stories)

test.each([
  [Draft, 'Draft', 'neutral'],
  [Awaiting, 'Awaiting validation', 'info'],
  [Validated, 'Validated', 'success'],
  [Suspended, 'Suspended', 'warning'],
  [Refused, 'Refused', 'danger'],
  [French, 'Envoyée', 'success'],
])('%# shows its label in its tone', (Story, label, tone) => {
  render(<Story />)
  expect(screen.getByText(label)).toHaveClass(`pc-badge--${tone}`)
})

test('an unknown status is neutral, never an error', () => {
  expect(toneOf('something_new')).toBe('neutral')
})
