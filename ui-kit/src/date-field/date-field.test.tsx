import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { playStory } from '../testing/play'
import { DateField } from './date-field'
import * as stories from './date-field.stories'

const { FrenchPick, EnglishEmpty } = composeStories(stories)

test('the story’s play: a French reader picks a day in a calendar whose weeks start on Monday', async () => {
  const { container } = render(<FrenchPick />)
  await playStory(FrenchPick, container)
})

test('the segments follow the reader’s order: day, month, year in French', () => {
  render(<FrenchPick />)
  const segments = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label') ?? s.textContent)
  expect(segments.map((s) => s?.toLowerCase())).toEqual([
    expect.stringMatching(/jour/),
    expect.stringMatching(/mois/),
    expect.stringMatching(/année/),
  ])
})

test('an empty date shows placeholders, and in a form the ISO date travels under its name', () => {
  render(<EnglishEmpty />)
  expect(screen.getByTestId('sent')).toHaveTextContent('')
  const { container } = render(
    <form>
      <DateField
        label="Shipping date"
        locale="en-GB"
        name="shipping_date"
        defaultValue="2026-12-01"
        calendarLabel="Calendar"
        previousLabel="Previous"
        nextLabel="Next"
      />
    </form>,
  )
  const data = new FormData(container.querySelector('form') as HTMLFormElement)
  expect(data.get('shipping_date')).toBe('2026-12-01')
})
