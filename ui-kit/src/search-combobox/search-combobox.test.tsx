import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { userEvent } from 'storybook/test'
import { expect, test } from 'vitest'
import * as stories from './search-combobox.stories'

const { Articles } = composeStories(stories)

test('typing shows what matches; choosing one hands it over', async () => {
  render(<Articles />)
  const user = userEvent.setup()
  await user.type(screen.getByRole('combobox', { name: 'Catalogue article' }), 'chair')
  const options = await screen.findAllByRole('option')
  expect(options.map((o) => o.textContent)).toEqual([
    'Steelcase Office chairART-000005 · 249.90 €',
    'Kinnarps Meeting chairART-000015 · 119.00 €',
  ])
  await user.click(options[1] as HTMLElement)
  expect(Articles.args.onSelect).toHaveBeenCalledWith(
    expect.objectContaining({ id: 2, label: 'Kinnarps Meeting chair' }),
  )
})

test('nothing found says so', async () => {
  render(<Articles />)
  await userEvent.setup().type(screen.getByRole('combobox', { name: 'Catalogue article' }), 'zz')
  expect(await screen.findByText('No article matches.')).toBeInTheDocument()
})
