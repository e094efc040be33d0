import { NUMBER_STYLES } from '@procura/core/format'
import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { playStory } from '../testing/play'
import { NumberField } from './number-field'
import * as stories from './number-field.stories'

const { FrenchAmount, SpanishAmount, NotANumber } = composeStories(stories)

test('the story’s play: "1 234,50" typed by a French reader is sent as 1234.50', async () => {
  const { container } = render(<FrenchAmount />)
  await playStory(FrenchAmount, container)
})

test('a Spanish reader sees the value in their way, the currency beside it', () => {
  render(<SpanishAmount />)
  expect(screen.getByRole('textbox', { name: 'Precio unitario' })).toHaveValue('1.234,5')
})

test('what is not a number is passed on as typed, and the field says it is wrong', () => {
  render(<NotANumber />)
  const input = screen.getByRole('textbox', { name: 'Quantity' })
  fireEvent.change(input, { target: { value: '12,3,4' } })
  expect(screen.getByTestId('sent')).toHaveTextContent('12,3,4')
  expect(input).toHaveAttribute('aria-invalid', 'true')
  expect(input).toHaveAccessibleDescription('A decimal number is expected.')
})

test('in a form, the hidden input carries the exact decimal string', () => {
  const { container } = render(
    <form>
      <NumberField label="Acompte" name="deposit" defaultValue="1500" numberStyle={NUMBER_STYLES.fr} />
    </form>,
  )
  expect(screen.getByRole('textbox', { name: 'Acompte' })).toHaveValue('1\u202f500')
  fireEvent.change(screen.getByRole('textbox', { name: 'Acompte' }), { target: { value: '2 000,25' } })
  const data = new FormData(container.querySelector('form') as HTMLFormElement)
  expect(data.get('deposit')).toBe('2000.25')
})
